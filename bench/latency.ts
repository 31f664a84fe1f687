/**
 * `npm run bench` (part): how long a person waits for the lookup, in
 * Chromium, on the whole-corpus site served by `npm start`
 * (scripts/serve.ts), with Chrome's network emulation (CDP
 * `Network.emulateNetworkConditions`). One fresh browser context per log:
 * the page loads, sits idle for IDLE_MS (what it prefetches then is not
 * counted), the log is pasted, and the clock runs until
 *
 *  - the first answer: a result is shown, or the status line says what was
 *    found ("N known errors in M lines" / "No known error");
 *  - the final answer: the status line says so and nothing is being compared.
 *
 * Requests are those the page and its worker make after the paste; bytes are
 * the gzip sizes of those files as built. Then the log is cleared and pasted
 * again in the same tab (the repeat: everything it needs is at hand). Reports
 * median / p90 / max per network and writes `bench/results/latency.json`.
 *
 *   --network NAMES   comma-separated: none,4g,slow4g (default: all three)
 *   --limit N         the first N logs of each network's list (quick runs)
 *   --every K         none and 4G measure every K-th log (default 1: all of them)
 *   --site DIR        measure this whole-corpus build as it is (default: out-corpus, built when missing or stale)
 *   --slow-every K    slow 4G measures every K-th log (default 6: ~62 of 371, spread over the set in file order)
 *   --scale           also the site of 100,000 synthetic records (4G, generated logs)
 *   --out FILE        results file (default bench/results/latency.json)
 *
 * The sites are built with ERRDEX_PAGE_LIMIT=0 (no record pages: the lookup
 * page is the same, and the build takes minutes instead of most of an hour)
 * into `out-corpus/` and `out-100k/`, and rebuilt only when the data or the
 * code changed (a hash of both is kept beside the build).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { machine, table } from "./report";
import { DEVSET } from "./eval-sets";

/** The development set's logs (bench/eval-sets.ts). */
export const DEVSET_LOGS = path.join(DEVSET.dir, "logs");
const CORPUS = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");
const SCALE_DATA = path.resolve(".errdex/fixture-100000.jsonl");
const PORT = Number(process.env.BENCH_PORT ?? 3402);
/** How long the page sits before the paste: a person reads the page, then pastes. */
const IDLE_MS = 1500;
/** The longest a lookup may take before the bench gives up on it. */
const TIMEOUT_MS = 60_000;

/** Chrome DevTools' emulation: round-trip latency (ms) and throughput (bytes per second). */
const NETWORKS = {
  none: null,
  "4g": { latency: 60, throughput: (9 * 1024 * 1024) / 8 },
  slow4g: { latency: 150, throughput: (1.6 * 1024 * 1024) / 8 },
} as const;
type NetworkName = keyof typeof NETWORKS;

const { values: args } = parseArgs({
  options: {
    network: { type: "string", default: "none,4g,slow4g" },
    limit: { type: "string" },
    "slow-every": { type: "string", default: "6" },
    every: { type: "string", default: "1" },
    site: { type: "string" },
    scale: { type: "boolean", default: false },
    out: { type: "string", default: "bench/results/latency.json" },
  },
});
const networks = args.network.split(",").map((n) => {
  if (!(n in NETWORKS)) throw new Error(`--network: unknown network ${JSON.stringify(n)} (none, 4g, slow4g)`);
  return n as NetworkName;
});
const limit = args.limit === undefined ? Infinity : Number(args.limit);
const slowEvery = Number(args["slow-every"]);
const every = Number(args.every);

/** A hash of everything a build reads: the data, and the code and config under version control (committed or not). */
function buildKey(data: string): string {
  const h = crypto.createHash("sha256");
  const files = fs.statSync(data).isDirectory()
    ? fs
        .readdirSync(data)
        .sort()
        .map((f) => path.join(data, f))
    : [data];
  for (const f of files) h.update(f).update(fs.readFileSync(f));
  const tracked = spawnSync("git", ["ls-files", "-co", "--exclude-standard", "app", "components", "lib", "scripts", "server", "config"], {
    encoding: "utf8",
  }).stdout;
  for (const f of tracked.split("\n").filter(Boolean).sort()) if (fs.existsSync(f)) h.update(f).update(fs.readFileSync(f));
  for (const f of ["package-lock.json", "next.config.ts"]) h.update(fs.readFileSync(f));
  return h.digest("hex");
}

