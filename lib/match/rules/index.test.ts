import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceModules } from "../../testing/source-modules";
import { RANK_RULES, RULES } from ".";
import { rulesSection } from "./rules-doc";
import { readSection } from "../../doc-section";
import type { RuleDoc } from "./rule";

const STAGES = ["candidates", "evidence", "confidence", "order"];
/** Modules of lib/match/rules that hold no rule: the shared types, the list, its doc and the tests' inputs. */
const NOT_RULES = ["rule.ts", "judging.ts", "index.ts", "rules-doc.ts", "test-judging.ts", "candidates/index.ts"];

const isRule = (v: unknown): v is RuleDoc =>
  typeof v === "object" && v !== null && typeof (v as RuleDoc).id === "string" && typeof (v as RuleDoc).doc === "string" && "stage" in v;

/** The modules under lib/match/rules, tests aside, relative to it. */
const modules = () => sourceModules(__dirname);

describe("the rule list", () => {
  it("gives every rule a unique kebab-case id, a valid stage and a paragraph of doc", () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size, "duplicate rule ids").toBe(ids.length);
    for (const r of RULES) {
      expect(r.id, "ids are kebab-case").toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(STAGES, `${r.id}: stage`).toContain(r.stage);
      expect(r.doc.length, `${r.id}: doc`).toBeGreaterThan(40);
    }
  });

  it("gives every ranking rule a hook to act through", () => {
    for (const r of RANK_RULES) expect([r.observe, r.confidence, r.weigh, r.settle].some(Boolean), `${r.id}: no hook`).toBe(true);
  });

  it("keeps the pipeline order: candidates, evidence, confidence, order", () => {
    const order = RULES.map((r) => STAGES.indexOf(r.stage));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it("registers every rule module on disk, and each module of the folder holds one, named for its file", async () => {
    const registered = new Set<unknown>(RULES);
    for (const file of modules()) {
      const rules = Object.values(await import(/* @vite-ignore */ path.join(__dirname, file))).filter(isRule);
      for (const r of rules)
        expect(registered.has(r), `lib/match/rules/${file}: ${r.id} is not in RULES (lib/match/rules/index.ts)`).toBe(true);
      if (NOT_RULES.includes(file) || file.startsWith("candidates/")) continue;
      expect(
        rules.map((r) => `${r.id}.ts`),
        `lib/match/rules/${file}: expected one rule, with the file's name as id`,
      ).toEqual([file]);
      expect(
        fs.existsSync(path.join(__dirname, file.replace(/\.ts$/, ".test.ts"))),
        `lib/match/rules/${file}: no table test beside it`,
      ).toBe(true);
    }
  });
});

describe("docs/matching.md's rules section", () => {
  it("is the one generated from the rules' docs", () => {
    const doc = fs.readFileSync(path.join(__dirname, "..", "..", "..", "docs", "matching.md"), "utf8");
    expect(readSection(doc, "rules"), "docs/matching.md is out of date: run npx tsx scripts/gen-matching-docs.ts").toBe(rulesSection());
  });

  it("lists each stage's rules in pipeline order", () => {
    const rules: RuleDoc[] = [
      { id: "b", stage: "order", doc: "B." },
      { id: "a", stage: "evidence", doc: "A." },
    ];
    expect(rulesSection(rules)).toBe(
      "**candidates**\n\n(none yet)\n\n**evidence**\n\n- **`a`**: A.\n\n**confidence**\n\n(none yet)\n\n**order**\n\n- **`b`**: B.",
    );
  });
});
