/**
 * Search benchmark (`npx tsx bench/search.ts`, after `npm run build`): builds
 * the split search files over the shared corpus (11,320 records) and over
 * 100,000 synthetic records of its shape (bench/synthetic.ts), then measures
 * what a first search fetches after the page has loaded, on the built site in
 * `out/` in Chromium (bench/search-site.ts): the island chunks the search
 * dialog imports, the manifest, vocabulary files, index buckets, facet pages
 * and the docs pages of the results listed, counted as gzip bytes. The site's
 * code is what the browser really loads (any dataset's build: the code does
 * not depend on it); its search files are replaced by the measured dataset's.
 * Each typical query is measured twice, in a fresh session each: typed fast
 * (the dialog searches when typing pauses: the final query alone), and typed
 * key by key, each prefix searched and listed before the next key.
 * Then latency over ~200 realistic queries in one session: each query with
 * the fetches it needs (cold), and again with everything cached (warm); this
 * part drives the searcher directly, bundled with esbuild.
 * Writes `bench/results/search.json`; `search-before.json` keeps the figures
 * of the single-file index this replaced (its code counted as an esbuild
 * bundle), `search-classic-zod.json` a run against the site built before the
 * browser's schemas moved to zod/mini (7a2c50c).
 *
 * `BENCH_DATA` (or `ERRDEX_DATA`) points at another corpus; `BENCH_SYNTHETIC`
 * sets the synthetic size (0 skips it); `BENCH_SITE` names the built site
 * (default `out`).
 */
import fs from "node:fs";
import path from "node:path";
import { machine } from "./report";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { build } from "esbuild";
import { chromium, type Browser } from "@playwright/test";
import { loadDataset } from "../server/dataset";
import { buildSearchFiles } from "../lib/search/build";
import { titleOf } from "../lib/search/search";
import type { ErrorRecord } from "../lib/record/schema";
import { syntheticRecords } from "./synthetic";
import { recordPagePath, siteFirstSearch } from "./search-site";
import { BROWSER_ALIASES } from "../scripts/islands";

const corpus = process.env.BENCH_DATA ?? process.env.ERRDEX_DATA ?? path.resolve("../shared/corpus");
const SYNTHETIC = Number(process.env.BENCH_SYNTHETIC ?? 100_000);
const SITE = process.env.BENCH_SITE ?? "out";
const QUERY_COUNT = 200;
/** Results the dialog lists first (components/search/search-dialog.tsx). */
const PAGE = 12;
/** Typical first searches: one word, two words, a typo, a word with a filter, and the most common word (its index entry is the largest). */
const TYPICAL: { name: string; query: string; filter?: boolean }[] = [
  { name: "one word", query: "memory" },
  { name: "two words", query: "illegal memory" },
  { name: "a typo", query: "memroy " },
  { name: "a filter (the first tag offered)", query: "cuda", filter: true },
  { name: "the most common word", query: "error" },
];

