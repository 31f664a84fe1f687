/**
 * Search benchmark (`npx tsx bench/search.ts`): builds the search index over
 * the shared corpus, reports the build time and what the first query
 * downloads (index + result fields + the search code, raw and gzip), then
 * loads the exported files in Chromium and measures query latency over ~200
 * realistic queries (words from messages, classes, tags, typos, half-typed
 * words). Writes `bench/results/search.json`.
 *
 * `BENCH_DATA` (or `ERRDEX_DATA`) points at another corpus.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { build } from "esbuild";
import { chromium } from "@playwright/test";
import { loadDataset } from "../server/dataset";
import { buildSearchData, titleOf } from "../lib/search/search";
import type { ErrorRecord } from "../lib/record/schema";

const corpus = process.env.BENCH_DATA ?? process.env.ERRDEX_DATA ?? path.resolve("../shared/corpus");
const QUERY_COUNT = 200;
const REPEATS = 5;

if (!fs.existsSync(corpus)) {
  console.error(`bench: no corpus at ${corpus} (set BENCH_DATA)`);
  process.exit(2);
}
const ds = loadDataset(corpus);
const records = ds.records;
const row = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

// 1. Build (first build pays FlexSearch's import; report the median of three).
const buildTimes: number[] = [];
let data!: Awaited<ReturnType<typeof buildSearchData>>;
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  data = await buildSearchData(records);
  buildTimes.push(performance.now() - t);
}
const buildMs = [...buildTimes].sort((a, b) => a - b)[1]!;
row(`index build (${records.length} records, median of 3)`, `${buildMs.toFixed(0)} ms`);

// 2. What the first query downloads: both data files and the search code (lib/search + FlexSearch, minified).
const indexJson = JSON.stringify(data.index);
const docsJson = JSON.stringify(data.docs);
const entry = path.resolve("bench/.search-page-entry.ts");
fs.writeFileSync(
  entry,
  `import { Searcher } from "../lib/search/search";\nimport { parseStoredIndex, parseStoredDocs } from "../lib/search/stored";
(window as any).benchSearch = async (queries: string[], repeats: number) => {
  const t0 = performance.now();
  const [i, d] = await Promise.all([fetch("/index.json").then((r) => r.json()), fetch("/docs.json").then((r) => r.json())]);
  const s = await Searcher.load(parseStoredIndex(i), parseStoredDocs(d));
  const loadMs = performance.now() - t0;
  const first = performance.now();
  s.search(queries[0] ?? "");
  const firstQueryMs = performance.now() - first;
  const times: number[] = [];
  const hits: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    let n = 0;
    for (let k = 0; k < repeats; k++) n = s.search(q).hits.length;
    times.push((performance.now() - t) / repeats);
    hits.push(n);
  }
  return { loadMs, firstQueryMs, times, hits };
};
`,
);
const bundle = await build({
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  write: false,
  splitting: false,
  logLevel: "warning",
});
fs.rmSync(entry);
const code = bundle.outputFiles[0]!.text;
const sizes = {
  indexBytes: Buffer.byteLength(indexJson),
  indexGzipBytes: gzipSync(indexJson).length,
  docsBytes: Buffer.byteLength(docsJson),
  docsGzipBytes: gzipSync(docsJson).length,
  codeBytes: Buffer.byteLength(code),
  codeGzipBytes: gzipSync(code).length,
};
const firstRaw = sizes.indexBytes + sizes.docsBytes + sizes.codeBytes;
const firstGzip = sizes.indexGzipBytes + sizes.docsGzipBytes + sizes.codeGzipBytes;
row("index file", `${kb(sizes.indexBytes)} (${kb(sizes.indexGzipBytes)} gzip)`);
row("result fields file", `${kb(sizes.docsBytes)} (${kb(sizes.docsGzipBytes)} gzip)`);
row("search code (lib/search + FlexSearch)", `${kb(sizes.codeBytes)} (${kb(sizes.codeGzipBytes)} gzip)`);
row("first query downloads", `${kb(firstRaw)} (${kb(firstGzip)} gzip; budget 1536 KB)`);

// 3. Query latency in Chromium.
const queries = realisticQueries(records, QUERY_COUNT);
const browser = await chromium.launch({
  executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage();
const files: Record<string, [string, string]> = {
  "/": ["text/html", `<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>`],
  "/bench.js": ["text/javascript", code],
  "/index.json": ["application/json", indexJson],
  "/docs.json": ["application/json", docsJson],
};
await page.route("http://bench.invalid/**", (route) => {
  const f = files[new URL(route.request().url()).pathname];
  return f ? route.fulfill({ contentType: f[0], body: f[1] }) : route.fulfill({ status: 404 });
});
await page.goto("http://bench.invalid/");
await page.waitForFunction(() => "benchSearch" in window);
const measured = await page.evaluate(
  ([qs, n]) =>
    (
      window as unknown as {
        benchSearch: (q: string[], r: number) => Promise<{ loadMs: number; firstQueryMs: number; times: number[]; hits: number[] }>;
      }
    ).benchSearch(qs, n),
  [queries, REPEATS] as const,
);
await browser.close();

const sorted = [...measured.times].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const withHits = measured.hits.filter((n) => n > 0).length;
row("load + import in Chromium (fetch, parse, import)", `${measured.loadMs.toFixed(0)} ms`);
row(`query latency over ${queries.length} queries: p50`, `${pct(50).toFixed(2)} ms`);
row("query latency p95 (budget 10 ms)", `${pct(95).toFixed(2)} ms`);
row("query latency max", `${sorted[sorted.length - 1]!.toFixed(2)} ms`);
row("queries with at least one hit", `${withHits} of ${queries.length}`);

fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/search.json",
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, node ${process.version}, ${await chromiumVersion()}`,
      records: records.length,
      buildMs,
      ...sizes,
      firstQueryBytes: firstRaw,
      firstQueryGzipBytes: firstGzip,
      loadMs: measured.loadMs,
      queries: queries.length,
      queryP50Ms: pct(50),
      queryP95Ms: pct(95),
      queryMaxMs: sorted[sorted.length - 1],
      queriesWithHits: withHits,
    },
    null,
    2,
  )}\n`,
);
console.log("wrote bench/results/search.json");

async function chromiumVersion(): Promise<string> {
  const b = await chromium.launch({
    executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
    args: ["--no-sandbox"],
  });
  const v = `chromium ${b.version()}`;
  await b.close();
  return v;
}

/** Queries a user would type, from the records themselves (seeded, so runs compare): message words, class + word, tags, typos, half-typed words. */
function realisticQueries(rs: readonly ErrorRecord[], n: number): string[] {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const words = (r: ErrorRecord) =>
    titleOf(r.errorMessage)
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter((w) => w.length > 3);
  const typo = (w: string) => (w.length < 5 ? w : `${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)}`);
  const out: string[] = [];
  while (out.length < n) {
    const r = pick(rs);
    const ws = words(r);
    if (ws.length < 2) continue;
    const i = Math.floor(rand() * (ws.length - 1));
    const kind = out.length % 5;
    if (kind === 0) out.push(`${ws[i]} ${ws[i + 1]}`);
    else if (kind === 1) out.push(`${r.errorClass} ${ws[i]}`);
    else if (kind === 2) out.push(`${typo(ws[i]!)} `);
    else if (kind === 3) out.push(`${ws[i]} ${ws[i + 1]!.slice(0, 3)}`);
    else out.push(r.tags.length ? `${pick(r.tags)} ${ws[i]}` : `${ws[i]}`);
  }
  return out;
}