/** Builds the site of `data` into `outDir` unless the build there is of the same data and code. */
function ensureSite(data: string, outDir: string): number {
  const key = buildKey(data);
  const stamp = path.join(outDir, ".bench-build-key");
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === key) {
    console.log(`latency: reusing the build in ${outDir}`);
    return 0;
  }
  const t0 = performance.now();
  const r = spawnSync("npm", ["run", "build"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ERRDEX_DATA: data, ERRDEX_OUT: outDir, ERRDEX_PAGE_LIMIT: "0" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stamp, key);
  const seconds = (performance.now() - t0) / 1000;
  console.log(`latency: built ${outDir} in ${seconds.toFixed(0)} s`);
  return seconds;
}

async function serve(outDir: string): Promise<ChildProcess> {
  const child = spawn("npx", ["tsx", "scripts/serve.ts"], {
    env: { ...process.env, ERRDEX_OUT: outDir, PORT: String(PORT) },
    stdio: "pipe",
    detached: true, // its own process group: npx's child (the server) stops with it
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => String(d).includes("serving") && resolve());
    child.once("exit", (code) => reject(new Error(`the server stopped (${code})`)));
  });
  return child;
}

interface Measure {
  log: string;
  firstMs: number;
  finalMs: number;
  requests: number;
  gzipBytes: number;
  status: string;
  /** The same log pasted again in the same tab: time to the final answer, and requests. */
  repeatMs: number;
  repeatRequests: number;
}

/** Gzip size of a served file, by URL path (cached: many logs read the same files). */
function gzipSizer(outDir: string): (url: string) => number {
  const sizes = new Map<string, number>();
  return (url) => {
    const p = decodeURIComponent(new URL(url).pathname);
    let n = sizes.get(p);
    if (n === undefined) {
      const file = path.join(outDir, p);
      n = fs.existsSync(file) && fs.statSync(file).isFile() ? gzipSync(fs.readFileSync(file)).length : 0;
      sizes.set(p, n);
    }
    return n;
  };
}

/**
 * In the page: paste the log and resolve with the times to the first and the final answer. Kept as text: the
 * bench's TypeScript compiler would add helpers to a function that the page does not have.
 */
const PASTE_AND_TIME = `(log) => new Promise((resolve) => {
  const FINAL = /^(\\d+ known errors?|No known error) in /;
  const status = document.getElementById("lookup-status");
  let first = -1;
  const t0 = performance.now();
  const observer = new MutationObserver(check);
  function check() {
    const text = status.textContent || "";
    const shown = document.querySelector("[data-lookup-results]") !== null || FINAL.test(text);
    if (first < 0 && shown) first = performance.now() - t0;
    if (FINAL.test(text) && document.querySelector("[data-lookup-refining]") === null) {
      observer.disconnect();
      resolve({ firstMs: first, finalMs: performance.now() - t0, status: text });
    }
  }
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const data = new DataTransfer();
  data.setData("text/plain", log);
  document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
})`;

async function measure(
  browser: Browser,
  base: string,
  network: NetworkName,
  name: string,
  log: string,
  gzip: (u: string) => number,
): Promise<Measure> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const net = NETWORKS[network];
  if (net) {
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: net.latency,
      downloadThroughput: net.throughput,
      uploadThroughput: net.throughput,
    });
  }
  let counting = false;
  const urls: string[] = [];
  context.on("request", (r) => counting && urls.push(r.url()));
  await page.goto(base, { waitUntil: "load" });
  await page.waitForSelector("section.lookup[data-ready]");
  await page.waitForTimeout(IDLE_MS);
  counting = true;
  const t = await Promise.race([
    page.evaluate<{ firstMs: number; finalMs: number; status: string }>(`(${PASTE_AND_TIME})(${JSON.stringify(log)})`),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`latency: ${name} (${network}) had no answer after ${TIMEOUT_MS} ms`)), TIMEOUT_MS),
    ),
  ]);
  counting = false;
  const requests = urls.length;
  const gzipBytes = urls.reduce((s, u) => s + gzip(u), 0);
  await page.getByRole("button", { name: "Clear" }).click();
  await page.waitForFunction(() => !/ in [\d,]+ lines/.test(document.getElementById("lookup-status")?.textContent ?? ""));
  counting = true;
  const again = await page.evaluate<{ finalMs: number }>(`(${PASTE_AND_TIME})(${JSON.stringify(log)})`);
  counting = false;
  await context.close();
  return { log: name, ...t, requests, gzipBytes, repeatMs: again.finalMs, repeatRequests: urls.length - requests };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
