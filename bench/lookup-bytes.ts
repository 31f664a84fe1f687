/**
 * `npm run bench` (part): what a lookup in the browser downloads, and how
 * long a first lookup takes, before (the whole matcher data, one file) and
 * after (the filter, then the shards the log needs; lib/match/data/split-data),
 * on the shared corpus and on 100,000 synthetic records (the generator of
 * `npm run gen:fixture`, in memory). Bytes are gzip sizes of the files a
 * fresh lookup reads. Logs: a 6-line vLLM traceback (20 different records,
 * median and max), and logs with 1, 10 and 100 distinct errors among noise
 * (5 seeds each, median). The first lookup runs in a fresh process through
 * the worker's code path (bench/first-lookup.ts), median of 3, the two modes
 * interleaved, and in a fresh Web Worker in Chromium (the site's worker
 * bundle, data served from memory). Prints a table and writes
 * `bench/results/lookup-bytes.json`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine, table } from "./report";
import { spawnSync } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { loadDataset } from "../server/dataset";
import { buildMatcherData, type MatcherData } from "../lib/match/data/matcher-data";
import { lookupOver, splitFiles } from "../lib/testing/split-files";
import { seeded } from "../lib/testing/random";
import { renderMessage } from "./log-gen";
import { syntheticRecords } from "./synthetic";
import { writeOut } from "../scripts/out-path";
import type { ErrorRecord } from "../lib/record/schema";

const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");
if (!fs.existsSync(corpus)) {
  console.error(`bench: no corpus at ${corpus} (set BENCH_DATA)`);
  process.exit(2);
}
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machine(),
};
const { rows, row } = table(64);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const SITE = "/usr/local/lib/python3.12/dist-packages";
/** A 6-line vLLM traceback ending in the record's error, raised at its line. */
function vllmTraceback(r: ErrorRecord, rand: () => number): string {
  return [
    "Traceback (most recent call last):",
    `  File "${SITE}/vllm/entrypoints/openai/api_server.py", line 1121, in run_server`,
    "    await run_server_worker(listen_address, sock, args, **uvicorn_kwargs)",
    `  File "${SITE}/${r.filePath}", line ${r.lineNumber}, in __init__`,
    `    raise ${r.errorClass}(`,
    `${r.errorClass}: ${renderMessage(r, rand)}`,
  ].join("\n");
}

/** A log with `n` distinct records' errors (as tracebacks) among vLLM / sglang noise. */
function manyErrors(records: ErrorRecord[], n: number, seed: number): string {
  const rand = seeded(seed);
  const lines: string[] = [];
  const picked = new Set<number>();
  while (picked.size < n) picked.add(Math.floor(rand() * records.length));
  for (const i of picked) {
    for (let k = 0; k < 5; k++) lines.push(`INFO 06-01 10:00:0${k} [engine.py:${100 + k}] Added request cmpl-${i}-${k}.`);
    lines.push(vllmTraceback(records[i]!, rand));
  }
  return lines.join("\n");
}

interface Measured {
  records: number;
  wholeGzip: number;
  filterGzip: number;
  files: number;
  allBytes: number;
  allGzip: number;
  traceback: { median: number; max: number; shards: number };
  errors: Record<string, number>;
  firstLookupMs: { whole: number; split: number; chromium: number };
}

const workerCode = (
  await build({
    entryPoints: ["scripts/worker-entry.ts"],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    logLevel: "warning",
  })
).outputFiles[0]!.text;

/**
 * The first lookup in a fresh Web Worker in Chromium, as the page makes it:
 * from creating the worker (the bundle built as the site builds it) to its
 * result, the data served from memory by a local HTTP server (localhost:
 * no network time, no compression). Median of 3, each in a new page.
 */
