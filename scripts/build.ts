/**
 * `npm run build`: validate the dataset (stop on errors), generate the
 * browser's data files, run `next build` (static export to `out/`), then write
 * the files Next does not: short-link redirects, share images, the sitemap
 * and robots.txt.
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { loadDatasetChecked, dataLocation, DatasetIOError } from "../server/dataset";
import { printProblems } from "../cli/report";
import { writeRedirectRules, writeShortLinkShards, writeShortLinks } from "./short-links";
import { writeBrowserAssets } from "./browser-assets";
import { writeSearchAssets } from "./search-index";
import { removeRscPayloads } from "./prune";
import { bundleIslands, removeNextScripts, withIslands } from "./islands";
import { rewritePages } from "./rewrite-pages";
import { readPreviousManifest, writeHistory } from "./history-pages";
import { UnexpectedScriptError, withPolicy } from "./csp";
import { copyShareImages, renderShareImages } from "./og-images";
import { writeSitemap } from "./sitemap";
import { datasetRepo, site } from "../config/site";
import { pageLimitFrom, planPages } from "../lib/site/page-plan";
import { siteIndexFor } from "../lib/site/site-index";
import { writeTailShards } from "./tail-shards";

/** Where the site goes: `out/` unless ERRDEX_OUT names another directory inside the project (the hostile-dataset e2e build uses one). */
const outDir = process.env.ERRDEX_OUT ?? "out";
const t0 = performance.now();
const step = (name: string) => console.log(`errdex build: ${name} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

// Settings first: a malformed one stops the build before any work.
try {
  datasetRepo();
} catch (err) {
  console.error(`errdex build: stopped: ${(err as Error).message}`);
  process.exit(1);
}

let dataset;
try {
  dataset = await loadDatasetChecked(dataLocation());
} catch (err) {
  if (err instanceof DatasetIOError) {
    console.error(`errdex build: ${err.message}`);
    process.exit(2);
  }
  throw err;
}
const errors = printProblems(dataset.problems, process.stderr);
if (errors > 0) {
  console.error(`errdex build: stopped: the dataset at ${dataset.source} has ${errors} error(s); fix them or run npx errdex validate`);
  process.exit(1);
}
step(`validated ${dataset.records.length} records`);

// The previous manifest is untrusted: parse it before anything is written.
let previous;
try {
  previous = readPreviousManifest();
} catch (err) {
  console.error(`errdex build: stopped: ERRDEX_PREVIOUS_MANIFEST is not a usable manifest:\n${(err as Error).message}`);
  process.exit(1);
}

let pageLimit: number;
try {
  pageLimit = pageLimitFrom(process.env.ERRDEX_PAGE_LIMIT);
} catch (err) {
  console.error(`errdex build: ${(err as Error).message}`);
  process.exit(2);
}
const plan = planPages(dataset.records, pageLimit);
const prerendered = dataset.records.filter((r) => plan.prerendered.has(r.id));
step(
  plan.tail.length
    ? `${prerendered.length} records get a page (ERRDEX_PAGE_LIMIT ${pageLimit}); the other ${plan.tail.length} are drawn in the browser at their permalinks`
    : `every record gets a page (${prerendered.length}; ERRDEX_PAGE_LIMIT ${pageLimit})`,
);

const sizes = await writeBrowserAssets(dataset);
// The pages point the lookup at the worker and the data by their content-hashed names (server/match-assets.ts).
process.env.ERRDEX_MATCH_WORKER_URL = sizes.workerUrl;
process.env.ERRDEX_MATCH_DATA_URL = sizes.dataUrl;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
step(
  `browser assets: matching filter ${kb(sizes.filterBytes)} (${kb(sizes.filterGzipBytes)} gzip), all matching data ${kb(sizes.totalBytes)} (${kb(sizes.totalGzipBytes)} gzip) in ${sizes.files} files, worker ${kb(sizes.workerBytes)}`,
);
const search = await writeSearchAssets(dataset.records);
step(
  `search index built in ${search.buildMs.toFixed(0)} ms, split into ${search.files} files: ${Object.entries(search.kinds)
    .map(([kind, k]) => `${kind} ${k.files} (${kb(k.gzipBytes)} gzip, largest ${kb(k.maxGzipBytes)})`)
    .join(", ")}`,
);

// Share images render into their cache while next build runs (it rebuilds the output directory), and are copied in after.
const rendering = renderShareImages(prerendered);
rendering.catch(() => undefined); // awaited after next build; until then a failure must not count as unhandled
const status = await new Promise<number | null>((resolve, reject) => {
  // A larger young generation: rendering 13,000 pages makes short-lived garbage, and fewer scavenges cut page rendering time by ~10 %.
  const NODE_OPTIONS = [process.env.NODE_OPTIONS, "--max-semi-space-size=64"].filter(Boolean).join(" ");
  const next = spawn("npx", ["next", "build"], { stdio: "inherit", env: { ...process.env, NODE_OPTIONS, NEXT_TELEMETRY_DISABLED: "1" } });
  next.once("error", reject);
  next.once("exit", resolve);
});
if (status !== 0) process.exit(status ?? 1);
step("next build done");

const removed = removeRscPayloads(outDir);
step(`removed ${removed} RSC payload files (the site navigates with plain links and never fetches them)`);

const bundle = await bundleIslands(outDir);
step(`island bundles: ${bundle.islands.size} islands, ${bundle.files} files, ${kb(bundle.bytes)}`);

if (plan.tail.length) {
  const tail = writeTailShards(outDir, plan.tail, siteIndexFor(dataset.records), dataset.versionOf);
  step(`long tail: ${tail.records} records in ${tail.files} shard files (${kb(tail.bytes)})`);
}

const history = writeHistory(outDir, dataset.records, dataset.datasetVersion, previous);
step(
  `manifest written (${outDir}/_errdex/manifest.json); from the previous manifest: ${history.redirects} redirects, ${history.removed} removed-record pages`,
);

const shards = writeShortLinkShards(outDir, [...history.manifest.records, ...history.manifest.removed]);
writeRedirectRules(outDir, plan.tail.length > 0);
if (process.env.ERRDEX_SHORT_LINK_FILES === "1") writeShortLinks(outDir, prerendered);
step(
  `short links: ${shards} id shards and _redirects${process.env.ERRDEX_SHORT_LINK_FILES === "1" ? `, and a redirect page for each of ${prerendered.length} records (ERRDEX_SHORT_LINK_FILES=1)` : ""}`,
);

const rendered = await rendering;
const images = copyShareImages(outDir, prerendered);
step(
  `${images.count} share images written (${kb(images.bytes)}); ${rendered.rendered} rendered in ${rendered.seconds.toFixed(1)} s beside next build, the rest from the cache`,
);

const urls = writeSitemap(outDir, dataset.records, site.url, dataset.versionOf);
step(`sitemap (${urls} URLs) and robots.txt written`);

let pages;
try {
  // One pass: each page loads its islands instead of Next's runtime, then gets its Content-Security-Policy.
  pages = rewritePages(outDir, [(html, file) => withIslands(html, bundle.islands, file), withPolicy]);
} catch (err) {
  if (!(err instanceof UnexpectedScriptError)) throw err;
  console.error(`errdex build: stopped: ${err.message}`);
  process.exit(1);
}
const nextScripts = removeNextScripts(outDir);
step(
  `${pages.pages} pages load their islands instead of Next's runtime and RSC payload, with a Content-Security-Policy (${kb(pages.bytesBefore)} -> ${kb(pages.bytesAfter)}); ${nextScripts} Next scripts no page loads removed`,
);