function summarize(ms: Measure[]) {
  const stat = (xs: number[]) => ({ median: quantile(xs, 0.5), p90: quantile(xs, 0.9), max: Math.max(...xs) });
  return {
    logs: ms.length,
    firstMs: stat(ms.map((m) => m.firstMs)),
    finalMs: stat(ms.map((m) => m.finalMs)),
    requests: stat(ms.map((m) => m.requests)),
    gzipBytes: stat(ms.map((m) => m.gzipBytes)),
    repeatMs: stat(ms.map((m) => m.repeatMs)),
    repeatRequests: stat(ms.map((m) => m.repeatRequests)),
  };
}

async function runSite(label: string, outDir: string, logs: [string, string][], nets: NetworkName[], results: Record<string, unknown>) {
  const server = await serve(outDir);
  const gzip = gzipSizer(outDir);
  const { row } = table(40);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
    for (const network of nets) {
      const list = logs.filter((_, i) => i % (network === "slow4g" ? slowEvery : every) === 0).slice(0, limit);
      const ms: Measure[] = [];
      for (const [name, log] of list) {
        ms.push(await measure(browser, `http://127.0.0.1:${PORT}/`, network, name, log, gzip));
        if (ms.length % 25 === 0) console.log(`latency: ${label} ${network}: ${ms.length}/${list.length}`);
      }
      const sum = summarize(ms);
      results[`${label}/${network}`] = { ...sum, each: ms };
      const f = sum.firstMs,
        l = sum.finalMs;
      row(`${label} ${network} (${ms.length} logs) first answer`, `median ${s(f.median)}, p90 ${s(f.p90)}, max ${s(f.max)}`);
      row(`${label} ${network} final answer`, `median ${s(l.median)}, p90 ${s(l.p90)}, max ${s(l.max)}`);
      row(
        `${label} ${network} requests, gzip`,
        `median ${sum.requests.median} (max ${sum.requests.max}), gzip median ${(sum.gzipBytes.median / 1024).toFixed(0)} KB, p90 ${(sum.gzipBytes.p90 / 1024).toFixed(0)} KB`,
      );
      row(
        `${label} ${network} the same paste again`,
        `median ${s(sum.repeatMs.median)}, p90 ${s(sum.repeatMs.p90)}; requests at most ${sum.repeatRequests.max}`,
      );
    }
  } finally {
    await browser?.close();
    process.kill(-server.pid!);
  }
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: machine(),
  idleBeforePasteMs: IDLE_MS,
  networks: NETWORKS,
  every,
  slowEvery,
};
const site = args.site ?? "out-corpus";
const corpusBuild = args.site ? 0 : ensureSite(CORPUS, site);
if (corpusBuild) results.corpusBuildSeconds = Math.round(corpusBuild);
const logs: [string, string][] = fs
  .readdirSync(DEVSET_LOGS)
  .filter((f) => f.endsWith(".log"))
  .sort()
  .map((f) => [f, fs.readFileSync(path.join(DEVSET_LOGS, f), "utf8")]);
await runSite("corpus", site, logs, networks, results);

if (args.scale) {
  if (!fs.existsSync(SCALE_DATA)) {
    const r = spawnSync("npx", ["tsx", "scripts/gen-fixture.ts", "--records", "100000"], { stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const seconds = ensureSite(SCALE_DATA, "out-100k");
  if (seconds) results.scaleBuildSeconds = Math.round(seconds);
  const { loadDataset } = await import("../server/dataset");
  const { generateLog } = await import("./log-gen");
  const records = loadDataset(SCALE_DATA, { quick: true }).records;
  const scaleLogs: [string, string][] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((seed) => [
    `generated-${seed}`,
    generateLog(records, 4000, 1 + (seed % 3), seed).log,
  ]);
  await runSite("100k", "out-100k", scaleLogs, ["4g"], results);
}

fs.mkdirSync(path.dirname(args.out), { recursive: true });
fs.writeFileSync(args.out, JSON.stringify(results, null, 2) + "\n");
console.log(`latency: wrote ${args.out}`);
