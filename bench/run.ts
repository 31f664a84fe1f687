/**
 * `npm run bench`: measures the matcher (build, 10 MB lookup, MB/s, memory)
 * on the shared corpus and on 100,000 synthetic patterns, beside a naive
 * loop of every regex over the same log and beside ripgrep, and the CLI's
 * wall time including start-up. Prints a table and writes
 * `bench/results/matcher.json`.
 *
 * The naive loop runs 1,000 of the patterns over the whole log and is scaled
 * to all of them (every pattern takes ~10 min on this machine); `--full-naive`
 * runs them all; `--corpus-only` skips it and the 100,000 synthetic patterns.
 * `BENCH_DATA` points at another corpus. The machine is shared, so the CLI and
 * ripgrep runs are interleaved (one of each per round) and medians reported.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine, table } from "./report";
import { spawnSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { Matcher } from "../lib/match/matcher";
import { compilePattern, toRegExp } from "../lib/pattern/pattern";
import type { ErrorRecord } from "../lib/record/schema";
import { generateLog } from "./log-gen";
import { syntheticRecords } from "./synthetic";

const quick = !process.argv.includes("--full-naive");
const corpusOnly = process.argv.includes("--corpus-only");
const WARM_RUNS = 7;
const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machine(),
};
const { rows, row } = table(58);
const ms = (x: number) => `${x.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const time = (f: () => void, runs = 3) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return median(times);
};

if (!fs.existsSync(corpus)) {
  console.error(`bench: no corpus at ${corpus} (set BENCH_DATA)`);
  process.exit(2);
}
const t = performance.now();
const ds = loadDataset(corpus);
row(`load + validate corpus (${ds.records.length} records)`, ms(performance.now() - t));
results.loadValidateMs = performance.now() - t;

// 1. Corpus: build and 10 MB lookup.
const records = ds.records;
const { log, planted } = generateLog(records, 10 * 1024 * 1024, 20);
const mb = log.length / 1024 / 1024;
let matcher!: Matcher;
const dataTimes: number[] = [];
const buildMs = time(() => {
  const t0 = performance.now();
  const data = buildMatcherData(records);
  dataTimes.push(performance.now() - t0);
  matcher = new Matcher(data);
});
const dataMs = median(dataTimes);
row(`build matcher, ${records.length} patterns (target ≤ 500 ms)`, ms(buildMs));
row("  of which matcher data (patterns compiled, keys chosen)", ms(dataMs));
const heapBefore = process.memoryUsage().heapUsed;
let found = 0;
let foundPlanted = 0;
// The first lookup in a process also pays for JIT compilation and lazily compiled regexes: reported apart.
const firstLookupMs = time(() => matcher.lookup(log), 1);
const lookupMs = time(() => {
  const r = matcher.lookup(log);
  found = r.matches.length;
  const ids = new Set(r.matches.map((m) => m.entry.id));
  foundPlanted = planted.filter((p) => ids.has(p.id)).length;
}, WARM_RUNS);
const heapAfter = process.memoryUsage().heapUsed;
row(`lookup ${mb.toFixed(1)} MB log, corpus, first in the process (target ≤ 300 ms)`, ms(firstLookupMs));
row(
  `lookup ${mb.toFixed(1)} MB log, corpus, median of ${WARM_RUNS} after (target ≤ 150 ms)`,
  `${ms(lookupMs)} (${(mb / (lookupMs / 1000)).toFixed(0)} MB/s)`,
);
row("  records found / planted found", `${found} / ${foundPlanted} of ${planted.length}`);
row(
  "  heap used after lookup",
  `${((heapAfter - heapBefore) / 1024 / 1024).toFixed(0)} MB more, rss ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`,
);
{
  const json = JSON.stringify(buildMatcherData(records));
  const gz = gzipSync(json).length;
  row(
    "whole matcher data as JSON (the browser fetches a filter and shards: bench/lookup-bytes)",
    `${(json.length / 1024 / 1024).toFixed(2)} MB raw, ${(gz / 1024 / 1024).toFixed(2)} MB gzip`,
  );
  Object.assign(results, { matcherJsonBytes: json.length, matcherJsonGzipBytes: gz });
}
Object.assign(results, { firstLookupMs });
Object.assign(results, {
  corpusPatterns: records.length,
  logMB: mb,
  buildMs,
  matcherDataMs: dataMs,
  warmRuns: WARM_RUNS,
  lookupMs,
  mbPerSecond: mb / (lookupMs / 1000),
  found,
  foundPlanted,
  planted: planted.length,
});

// 2. Naive: every regex over the whole log.
if (!corpusOnly) {
  const sample = quick ? records.slice(0, 1000) : records;
  const regexes = sample
    .map((r) => compilePattern(r.messagePattern))
    .filter((c) => c.ok)
    .map((c) => toRegExp(c as never));
  const t0 = performance.now();
  let hits = 0;
  for (const re of regexes) if (re.test(log)) hits++;
  const naive = ((performance.now() - t0) * records.length) / sample.length;
  row(
    `naive: every regex over the log${quick ? " (1,000 measured, scaled)" : ""}`,
    `${(naive / 1000).toFixed(1)} s (${(naive / lookupMs).toFixed(0)}× slower)`,
  );
  Object.assign(results, { naiveMs: naive, naiveScaled: quick, naiveHits: hits });
}

// 3. 100,000 synthetic patterns of the corpus's shape.
if (!corpusOnly) {
  const synth = syntheticRecords(records, 100_000, 7);
  let m100!: Matcher;
  const b = time(() => {
    m100 = new Matcher(buildMatcherData(synth));
  }, 1);
  const synthLog = generateLog(synth, 10 * 1024 * 1024, 20, 99).log;
  let n = 0;
  const l = time(() => {
    n = m100.lookup(synthLog).matches.length;
  });
  row("build matcher, 100,000 synthetic patterns", ms(b));
  row("lookup 10 MB log, 100,000 patterns (target ≤ 1 s)", `${ms(l)} (${n} records found)`);
  Object.assign(results, { synthPatterns: synth.length, synthBuildMs: b, synthLookupMs: l });
}

// 4. The CLI against ripgrep on the same log and patterns.
{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-bench-"));
  const logFile = path.join(dir, "10mb.log");
  const patternsFile = path.join(dir, "patterns.txt");
  fs.writeFileSync(logFile, log);
  fs.writeFileSync(patternsFile, records.map((r: ErrorRecord) => r.messagePattern).join("\n") + "\n");
  const smallLog = path.join(dir, "1mb.log");
  fs.writeFileSync(smallLog, log.slice(0, log.indexOf("\n", 1024 * 1024) + 1));
  // Always rebundle: dist/ is written at install time and would measure the code as it was then.
  spawnSync("node", ["scripts/build-cli.mjs"], { stdio: "inherit" });
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-bench-cache-"));
  const once = (cmd: string, args: string[], env: Record<string, string> = {}) => {
    const t0 = performance.now();
    const r = spawnSync(cmd, args, {
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 1 << 28,
      env: { ...process.env, ERRDEX_CACHE_DIR: cacheDir, ...env },
    });
    return { ms: performance.now() - t0, status: r.status };
  };
  const cliArgs = (log: string) => [path.resolve("bin/errdex.mjs"), "match", "--data", corpus, "--json", log];
  const cold = { ERRDEX_NO_CACHE: "1" };
  const rg = spawnSync("rg", ["--version"]);
  const hasRg = rg.status === 0;
  once("node", cliArgs(logFile)); // fills the cache
  // Side by side: each round runs every command once, so a busy moment of the machine hits them all alike.
  const runs: Record<string, { ms: number; status: number | null }[]> = { cli1: [], cli10: [], cli10warm: [], rg: [] };
  const ROUNDS = 3;
  for (let i = 0; i < ROUNDS; i++) {
    runs.cli1!.push(once("node", cliArgs(smallLog), cold));
    runs.cli10!.push(once("node", cliArgs(logFile), cold));
    runs.cli10warm!.push(once("node", cliArgs(logFile)));
    if (hasRg) runs.rg!.push(once("rg", ["-U", "-c", "-f", patternsFile, logFile]));
  }
  const med = (k: string) => ({ ms: median(runs[k]!.map((r) => r.ms)), status: runs[k]![0]?.status ?? null });
  const [cli1, cli10, cli10warm] = [med("cli1"), med("cli10"), med("cli10warm")];
  row(`errdex match CLI, 1 MB log, corpus, cold: load + compile (target ≤ 2 s)`, `${ms(cli1.ms)} (exit ${cli1.status})`);
  row("errdex match CLI, 10 MB log, corpus, cold: load + compile", `${ms(cli10.ms)} (exit ${cli10.status})`);
  row("errdex match CLI, 10 MB log, corpus, cached: compiled data read from the cache", `${ms(cli10warm.ms)} (exit ${cli10warm.status})`);
  Object.assign(results, { cliRounds: ROUNDS, cli1MbMs: cli1.ms, cli10MbMs: cli10.ms, cli10MbWarmMs: cli10warm.ms });
  fs.rmSync(cacheDir, { recursive: true, force: true });
  if (hasRg) {
    const rgRun = med("rg");
    row(`ripgrep ${String(rg.stdout).split("\n")[0]?.split(" ")[1]} -U -c -f patterns.txt, same log, same rounds`, ms(rgRun.ms));
    row(
      "  errdex match speed-up over ripgrep, cold / cached (target: cached ≥ 10×)",
      `${(rgRun.ms / cli10.ms).toFixed(1)}× / ${(rgRun.ms / cli10warm.ms).toFixed(1)}×`,
    );
    Object.assign(results, {
      ripgrepMs: rgRun.ms,
      speedupOverRipgrep: rgRun.ms / cli10.ms,
      speedupOverRipgrepWarm: rgRun.ms / cli10warm.ms,
    });
  } else {
    row("ripgrep", "not installed (apt-get install ripgrep) — comparison skipped");
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/matcher.json", JSON.stringify({ ...results, rows }, null, 2) + "\n");
console.log("\nwrote bench/results/matcher.json");
