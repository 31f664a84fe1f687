/**
 * Accuracy on real logs: runs the lookup on every log of every evaluation set
 * (`eval/devset/` and each `eval/heldout/<name>/`, bench/eval-sets.ts) against
 * the shared corpus. Reports, per set, top-1 and top-3 on the logs whose error
 * is in the corpus, logs with no answer, confident wrong answers, and how often
 * a first answer of each confidence is right (negatives and errors the corpus
 * lacks count as wrong), for each set and pooled. Prints a table and writes
 * `bench/results/eval.json` (or `--out FILE`); `--set NAME` measures one set;
 * `--verbose` lists every log.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { machine, table } from "./report";
import { evalSet, evalSets } from "./eval-sets";
import { calibrate, type Calibration } from "./eval-outcomes";
import { scoreSets } from "./eval-run";

const { values } = parseArgs({
  options: { set: { type: "string" }, out: { type: "string" }, verbose: { type: "boolean", default: false } },
});
const outFile = values.out ?? (values.set ? undefined : "bench/results/eval.json");
const sets = values.set ? [evalSet(values.set)] : evalSets();
const scored = scoreSets(undefined, sets);

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : "—");
const cal = (c: Calibration[]) => c.map((x) => `${x.confidence} ${x.right}/${x.answers} (${pct(x.right, x.answers)})`).join(", ");
const { rows, row } = table(56);

for (const { set, score: s } of scored) {
  if (values.verbose)
    for (const l of s.perLog)
      console.log(
        `${l.file.padEnd(58)} ${l.category.padEnd(9)} ${l.outcome.padEnd(24)} ${l.answers.map((a) => `${a.id}:${a.kind}/${a.confidence}`).join(" ")}`,
      );
  const count = (category: string) => s.perLog.filter((l) => l.category === category).length;
  row(`${set.name}${set.heldOut ? " (held out)" : ""}: logs`, `${s.logs}`);
  row(`  in the corpus: top-1`, `${s.top1}/${s.inCorpus} (${pct(s.top1, s.inCorpus)})`);
  row(`  in the corpus: top-3`, `${s.top3}/${s.inCorpus} (${pct(s.top3, s.inCorpus)})`);
  row(`  in the corpus: no answer`, `${s.unanswered}`);
  row(`  in the corpus: confident wrong first answer`, `${s.confidentWrong}`);
  row(`  negatives: high-confidence answers`, `${s.highOnNegative}/${count("negative")}`);
  row(`  errors the corpus lacks: high-confidence answers`, `${s.highOnAbsent}/${count("absent")}`);
  row(`  first answers right, by confidence`, cal(calibrate(s.perLog)));
}
const pooled = (pick: (held: boolean) => boolean) => scored.filter((x) => pick(x.set.heldOut)).flatMap((x) => x.score.perLog);
if (scored.some((x) => x.set.heldOut)) row("held-out sets pooled: first answers right", cal(calibrate(pooled((h) => h))));
row("all sets pooled: first answers right", cal(calibrate(pooled(() => true))));

if (outFile) {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const sets = scored.map(({ set, score }) => ({ set: set.name, heldOut: set.heldOut, ...score, calibration: calibrate(score.perLog) }));
  fs.writeFileSync(outFile, JSON.stringify({ date: new Date().toISOString(), machine: machine(), rows, sets }, null, 1) + "\n");
  console.log(`\nwrote ${outFile}`);
}
