/**
 * Lighthouse benchmark (`npx tsx bench/lighthouse.ts`): serves the built site
 * with `npm start`'s server (scripts/serve.ts; it builds the default dataset
 * first when there is no build), then runs Lighthouse's desktop preset in
 * headless Chromium (/usr/bin/chromium) on the home page, a record page and
 * /tags, three times each, with the desktop preset (the target: at least 95
 * in every category) and the mobile default. Reports the median run of each
 * page (by performance score) with all four category scores and the metrics
 * behind performance. Writes `bench/results/lighthouse.json`.
 *
 * `ERRDEX_OUT` serves another build; `LIGHTHOUSE_RUNS` sets the runs per
 * page, `LIGHTHOUSE_PRESETS` the presets (`desktop,mobile`),
 * `LIGHTHOUSE_OUTPUT` the results file.
 */
import fs from "node:fs";
import path from "node:path";
import { machine } from "./report";
import { spawn } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Desktop is the target; mobile (Lighthouse's default) shows what a slow link and CPU make of the same pages. */
const PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? "desktop,mobile").split(",").filter((p) => p === "desktop" || p === "mobile");
const OUTPUT = process.env.LIGHTHOUSE_OUTPUT ?? "bench/results/lighthouse.json";
const CHROMIUM = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  fcpMs: "first-contentful-paint",
  lcpMs: "largest-contentful-paint",
  tbtMs: "total-blocking-time",
  cls: "cumulative-layout-shift",
  speedIndexMs: "speed-index",
  bytes: "total-byte-weight",
} as const;

const root = path.resolve(process.env.ERRDEX_OUT ?? "out");
const base = `http://localhost:${PORT}`;

const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
  env: { ...process.env, PORT: String(PORT) },
  stdio: "inherit",
});
const stopServer = () => server.kill();
process.on("exit", stopServer);
await waitFor(base, 600_000);

// A record page: the dataset's first record (the manifest lists every permalink).
const manifest = JSON.parse(fs.readFileSync(path.join(root, "_errdex", "manifest.json"), "utf8")) as { records: { permalink: string }[] };
const pages = { home: "/", record: manifest.records[0]!.permalink, tags: "/tags" };

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});

type Run = { scores: Record<(typeof CATEGORIES)[number], number>; metrics: Record<keyof typeof METRICS, number> };
type PageResult = Run & { url: string; performanceRuns: number[] };
const results: Record<string, Record<string, PageResult>> = {};
try {
  for (const preset of PRESETS) {
    results[preset] = {};
    for (const [name, url] of Object.entries(pages)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // The desktop preset, or Lighthouse's default (a mid-range phone on a slow 4G link).
        const config = preset === "desktop" ? desktopConfig : undefined;
        const result = await lighthouse(base + url, { port: chrome.port, output: "json", logLevel: "error" }, config);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { categories, audits } = result.lhr;
        runs.push({
          scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Run["scores"],
          metrics: Object.fromEntries(
            Object.entries(METRICS).map(([k, id]) => [k, Math.round((audits[id]?.numericValue ?? NaN) * 1000) / 1000]),
          ) as Run["metrics"],
        });
      }
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      const page = (results[preset][name] = { url, ...median, performanceRuns: runs.map((r) => r.scores.performance) });
      const s = median.scores;
      const m = median.metrics;
      console.log(
        `${preset.padEnd(7)} ${name.padEnd(7)} performance ${s.performance} (runs ${page.performanceRuns.join(", ")}), accessibility ${s.accessibility}, best practices ${s["best-practices"]}, SEO ${s.seo}; ` +
          `LCP ${m.lcpMs.toFixed(0)} ms, TBT ${m.tbtMs.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}, ${(m.bytes / 1024).toFixed(0)} KB`,
      );
    }
  }
} finally {
  chrome.kill();
  stopServer();
}

fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
fs.writeFileSync(
  OUTPUT,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: machine(),
      site: path.relative(process.cwd(), root),
      records: manifest.records.length,
      runsPerPage: RUNS,
      presets: results,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${OUTPUT}`);

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
