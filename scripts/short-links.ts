/**
 * Writes `out/e/<id>.html` for every record: a tiny page that sends the
 * reader on to the record's permalink. Written here rather than as a Next
 * route because it is one small file per record instead of five.
 */
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath, absoluteUrl, shortPath } from "../lib/record/permalink";
import { siteFile, writeOut } from "./out-path";
import { escapeHtml } from "../lib/site/html";

/** Writes one redirect page per record id under `<outDir>/e/`. */
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
