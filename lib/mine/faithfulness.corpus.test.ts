/**
 * How faithful the miner is on real code: it mines the `sourceCode` snippet
 * of every record of ../shared/corpus (or ERRDEX_CORPUS) as a fragment of
 * its file and looks for a raise at the record's `lineNumber` whose template
 * equals the record's `errorMessage`. The differences are grouped by kind and
 * printed; docs/mining.md explains each kind. The floor is what the miner
 * reaches today; a change that lowers it must say why in docs/mining.md.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mineFragmentAt } from "./fragment";
import { renderMessage } from "./template";
import { parseTemplate } from "../record/message-template";
import type { ErrorRecord } from "../record/schema";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../../shared/corpus");
/** Share of corpus records whose template the miner reproduces exactly (99.51 % when last measured). */
const FLOOR = 0.994;

/** The kinds of difference, as docs/mining.md names them. */
type Kind = "equal" | "named-format-arguments" | "expression-printed-as-written" | "other-template" | "unreadable" | "no-raise-found";

/** A message's literal text, placeholders left out. */
const literal = (m: string) =>
  parseTemplate(m)
    .filter((s) => s.kind === "text")
    .map((s) => (s.kind === "text" ? s.value : ""))
    .join("\u0000");

/** `%s`, `%r`, `%d` or an empty `{}` field: a format the corpus leaves unnamed. */
const UNNAMED_FORMAT = /%[-#0 +\d.]*[sdrifgx]|\{\}|\{![rsa]\}|\{:[^}]*\}/;

function classify(record: ErrorRecord): { kind: Kind; detail: string } {
  const at = record.lineNumber - record.sourceCodeStart + 1;
  const found = mineFragmentAt(record.sourceCode, at);
  if (!found) return { kind: "no-raise-found", detail: `${record.filePath}:${record.lineNumber}` };
  if ("unreadable" in found) return { kind: "unreadable", detail: found.unreadable.reason };
  const mined = renderMessage(found.site.template);
  if (mined === record.errorMessage) return { kind: "equal", detail: "" };
  const detail = `${JSON.stringify(mined)} vs ${JSON.stringify(record.errorMessage)}`;
  if (UNNAMED_FORMAT.test(record.errorMessage) && !UNNAMED_FORMAT.test(mined)) return { kind: "named-format-arguments", detail };
  if (literal(mined) === literal(record.errorMessage)) return { kind: "expression-printed-as-written", detail };
  return { kind: "other-template", detail };
}

function corpusRecords(): ErrorRecord[] {
  if (!fs.existsSync(CORPUS)) throw new Error(`the corpus suite needs the shared corpus at ${CORPUS} (set ERRDEX_CORPUS)`);
  const out: ErrorRecord[] = [];
  for (const name of fs
    .readdirSync(CORPUS)
    .filter((n) => n.endsWith(".jsonl"))
    .sort()) {
    for (const line of fs.readFileSync(path.join(CORPUS, name), "utf8").split("\n"))
      if (line.trim()) out.push((JSON.parse(line) as { record: ErrorRecord }).record);
  }
  return out;
}

describe("the miner on the corpus's snippets", () => {
  it("reproduces the corpus's message templates", () => {
    const records = corpusRecords();
    const kinds = new Map<Kind, string[]>();
    for (const r of records) {
      const { kind, detail } = classify(r);
      (kinds.get(kind) ?? kinds.set(kind, []).get(kind)!).push(detail);
    }
    const equal = kinds.get("equal")?.length ?? 0;
    const lines = [`faithfulness: ${equal} of ${records.length} equal (${((100 * equal) / records.length).toFixed(2)} %)`];
    for (const [kind, details] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
      if (kind === "equal") continue;
      lines.push(`  ${kind}: ${details.length}`, ...details.slice(0, 3).map((d) => `    ${d.slice(0, 200)}`));
    }
    console.log(lines.join("\n"));
    expect(records.length).toBe(11_320);
    expect(equal / records.length).toBeGreaterThanOrEqual(FLOOR);
    // Every difference is of a kind docs/mining.md explains.
    expect(kinds.get("other-template") ?? []).toEqual([]);
  });
});