if (!fs.existsSync(corpus)) {
  console.error(`bench: no corpus at ${corpus} (set BENCH_DATA)`);
  process.exit(2);
}
if (!fs.existsSync(path.join(SITE, "_next/static/errdex"))) {
  console.error(`bench: no built site at ${SITE} (run npm run build, or set BENCH_SITE)`);
  process.exit(2);
}
const sitePage = recordPagePath(SITE);
const records = loadDataset(corpus).records;
const row = (name: string, value: string) => console.log(`${name.padEnd(58)} ${value}`);
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const code = await bundleCode();
const browser = await chromium.launch({
  executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const results: Record<string, unknown> = {};
results.corpus = await measure(`corpus (${records.length} records)`, records, 3);
if (SYNTHETIC > 0) results.synthetic = await measure(`synthetic (${SYNTHETIC} records)`, syntheticRecords(records, SYNTHETIC), 1);
const chromiumVersion = `chromium ${browser.version()}`;
await browser.close();

fs.mkdirSync("bench/results", { recursive: true });
const before = fs.existsSync("bench/results/search-before.json")
  ? (JSON.parse(fs.readFileSync("bench/results/search-before.json", "utf8")) as unknown)
  : null;
fs.writeFileSync(
  "bench/results/search.json",
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: machine(chromiumVersion),
      site: { dir: SITE, page: sitePage },
      ...results,
      before,
    },
    null,
    2,
  )}\n`,
);
console.log("wrote bench/results/search.json");

/** What one dataset's split weighs, what first searches fetch, and query latency. */
async function measure(label: string, rs: readonly ErrorRecord[], builds: number) {
  console.log(`\n${label}`);
  const times: number[] = [];
  let built!: Awaited<ReturnType<typeof buildSearchFiles>>;
  for (let i = 0; i < builds; i++) {
    const t = performance.now();
    built = await buildSearchFiles(rs);
    times.push(performance.now() - t);
  }
  const buildMs = [...times].sort((a, b) => a - b)[times.length >> 1]!;
  const served = new Map<string, { body: string; gzip: number }>();
  const kinds: Record<string, { files: number; gzipBytes: number; maxGzipBytes: number }> = {};
  for (const [p, v] of built.files) {
    const body = JSON.stringify(v);
    const gzip = gzipSync(body).length;
    served.set(`/_errdex/${p}`, { body, gzip });
    const k = (kinds[kindOf(p)] ??= { files: 0, gzipBytes: 0, maxGzipBytes: 0 });
    k.files++;
    k.gzipBytes += gzip;
    k.maxGzipBytes = Math.max(k.maxGzipBytes, gzip);
  }
  row(`index build (median of ${builds})`, `${buildMs.toFixed(0)} ms`);
  for (const [k, v] of Object.entries(kinds)) row(`  ${k}: ${v.files} files`, `${kb(v.gzipBytes)} gzip (largest ${kb(v.maxGzipBytes)})`);

  const typical = [];
  const site = { dir: SITE, search: served };
  for (const t of TYPICAL) {
    const filter = t.filter ?? false;
    const final = await siteFirstSearch(browser, site, sitePage, t.query, { slow: false, filter });
    const typed = await siteFirstSearch(browser, site, sitePage, t.query, { slow: true, filter });
    row(
      `first search, ${t.name} (${JSON.stringify(t.query)}): ${final.hits} hits`,
      `fast ${kb(final.gzipBytes)} in ${final.files} files (code ${kb(final.byKind.code ?? 0)}); slow ${kb(typed.gzipBytes)} in ${typed.files}`,
    );
    typical.push({ ...t, final, typed });
  }

  const queries = realisticQueries(rs, QUERY_COUNT);
  const session = await openSession(served);
  const latency = await session.page.evaluate(async ([qs, n]) => (window as unknown as Bench).benchLatency(qs, n), [
    queries,
    PAGE,
  ] as const);
  const fetchedGzip = session.fetched.reduce((s, p) => s + served.get(p)!.gzip, 0);
  await session.page.close();
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  };
  const out = {
    records: rs.length,
    buildMs,
    files: built.files.size,
    kinds,
    typical,
    latency: {
      queries: queries.length,
      openMs: latency.openMs,
      coldP50Ms: pct(latency.cold, 50),
      coldP95Ms: pct(latency.cold, 95),
      warmP50Ms: pct(latency.warm, 50),
      warmP95Ms: pct(latency.warm, 95),
      warmMaxMs: Math.max(...latency.warm),
      queriesWithHits: latency.hits.filter((h) => h > 0).length,
      filesFetched: session.fetched.length,
      gzipBytesFetched: fetchedGzip,
    },
  };
  row(`open (manifest + FlexSearch) in Chromium`, `${latency.openMs.toFixed(0)} ms`);
  row(
    `${queries.length} queries, each fetching what it needs: p50 / p95`,
    `${out.latency.coldP50Ms.toFixed(1)} / ${out.latency.coldP95Ms.toFixed(1)} ms`,
  );
  row(
    `same queries again, all cached: p50 / p95 / max`,
    `${out.latency.warmP50Ms.toFixed(2)} / ${out.latency.warmP95Ms.toFixed(2)} / ${out.latency.warmMaxMs.toFixed(2)} ms`,
  );
  row(`after all ${queries.length} queries the session had fetched`, `${kb(fetchedGzip)} in ${session.fetched.length} files`);
  row(`queries with at least one hit`, `${out.latency.queriesWithHits} of ${queries.length}`);
  return out;
}

interface Bench {
  benchLatency: (queries: string[], page: number) => Promise<{ openMs: number; cold: number[]; warm: number[]; hits: number[] }>;
}

/** A fresh page serving the files, recording every search file fetched. */
async function openSession(served: Map<string, { body: string; gzip: number }>) {
  const page = await (browser as Browser).newPage();
  const fetched: string[] = [];
  await page.route("http://bench.invalid/**", (route) => {
    const p = new URL(route.request().url()).pathname;
    if (p === "/")
      return route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><meta charset="utf-8"><script type="module" src="/bench.js"></script>`,
      });
    if (p === "/bench.js") return route.fulfill({ contentType: "text/javascript", body: code });
    const f = served.get(p);
    if (!f) return route.fulfill({ status: 404 });
    fetched.push(p);
    return route.fulfill({ contentType: "application/json", body: f.body });
  });
  await page.goto("http://bench.invalid/");
  await page.waitForFunction(() => "benchLatency" in window);
  return { page, fetched };
}

/** manifest, vocab (v), buckets (i), facets (f) or docs (d). */
function kindOf(p: string): string {
  const parts = p.replace(/^\/_errdex\//, "").split("/");
  return parts.length > 2 ? ({ v: "vocab", t: "typo", i: "buckets", f: "facets", d: "docs" }[parts[1]!] ?? parts[1]!) : "manifest";
}

/** The searcher and FlexSearch bundled (minified) with the latency page function: the first searches use the built site instead. */
async function bundleCode(): Promise<string> {
  const entry = path.resolve("bench/.search-page-entry.ts");
  fs.writeFileSync(
    entry,
    `import { Searcher } from "../lib/search/searcher";
const fetchJson = async (p: string) => { const r = await fetch("/_errdex/" + p); if (!r.ok) throw new Error(p + " answered HTTP " + r.status); return r.json(); };
(window as any).benchLatency = async (queries: string[], page: number) => {
  const t0 = performance.now();
  const s = await Searcher.open(fetchJson);
  const openMs = performance.now() - t0;
  const cold: number[] = [], warm: number[] = [], hits: number[] = [];
  for (const times of [cold, warm]) for (const q of queries) {
    const t = performance.now();
    const r = await s.search(q);
    await s.docs(r.hits.slice(0, page));
    times.push(performance.now() - t);
    if (times === cold) hits.push(r.hits.length);
  }
  return { openMs, cold, warm, hits };
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
    alias: BROWSER_ALIASES,
    write: false,
    splitting: false,
    logLevel: "warning",
  });
  fs.rmSync(entry);
  return bundle.outputFiles[0]!.text;
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
