/**
 * A first search on the built site, as a visitor makes it (bench/search.ts
 * uses this for its first-search rows): a record page of the site in `out/`
 * (any dataset: the page's code does not depend on it) is opened in a fresh
 * Chromium session and left to load and go quiet; then `/` opens the search
 * dialog and the query is typed into it, fast (one burst: the dialog searches
 * when typing pauses) or slowly (key by key, waiting after each until the
 * results of that prefix are listed). Everything fetched from pressing `/` to
 * the last result listed is counted as gzip bytes: the island chunks the
 * dialog imports (`/_next/static/errdex/`), and the search files. The page's
 * own chunks, loaded with it, are not counted. The search files come from
 * memory (the dataset being measured), the rest from the built site.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

/** A site's files, by URL path, and the search files of one dataset standing in for the site's own. */
export interface SiteServer {
  dir: string;
  search: ReadonlyMap<string, { body: string; gzip: number }>;
}

export interface SiteSearch {
  /** Results the dialog's status line counts (the cap shown as +), after the filter if any. */
  hits: string;
  files: number;
  gzipBytes: number;
  /** Gzip bytes by kind: code (island chunks), manifest, vocab, typo, buckets, facets, docs. */
  byKind: Record<string, number>;
}

/** How long the network must stay quiet to count as settled: past the dialog's typing pause (120 ms). */
const QUIET_MS = 250;
const gzipOf = new Map<string, number>();

/** A record page of the built site in `dir`, as a URL path. */
export function recordPagePath(dir: string): string {
  const errors = path.join(dir, "errors");
  const page = fs
    .readdirSync(errors, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".html") && !e.name.startsWith("page"))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort()
    .find((p) => p.split(path.sep).length === 4);
  if (!page) throw new Error(`bench: no record page under ${errors}; build the site first (npm run build)`);
  return `/${page
    .split(path.sep)
    .join("/")
    .replace(/\.html$/, "")}`;
}

/**
 * One first search in a fresh session. `keys` is the text typed; `slow` types it
 * key by key, each prefix searched and listed; `filter` then picks the first tag
 * the Tag filter offers.
 */
export async function siteFirstSearch(
  browser: Browser,
  site: SiteServer,
  pagePath: string,
  keys: string,
  opts: { slow: boolean; filter: boolean },
): Promise<SiteSearch> {
  const page = await browser.newPage();
  const fetched: { path: string; gzip: number }[] = [];
  let counting = false;
  let pending = 0;
  let lastActivity = Date.now();
  await page.route("http://bench.invalid/**", async (route) => {
    pending++;
    lastActivity = Date.now();
    try {
      const p = decodeURIComponent(new URL(route.request().url()).pathname);
      const served = serve(site, p);
      if (!served) return await route.fulfill({ status: 404 });
      if (counting) fetched.push({ path: p, gzip: served.gzip });
      await route.fulfill({ contentType: served.type, body: served.body });
    } finally {
      pending--;
      lastActivity = Date.now();
    }
  });
  // Settled: nothing fetched for QUIET_MS since the last key, and the page not busy (a large bucket keeps FlexSearch busy between fetches).
  const settle = async () => {
    for (;;) {
      await page.waitForTimeout(QUIET_MS / 5);
      const t = Date.now();
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      if (Date.now() - t > 30) lastActivity = Date.now();
      if (pending === 0 && Date.now() - lastActivity >= QUIET_MS) return;
    }
  };
  const press = async (text: string, delay = 0) => {
    lastActivity = Date.now();
    await page.keyboard.type(text, { delay });
    lastActivity = Date.now();
  };
  await page.goto(`http://bench.invalid${pagePath}`, { waitUntil: "load" });
  await settle();
  await page.locator("button[aria-haspopup=dialog][data-ready]").waitFor();
  counting = true;
  lastActivity = Date.now();
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search errors" });
  const status = dialog.getByRole("status");
  await dialog.waitFor();
  await settle(); // the searcher's chunks and the manifest
  if (opts.slow) {
    for (const key of keys) {
      await press(key);
      await settle();
    }
  } else {
    await press(keys, 10);
    await settle();
  }
  // The last query's answer, and its titles, listed (a large bucket can keep the page busy past a quiet network).
  await status.filter({ hasText: /result|failed|unavailable/ }).waitFor();
  await settle();
  if (opts.filter) {
    const tag = dialog.getByRole("combobox", { name: "Tag" });
    const first = await tag.locator("option").nth(1).getAttribute("value");
    lastActivity = Date.now();
    if (first) await tag.selectOption(first);
    await settle();
  }
  const hits = ((await status.textContent()) ?? "").match(/^(No|\d+\+?) result/)?.[1] ?? "?";
  await page.close();
  const byKind: Record<string, number> = {};
  for (const f of fetched) byKind[kindOf(f.path)] = (byKind[kindOf(f.path)] ?? 0) + f.gzip;
  return { hits: hits === "No" ? "0" : hits, files: fetched.length, gzipBytes: fetched.reduce((s, f) => s + f.gzip, 0), byKind };
}

/** A file of the site, or of the dataset's search files, with its gzip size. */
function serve(site: SiteServer, p: string): { body: string | Buffer; gzip: number; type: string } | undefined {
  const search = site.search.get(p);
  if (search) return { body: search.body, gzip: search.gzip, type: "application/json" };
  if (p.startsWith("/_errdex/search/")) return undefined;
  const file = [p.endsWith("/") ? `${p}index.html` : p, `${p}.html`]
    .map((f) => path.join(path.resolve(site.dir), f))
    .find((f) => f.startsWith(path.resolve(site.dir) + path.sep) && fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) return undefined;
  const body = fs.readFileSync(file);
  let gzip = gzipOf.get(file);
  if (gzip === undefined) gzipOf.set(file, (gzip = gzipSync(body).length));
  return { body, gzip, type: TYPES[path.extname(file)] ?? "application/octet-stream" };
}

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
};

/** code (a script), manifest, vocab (v), typo (t), buckets (i), facets (f), docs (d), or other. */
function kindOf(p: string): string {
  if (p.endsWith(".js")) return "code";
  const parts = p.replace(/^\/_errdex\//, "").split("/");
  if (parts[0] !== "search") return "other";
  return parts.length > 2 ? ({ v: "vocab", t: "typo", i: "buckets", f: "facets", d: "docs" }[parts[1]!] ?? parts[1]!) : "manifest";
}
