/**
 * `npm run bench` (part 3): the CLI at 100,000 records — `errdex validate`
 * (target ≤ 60 s) and `errdex match` on a 10 MB log, start-up included
 * (target ≤ 1.5 s), cold (empty cache: read, validate structure, compile)
 * and warm (the cached matcher snapshot). Writes bench/results/scale.json.
 *
 * Uses `.errdex/fixture-100000.jsonl` (written by `npm run gen:fixture --
 * --records 100000` when missing) or BENCH_SCALE_DATA.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine } from "./report";
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { loadDataset } from "../server/dataset";
import { generateLog } from "./log-gen";

const data = process.env.BENCH_SCALE_DATA ?? path.resolve(".errdex/fixture-100000.jsonl");
if (!fs.existsSync(data)) {
  const r = spawnSync("npx", ["tsx", "scripts/gen-fixture.ts", "--records", "100000"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const cli = path.resolve("bin/errdex.mjs");
// Always rebundle: dist/ is written at install time and would measure the code as it was then.
spawnSync("node", ["scripts/build-cli.mjs"], { stdio: "inherit" });

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machine(),
  data,
};
const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const records = loadDataset(data, { quick: true }).records;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-scale-"));
const logFile = path.join(dir, "10mb.log");
const { log, planted } = generateLog(records, 10 * 1024 * 1024, 20);
fs.writeFileSync(logFile, log);
const cacheDir = path.join(dir, "cache");

const run = (args: string[], env: Record<string, string> = {}) => {
  const t0 = performance.now();
  const r = spawnSync("node", [cli, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 28,
    env: { ...process.env, ERRDEX_CACHE_DIR: cacheDir, ...env },
  });
  return { ms: performance.now() - t0, status: r.status, stdout: String(r.stdout) };
};

const validate = run(["validate", "--data", data]);
row(
  `errdex validate, ${records.length.toLocaleString("en-US")} records (target ≤ 60 s)`,
  `${(validate.ms / 1000).toFixed(1)} s (exit ${validate.status})`,
);

const match = ["match", "--data", data, "--json", "--top", "100", logFile];
const cold = [0, 1, 2].map(() => run(match, { ERRDEX_NO_CACHE: "1" }).ms);
const fill = run(match); // writes the cache
const warmRuns = [0, 1, 2].map(() => run(match));
const warm = median(warmRuns.map((r) => r.ms));
const found = (JSON.parse(warmRuns[0]!.stdout) as { matches: { id: string }[] }).matches.map((m) => m.id);
const plantedFound = planted.filter((p) => found.includes(p.id)).length;
const cacheBytes = fs.readdirSync(cacheDir).reduce((n, f) => n + fs.statSync(path.join(cacheDir, f)).size, 0);
row("errdex match, 10 MB log, cold: read + compile, median of 3", `${(median(cold) / 1000).toFixed(2)} s`);
row("  first run that also writes the cache", `${(fill.ms / 1000).toFixed(2)} s`);
row(
  "errdex match, 10 MB log, warm: cached snapshot (target ≤ 1.5 s)",
  `${(warm / 1000).toFixed(2)} s (runs ${warmRuns.map((r) => (r.ms / 1000).toFixed(2)).join(", ")})`,
);
row("  planted errors found / cache file size", `${plantedFound} of ${planted.length} / ${(cacheBytes / 1024 / 1024).toFixed(1)} MB`);
Object.assign(results, {
  records: records.length,
  validateMs: validate.ms,
  matchColdMs: median(cold),
  matchFillMs: fill.ms,
  matchWarmMs: warm,
  plantedFound,
  planted: planted.length,
  cacheBytes,
});

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/scale.json", JSON.stringify(results, null, 2) + "\n");
console.log("wrote bench/results/scale.json");
fs.rmSync(dir, { recursive: true, force: true });
