/**
 * Accuracy on real logs: runs the lookup on every log of a development set
 * (devset/ by default; `--set DIR` for another set of the same format, such
 * as logs the project never sees) against the shared corpus, and reports
 * top-1 and top-3 on the logs whose error is in the corpus, logs with no
 * answer, and confident wrong answers (a high-confidence first answer that
 * is not expected; on negatives and absent errors, any high-confidence
 * answer). Prints a table and writes bench/results/devset.json (or
 * `--out FILE`); `--verbose` lists every log.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/matcher-data";
import { Lookup, type LookupSummary } from "../lib/match/lookup";
import { parseInput } from "../lib/parse";

const { values } = parseArgs({
  options: { set: { type: "string", default: "devset" }, out: { type: "string" }, verbose: { type: "boolean", default: false } },
});
const setDir = path.resolve(values.set!);
const outFile = values.out ?? (values.set === "devset" ? "bench/results/devset.json" : undefined);
const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");

const caseSchema = z.object({
  file: z.string(),
  source: z.string(),
  category: z.enum(["in-corpus", "absent", "negative"]),
  expected: z.array(z.string().regex(/^[0-9a-f]{16}$/)),
});
const cases = parseInput(
  z.array(caseSchema.loose()),
  JSON.parse(fs.readFileSync(path.join(setDir, "expected.json"), "utf8")),
  "expected.json",
);

/** What a lookup answered, best first, with each answer's confidence. */
function answers(s: LookupSummary): { id: string; confidence: string; kind: string }[] {
  return s.matches.map((m) => ({ id: m.id, kind: m.kind, confidence: m.confidence }));
}

const ds = loadDataset(corpus, { quick: true });
const lookup = new Lookup(buildMatcherData(ds.records, ds.datasetVersion));
const known = new Set(ds.records.map((r) => r.id));

let inCorpus = 0;
let top1 = 0;
let top3 = 0;
let unanswered = 0;
let confidentWrong = 0;
let confidentWrongOutside = 0;
let highOnNegative = 0;
let highOnAbsent = 0;
const perLog: Record<string, unknown>[] = [];
for (const c of cases) {
  const log = fs.readFileSync(path.join(setDir, "logs", c.file), "utf8");
  const got = answers(lookup.run(log));
  const first = got[0];
  let outcome: string;
  if (c.category === "in-corpus") {
    const missing = c.expected.filter((id) => !known.has(id));
    if (missing.length) throw new Error(`${c.file}: expected ${missing.join(", ")}, not in the corpus at ${corpus}`);
    inCorpus++;
    const rank = got.findIndex((a) => c.expected.includes(a.id));
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    if (!first) unanswered++;
    if (first && rank !== 0 && first.confidence === "high") confidentWrong++;
    outcome = rank === 0 ? "top-1" : rank > 0 && rank < 3 ? `top-${rank + 1}` : first ? "wrong" : "no answer";
  } else {
    const high = got.some((a) => a.confidence === "high");
    if (high && c.category === "negative") highOnNegative++;
    if (high && c.category === "absent") highOnAbsent++;
    if (high) confidentWrongOutside++;
    outcome = high ? "high-confidence answer" : first ? `answered (${first.confidence})` : "no answer";
  }
  perLog.push({ file: c.file, category: c.category, expected: c.expected, outcome, answers: got.slice(0, 3) });
  if (values.verbose)
    console.log(
      `${c.file.padEnd(58)} ${c.category.padEnd(9)} ${outcome.padEnd(24)} ${got
        .slice(0, 3)
        .map((a) => `${a.id}:${a.kind}/${a.confidence}`)
        .join(" ")}`,
    );
}
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "—");
const rows: [string, string][] = [
  [`logs (${setDir})`, `${cases.length}`],
  ["in the corpus: top-1", `${top1}/${inCorpus} (${pct(top1, inCorpus)})`],
  ["in the corpus: top-3", `${top3}/${inCorpus} (${pct(top3, inCorpus)})`],
  ["in the corpus: no answer", `${unanswered}`],
  ["in the corpus: confident wrong first answer", `${confidentWrong}`],
  ["negatives: high-confidence answers", `${highOnNegative}/${cases.filter((c) => c.category === "negative").length}`],
  ["errors the corpus lacks: high-confidence answers", `${highOnAbsent}/${cases.filter((c) => c.category === "absent").length}`],
];
for (const [k, v] of rows) console.log(`${k.padEnd(52)} ${v}`);
if (outFile) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        set: values.set,
        logs: cases.length,
        inCorpus,
        top1,
        top3,
        unanswered,
        confidentWrong,
        highOnNegative,
        highOnAbsent,
        confidentWrongOutside,
        perLog,
      },
      null,
      2,
    ) + "\n",
  );
}
