import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceModules } from "../../testing/source-modules";
import { T, TUNING } from "./tuning";
import { tuningTables } from "./tuning-doc";
import { readSection } from "../../doc-section";

/** Every rule module on disk (lib/match/rules/**, tests aside), relative to lib/match. */
export function ruleModules(): string[] {
  return sourceModules(path.join(__dirname, "..", "rules")).map((f) => `rules/${f}`);
}

/**
 * The modules that decide candidates, evidence, confidence and order: the rule modules, and the pipeline modules that
 * walk them. Their numbers live in the tuning table. (matcher-data.ts and wrapped.ts take their thresholds from it too;
 * their other numbers lay out data and scans.)
 */
const RULE_MODULES = [
  ...ruleModules(),
  "rank/rank.ts",
  "rank/wording.ts",
  "rank/tokens.ts",
  "rank/alignment.ts",
  "rank/walk-back.ts",
  "find/wording-index.ts",
  "rank/evidence.ts",
  "find/drift-queries.ts",
  "rank/siblings.ts",
  "matcher.ts",
  "find/drift-candidates.ts",
  "lookup.ts",
];

/** Numeric literals of a TypeScript source other than 0 and 1, with their line, unless the line says `// not tuning: why`. */
export function tuningNumbers(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const lines = source.split("\n");
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNumericLiteral(node) && Number(node.text) !== 0 && Number(node.text) !== 1) {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      if (!/\/\/ not tuning: \S/.test(lines[line]!)) out.push(`${file}:${line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe("the tuning table", () => {
  it("finds the rule modules on disk", () => {
    expect(ruleModules()).toContain("rules/literal-length.ts");
    expect(ruleModules()).toContain("rules/candidates/index.ts");
  });

  it("holds every threshold and weight of the matching rules: no other number in their modules", () => {
    const found = RULE_MODULES.flatMap((f) => tuningNumbers(f, fs.readFileSync(path.join(__dirname, "..", f), "utf8")));
    expect(found).toEqual([]);
  });

  it("finds a number a rule module hides, and lets a line that says why keep one", () => {
    expect(tuningNumbers("x.ts", "const a = 0.7;\nconst b = x * 2; // not tuning: a pair\nconst c = 1;\nconst d = y[0];")).toEqual([
      "x.ts:1: 0.7",
    ]);
  });

  it("documents every entry: a unit, a stage and an effect", () => {
    for (const [name, t] of Object.entries(TUNING)) {
      expect(t.unit, name).not.toBe("");
      expect(t.effect.length, name).toBeGreaterThan(20);
      expect(T[name as keyof typeof T]).toBe(t.value);
    }
  });

  it("keeps the order's weights apart: literal length never outweighs a piece of evidence, nor evidence a confidence tier", () => {
    expect(T.maxLetterScore).toBeLessThan(T.twinScore);
    expect(T.twinScore).toBeLessThan(Math.min(T.scoreExplained, T.scoreRepo, T.scoreClass));
    const evidence =
      T.scoreFull + T.scoreFinalException + T.scoreSiteSource + T.scoreClass + T.scoreRepo + T.scoreExplained + T.maxLetterScore;
    expect(evidence).toBeLessThan(T.tierHigh - T.tierMedium);
  });
});

describe("docs/matching.md's tuning section", () => {
  it("is the one generated from the tuning table", () => {
    const doc = fs.readFileSync(path.join(__dirname, "..", "..", "..", "docs", "matching.md"), "utf8");
    expect(readSection(doc, "tuning"), "docs/matching.md is out of date: run npx tsx scripts/gen-matching-docs.ts").toBe(tuningTables());
  });
});
