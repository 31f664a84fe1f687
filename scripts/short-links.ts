/**
 * Short links `/e/<id>` without a file per record. Every id goes into a
 * small shard (lib/page-plan idShardUrl: at most 256 files) mapping it to
 * its permalink, and the host sends `/e/*` to `/r`, which reads the shard
 * and moves on to the permalink: `_redirects` (Netlify, Cloudflare Pages)
 * says so in one rule, `npm start` answers with a real redirect, and a host
 * with no rules at all serves its 404 page, which does the same. Hosts
 * that can do none of this get one redirect page per record with
 * ERRDEX_SHORT_LINK_FILES=1.
 */
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath, absoluteUrl, shortPath } from "../lib/record/permalink";
import { idShardUrl, TAIL_PAGE } from "../lib/site/page-plan";
import { siteFile, writeOut } from "./out-path";
import { escapeHtml } from "../lib/site/html";

/** Writes the id → permalink shards of `entries` (current and removed records); returns how many files. */
export function writeShortLinkShards(outDir: string, entries: readonly { id: string; permalink: string }[]): number {
  // Null-prototype objects: a key is only ever data, whatever a record holds.
  const shards = new Map<string, Record<string, string>>();
  for (const { id, permalink } of entries) {
    const url = idShardUrl(id);
    let shard = shards.get(url);
    if (!shard) shards.set(url, (shard = Object.create(null) as Record<string, string>));
    shard[id] = permalink;
  }
  for (const [url, shard] of shards) writeOut(outDir, url.replace(/^\//, ""), JSON.stringify(shard));
  return shards.size;
}

/**
 * The `_redirects` rules (Netlify, Cloudflare Pages): short links go to the
 * page that resolves them; with a long tail, so do permalinks without a
 * file (Netlify only: files that exist win there, but not on Cloudflare).
 * Rewrites, so the address the reader shared stays in the bar until the
 * page moves on.
 */
export function redirectRules(hasTail: boolean): string {
  const lines = ["# Written by errdex's build (scripts/short-links.ts).", `/e/*  ${TAIL_PAGE}.html  200`];
  if (hasTail)
    lines.push(
      "# Long-tail records (Netlify: existing files win; Cloudflare Pages would shadow every page).",
      `/errors/*  ${TAIL_PAGE}.html  200`,
    );
  return lines.join("\n") + "\n";
}

/** Writes `<outDir>/_redirects` (see redirectRules). */
export function writeRedirectRules(outDir: string, hasTail: boolean): void {
  writeOut(outDir, "_redirects", redirectRules(hasTail));
}

/** The fallback: one redirect page per record id under `<outDir>/e/` (ERRDEX_SHORT_LINK_FILES=1). */
export function writeShortLinks(outDir: string, records: ErrorRecord[], siteUrl = process.env.ERRDEX_SITE_URL): void {
  for (const r of records)
    writeOut(outDir, siteFile(outDir, shortPath(r.id)), redirectPage(recordPath(r), `${r.errorClass}: ${r.errorMessage}`, siteUrl));
}

/** A page that redirects to `target` without script and still works if meta refresh is ignored. */
export function redirectPage(target: string, title: string, siteUrl?: string): string {
  const href = escapeHtml(absoluteUrl(target, siteUrl));
  const local = escapeHtml(target);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · errdex</title><meta name="robots" content="noindex"><link rel="canonical" href="${href}"><meta http-equiv="refresh" content="0; url=${local}"></head><body><p>This short link points to <a href="${local}">${escapeHtml(title)}</a>.</p></body></html>\n`;
}