async function chromiumFirstLookup(files: Map<string, string>, log: string): Promise<number> {
  const server = http.createServer((req, res) => {
    const p = new URL(req.url ?? "/", "http://localhost").pathname;
    const body =
      p === "/" ? "<!doctype html><title>bench</title>" : p === "/match-worker.js" ? workerCode : files.get(p.replace(/^\/match\//, ""));
    if (body === undefined) res.writeHead(404).end();
    else
      res
        .writeHead(200, { "content-type": p.endsWith(".js") ? "text/javascript" : p === "/" ? "text/html" : "application/json" })
        .end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const context = await browser.newContext();
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const page = await context.newPage();
    await page.goto(base);
    times.push(
      await page.evaluate(
        (text) =>
          new Promise<number>((resolve, reject) => {
            const t0 = performance.now();
            const w = new Worker("/match-worker.js");
            w.onmessage = (e: MessageEvent<{ type: string; message?: string }>) => {
              if (e.data.type === "result") resolve(performance.now() - t0);
              if (e.data.type === "error") reject(new Error(e.data.message));
            };
            w.postMessage({ type: "lookup", id: 1, log: text, dataUrl: "/match/filter.json?v=bench" });
          }),
        log,
      ),
    );
    await page.close();
  }
  await browser.close();
  server.close();
  return median(times);
}

async function measure(label: string, records: ErrorRecord[]): Promise<Measured> {
  const data: MatcherData = buildMatcherData(records, "bench");
  const wholeText = JSON.stringify(data);
  const files = splitFiles(data);
  const gz = new Map([...files].map(([name, text]) => [name, gzipSync(text).length]));
  const bytes = (fetched: string[]) => fetched.reduce((s, f) => s + gz.get(f)!, 0);
  const m: Measured = {
    records: records.length,
    wholeGzip: gzipSync(wholeText).length,
    filterGzip: gz.get("filter.json")!,
    files: files.size,
    allBytes: [...files.values()].reduce((a, t) => a + Buffer.byteLength(t), 0),
    allGzip: [...gz.values()].reduce((a, b) => a + b, 0),
    traceback: { median: 0, max: 0, shards: 0 },
    errors: {},
    firstLookupMs: { whole: 0, split: 0, chromium: 0 },
  };
  row(`${label}: before, the whole matcher data (one file)`, kb(m.wholeGzip));
  row(`${label}: after, the filter every lookup fetches first`, kb(m.filterGzip));
  row(`${label}: after, all the parts (${m.files} files)`, `${kb(m.allGzip)} (${kb(m.allBytes)} raw)`);

  // A typical lookup: a 6-line vLLM traceback, for 20 different vLLM records.
  const rand = seeded(11);
  const vllm = records.filter((r) => r.repo === "vllm-project/vllm" && r.filePath.startsWith("vllm/"));
  const samples: number[] = [];
  const shardCounts: number[] = [];
  let sample = "";
  for (let k = 0; k < 20; k++) {
    const log = vllmTraceback(vllm[Math.floor(rand() * vllm.length)]!, rand);
    if (k === 0) sample = log;
    const { lookup, fetched } = lookupOver(files);
    await lookup.run(log);
    samples.push(bytes(fetched));
    shardCounts.push(fetched.length - 1);
  }
  m.traceback = { median: median(samples), max: Math.max(...samples), shards: median(shardCounts) };
  row(
    `${label}: 6-line vLLM traceback, median (max) of 20`,
    `${kb(m.traceback.median)} (${kb(m.traceback.max)}), ${m.traceback.shards} parts`,
  );
  for (const n of [1, 10, 100]) {
    const per: number[] = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      const { lookup, fetched } = lookupOver(files);
      await lookup.run(manyErrors(records, n, seed));
      per.push(bytes(fetched));
    }
    m.errors[n] = median(per);
    row(`${label}: log with ${n} distinct error${n === 1 ? "" : "s"}, median of 5`, kb(m.errors[n]));
  }

  // The first lookup in a fresh process, both ways, interleaved.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-lookup-bytes-"));
  writeOut(dir, "matcher.json", wholeText);
  for (const [name, text] of files) writeOut(dir, name, text);
  writeOut(dir, "traceback.log", sample);
  const runs: Record<"whole" | "split", number[]> = { whole: [], split: [] };
  for (let k = 0; k < 3; k++) {
    for (const mode of ["whole", "split"] as const) {
      const r = spawnSync("npx", ["tsx", "bench/first-lookup.ts", dir, mode, path.join(dir, "traceback.log")], {
        encoding: "utf8",
        maxBuffer: 1 << 26,
      });
      if (r.status !== 0) throw new Error(`first-lookup ${mode} failed: ${r.stderr}`);
      runs[mode].push((JSON.parse(r.stdout.trim().split("\n").pop()!) as { ms: number }).ms);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  m.firstLookupMs = { whole: median(runs.whole), split: median(runs.split), chromium: await chromiumFirstLookup(files, sample) };
  row(
    `${label}: first lookup in a fresh process (6-line traceback), before → after`,
    `${m.firstLookupMs.whole.toFixed(0)} ms → ${m.firstLookupMs.split.toFixed(0)} ms`,
  );
  row(`${label}: first lookup in a fresh Web Worker in Chromium, after`, `${m.firstLookupMs.chromium.toFixed(0)} ms`);
  return m;
}

const ds = loadDataset(corpus);
results.corpus = await measure(`corpus ${ds.records.length}`, ds.records);
results.synthetic100k = await measure("synthetic 100,000", syntheticRecords(ds.records, 100_000, 1));

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/lookup-bytes.json", JSON.stringify({ ...results, rows }, null, 2) + "\n");
console.log("\nwrote bench/results/lookup-bytes.json");
