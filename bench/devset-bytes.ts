/**
 * `npm run bench` (part): what the browser's lookup downloads for real logs, those of every evaluation set
 * (`eval/devset/` and `eval/heldout/*`, bench/eval-sets.ts), over the split matching data of the shared corpus (lib/match/data/split-data), each log in a fresh lookup as a
 * fresh worker would run it. Gzip bytes of the files read: median, 90th percentile and largest, by set, and the five
 * largest logs, the files read after the filter, and how many logs needed 0, 1 or 2 sequential rounds of fetches
 * (the issue's bound). `bench/lookup-bytes.ts` measures made-up logs (a planted traceback, 1–100 distinct errors); real
 * pastes hold drifted messages, and comparing them by wording fetches word shards and the shards of the records
 * alike. Writes `bench/results/devset-bytes.json`.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { machine, table } from "./report";
import { evalSets } from "./eval-sets";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { lookupOver, splitFiles } from "../lib/testing/split-files";

const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");
const ds = loadDataset(corpus, { quick: true });
const files = splitFiles(buildMatcherData(ds.records, ds.datasetVersion));
const gzip = new Map([...files].map(([name, text]) => [name, gzipSync(text).length]));
const { rows, row } = table(56);
const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;
const kb = (x: number) => `${Math.round(x / 1024)} KB`;

const all: { set: string; log: string; bytes: number; files: number; rounds: number }[] = [];
for (const { name: set, dir: setDir } of evalSets()) {
  const dir = path.join(setDir, "logs");
  if (!fs.existsSync(dir)) continue;
  for (const log of fs.readdirSync(dir).sort()) {
    const { lookup, fetched } = lookupOver(files);
    await lookup.run(fs.readFileSync(path.join(dir, log), "utf8"));
    const read = [...new Set(fetched)];
    all.push({ set, log, bytes: read.reduce((s, n) => s + (gzip.get(n) ?? 0), 0), files: read.length, rounds: lookup.rounds });
  }
  const bytes = all
    .filter((a) => a.set === set)
    .map((a) => a.bytes)
    .sort((a, b) => a - b);
  row(
    `${set}: ${bytes.length} real logs, median / p90 / largest`,
    `${kb(at(bytes, 0.5))} / ${kb(at(bytes, 0.9))} / ${kb(bytes.at(-1) ?? 0)}`,
  );
}
const every = all.map((a) => a.bytes).sort((a, b) => a - b);
row(`all ${every.length} logs, median / p90 / largest`, `${kb(at(every, 0.5))} / ${kb(at(every, 0.9))} / ${kb(every.at(-1) ?? 0)}`);
const fileCounts = all.map((a) => a.files - 1).sort((a, b) => a - b);
row(
  `all ${fileCounts.length} logs, files after the filter: median / p90 / largest`,
  `${at(fileCounts, 0.5)} / ${at(fileCounts, 0.9)} / ${fileCounts.at(-1) ?? 0}`,
);
const rounds = new Map<number, number>();
for (const a of all) rounds.set(a.rounds, (rounds.get(a.rounds) ?? 0) + 1);
row(
  "sequential rounds of fetches after the filter: logs",
  [...rounds]
    .sort((a, b) => a[0] - b[0])
    .map(([r, n]) => `${r}: ${n}`)
    .join(", "),
);
row("the filter every lookup fetches first", kb(gzip.get("filter.json") ?? 0));
for (const a of [...all].sort((x, y) => y.bytes - x.bytes).slice(0, 5))
  row(`  ${a.set}/${a.log.slice(0, 44)}`, `${kb(a.bytes)}, ${a.files} files`);

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/devset-bytes.json",
  JSON.stringify({ date: new Date().toISOString(), machine: machine(), rows, logs: all }, null, 1) + "\n",
);
console.log("\nwrote bench/results/devset-bytes.json");
