/**
 * `npm run bench` (the miner): `errdex mine`, through the bundled CLI
 * (bin/errdex.mjs, worker threads included), on two trees:
 * - Debian's numpy sources (/usr/lib/python3/dist-packages/numpy, or
 *   BENCH_MINE_NUMPY): records, seconds, files per second;
 * - 10,000 Python files (target ≤ 60 s): the files numpy and the Python
 *   standard library would have mined, copied under `copy-N/` folders until
 *   there are 10,000, each with one raise of its own appended so that the
 *   records grow with the tree.
 * Peak RSS (GNU time's maximum resident set) shows whether memory stays flat
 * as the tree grows. Writes bench/results/mine.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { machine, table } from "./report";
import { pythonFiles } from "../cli/mine-tree";

const NUMPY = process.env.BENCH_MINE_NUMPY ?? "/usr/lib/python3/dist-packages/numpy";
const STDLIB = process.env.BENCH_MINE_STDLIB ?? "/usr/lib/python3.11";
const FILES = 10_000;
const SHA = "0123456789abcdef0123456789abcdef01234567";

// Always rebundle: dist/ could hold the code as it was at install time.
spawnSync("node", ["scripts/build-cli.mjs"], { stdio: "inherit" });
const { rows, row } = table(44);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-bench-mine-"));

interface Run {
  files: number;
  skipped: number;
  records: number;
  seconds: number;
  /** CPU time of the process, all threads (user + system): what the run costs on a machine others share. */
  cpuSeconds: number;
  filesPerSecond: number;
  peakRssMB: number;
}

/** Runs `errdex mine` on `tree` under GNU time; the summary line gives files and records. */
function mine(tree: string, repo: string): Run {
  const out = path.join(dir, `${repo.replace("/", "-")}.jsonl`);
  const run = spawnSync(
    "/usr/bin/time",
    ["-f", "time: %e s %U u %S s %M KB", "node", "bin/errdex.mjs", "mine", tree, "--repo", repo, "--sha", SHA, "--out", out],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`errdex mine failed (${run.status}):\n${run.stderr.slice(-2000)}`);
  const summary = /mine: (\d+) files? \((\d+) skipped\) in [\d.]+ s: (\d+) records/.exec(run.stderr);
  const time = /time: ([\d.]+) s ([\d.]+) u ([\d.]+) s (\d+) KB/.exec(run.stderr);
  if (!summary || !time) throw new Error(`no summary in:\n${run.stderr.slice(-2000)}`);
  const seconds = Number(time[1]);
  const files = Number(summary[1]);
  const cpuSeconds = Math.round((Number(time[2]) + Number(time[3])) * 100) / 100;
  const peakRssMB = Math.round(Number(time[4]) / 1024);
  return {
    files,
    skipped: Number(summary[2]),
    records: Number(summary[3]),
    seconds,
    cpuSeconds,
    filesPerSecond: Math.round(files / seconds),
    peakRssMB,
  };
}

/** A tree of `count` Python files: real files copied under copy-N/, each with a raise of its own appended. */
function replicate(sources: string[], count: number): string {
  const root = path.join(dir, "tree");
  const files = sources.flatMap((src) =>
    [...pythonFiles(src, [], () => {})].map((f) => ({ abs: f.abs, rel: `${path.basename(src)}/${f.rel}` })),
  );
  for (let i = 0; i < count; i++) {
    const f = files[i % files.length]!;
    const target = path.join(root, `copy-${Math.floor(i / files.length)}`, f.rel);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const own = `\n\ndef _bench_check_${i}(value):\n    if value is None:\n        raise ValueError(f"bench file ${i}: no value for {value!r}")\n`;
    fs.writeFileSync(target, Buffer.concat([fs.readFileSync(f.abs), Buffer.from(own)]));
  }
  return root;
}

const results: Record<string, unknown> = { date: new Date().toISOString(), machine: machine(), loadAverage: os.loadavg()[0], sha: SHA };
try {
  const numpy = mine(NUMPY, "numpy/numpy");
  results.numpy = { tree: NUMPY, ...numpy };
  row("numpy: files mined (skipped)", `${numpy.files} (${numpy.skipped})`);
  row("numpy: records", String(numpy.records));
  row("numpy: seconds, files/s", `${numpy.seconds} s, ${numpy.filesPerSecond} files/s`);
  row("numpy: CPU seconds (all threads)", `${numpy.cpuSeconds} s`);
  row("numpy: peak RSS", `${numpy.peakRssMB} MB`);
  const tree = replicate([NUMPY, STDLIB], FILES);
  const big = mine(tree, "bench/ten-thousand");
  results.loadAverageAfter = os.loadavg()[0];
  results.tenThousand = { sources: [NUMPY, STDLIB], ...big, target: "≤ 60 s" };
  row("10,000 files: files mined (skipped)", `${big.files} (${big.skipped})`);
  row("10,000 files: records", String(big.records));
  row("10,000 files: seconds, files/s (target ≤ 60 s)", `${big.seconds} s, ${big.filesPerSecond} files/s`);
  row("10,000 files: CPU seconds (all threads)", `${big.cpuSeconds} s`);
  row("10,000 files: peak RSS", `${big.peakRssMB} MB`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
results.rows = rows;
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/mine.json", JSON.stringify(results, null, 2) + "\n");
console.log("wrote bench/results/mine.json");
