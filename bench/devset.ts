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
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/matcher-data";
import { Lookup } from "../lib/match/lookup";
import { readDevset, scoreDevset } from "./devset-eval";

const { values } = parseArgs({
  options: { set: { type: "string", default: "devset" }, out: { type: "string" }, verbose: { type: "boolean", default: false } },
});
const setDir = path.resolve(values.set!);
const outFile = values.out ?? (values.set === "devset" ? "bench/results/devset.json" : undefined);
const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");

const cases = readDevset(setDir);
const ds = loadDataset(corpus, { quick: true });
const s = scoreDevset(setDir, cases, new Lookup(buildMatcherData(ds.records, ds.datasetVersion)), new Set(ds.records.map((r) => r.id)));
if (values.verbose)
  for (const l of s.perLog)
    console.log(
      `${l.file.padEnd(58)} ${l.category.padEnd(9)} ${l.outcome.padEnd(24)} ${l.answers.map((a) => `${a.id}:${a.kind}/${a.confidence}`).join(" ")}`,
    );

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "—");
const count = (category: string) => cases.filter((c) => c.category === category).length;
const rows: [string, string][] = [
  [`logs (${setDir})`, `${s.logs}`],
  ["in the corpus: top-1", `${s.top1}/${s.inCorpus} (${pct(s.top1, s.inCorpus)})`],
  ["in the corpus: top-3", `${s.top3}/${s.inCorpus} (${pct(s.top3, s.inCorpus)})`],
  ["in the corpus: no answer", `${s.unanswered}`],
  ["in the corpus: confident wrong first answer", `${s.confidentWrong}`],
  ["negatives: high-confidence answers", `${s.highOnNegative}/${count("negative")}`],
  ["errors the corpus lacks: high-confidence answers", `${s.highOnAbsent}/${count("absent")}`],
];
for (const [k, v] of rows) console.log(`${k.padEnd(52)} ${v}`);
if (outFile) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), set: values.set, ...s }, null, 2) + "\n");
}
