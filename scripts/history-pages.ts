/**
 * Writes what keeps old links working (see lib/manifest.ts): the manifest
 * itself (`out/_errdex/manifest.json`), a redirect page at each moved
 * record's old permalink, and a "removed in dataset version X" page, with
 * the closest current records, at each removed record's old permalink and
 * short link.
 */
import fs from "node:fs";
import path from "node:path";
import type { ErrorRecord } from "../lib/record/schema";
import { buildManifest, parseManifest, type Manifest } from "../lib/site/manifest";
import { recordPath, shortPath, absoluteUrl } from "../lib/record/permalink";
import { escapeHtml } from "../lib/site/html";
import { WordingIndex } from "../lib/match/find/wording-index";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { redirectPage } from "./short-links";
import { siteFile, writeOut } from "./out-path";
import { firstLine } from "../lib/text";

/**
 * Reads and parses a previous manifest (ERRDEX_PREVIOUS_MANIFEST), or
 * undefined. It is untrusted (often downloaded from the live site): a bad
 * entry stops the build, named (`manifest.json: records[3].permalink: …`).
 */
export function readPreviousManifest(file = process.env.ERRDEX_PREVIOUS_MANIFEST): Manifest | undefined {
  if (!file) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`ERRDEX_PREVIOUS_MANIFEST=${file}: cannot be read as a manifest: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  return parseManifest(json, path.basename(file));
}

/** Writes the manifest and the history pages; returns counts. */
export function writeHistory(
  outDir: string,
  records: ErrorRecord[],
  datasetVersion: string,
  previous?: Manifest,
  siteUrl = process.env.ERRDEX_SITE_URL,
) {
  const manifest = buildManifest(records, datasetVersion, previous);
  writeOut(outDir, "_errdex/manifest.json", JSON.stringify(manifest));
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const r of manifest.redirects) {
    const target = byId.get(r.id)!;
    writeOut(
      outDir,
      siteFile(outDir, r.from),
      redirectPage(recordPath(target), `${target.errorClass}: ${firstLine(target.errorMessage)}`, siteUrl),
    );
  }
  if (manifest.removed.length) {
    writeOut(outDir, "_errdex/history.css", HISTORY_CSS);
    // The records whose wording is closest to the removed one's, as the lookup's guesses are found.
    const wording = new WordingIndex(buildMatcherData(records).entries);
    for (const e of manifest.removed) {
      const closest = wording
        .find(e.message, { limit: 5, minRecordCoverage: 0.25, minLineCoverage: 0.2 })
        .map((c) => wording.entry(c.entry));
      const html = removedPage(
        e,
        closest.map((s) => ({
          path: recordPath(s),
          title: `${s.errorClass}: ${firstLine(s.message)}`,
          repo: s.repo,
        })),
        siteUrl,
      );
      for (const p of [e.permalink, shortPath(e.id)]) writeOut(outDir, siteFile(outDir, p), html);
    }
  }
  return { manifest, redirects: manifest.redirects.length, removed: manifest.removed.length };
}

const HISTORY_CSS = `body{font:16px/1.55 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}header{padding:.75rem 1.5rem;border-bottom:1px solid #d0d7de;font-weight:600}header a{color:inherit;text-decoration:none}main{max-width:48rem;margin:0 auto;padding:1.5rem;overflow-wrap:anywhere}a{color:#0550ae}small{color:#57606a}@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}header{border-color:#3d444d}a{color:#58a6ff}small{color:#9198a1}}`;

/** The page left at a removed record's address. */
export function removedPage(
  e: Manifest["removed"][number],
  closest: { path: string; title: string; repo: string }[],
  siteUrl?: string,
): string {
  const items = closest
    .map((c) => `<li><a href="${escapeHtml(c.path)}">${escapeHtml(c.title)}</a> <small>${escapeHtml(c.repo)}</small></li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Removed: ${escapeHtml(e.errorClass)}: ${escapeHtml(e.message)} · errdex</title><meta name="robots" content="noindex"><link rel="canonical" href="${escapeHtml(absoluteUrl(e.permalink, siteUrl))}"><link rel="stylesheet" href="/_errdex/history.css"></head><body><header><a href="/">errdex</a></header><main><h1>This error record was removed</h1><p><strong>${escapeHtml(e.errorClass)}: ${escapeHtml(e.message)}</strong></p><p>Record <code>${escapeHtml(e.id)}</code> was removed in dataset version <time datetime="${escapeHtml(e.removedIn)}">${escapeHtml(e.removedIn)}</time>.</p>${items ? `<h2>Closest current records</h2><ul>${items}</ul>` : "<p>No current record is close to it.</p>"}<p><a href="/">Paste your log on the home page</a> to find the errors it contains.</p></main></body></html>\n`;
}
