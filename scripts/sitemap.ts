/**
 * Writes `out/sitemap.xml` (an index with numbered parts past 50,000 URLs)
 * and `out/robots.txt`, with absolute URLs on the configured site URL.
 */
import { writeOut } from "./out-path";
import type { ErrorRecord } from "../lib/record/schema";
import { absoluteUrl, recordPath, repoPath, tagPath } from "../lib/record/permalink";
import { robotsTxt, sitemapFiles, type SitemapEntry } from "../lib/site/sitemap";

/** Every page worth crawling: home, tags, each tag, each repository, each record. Returns the number of URLs. */
export function writeSitemap(outDir: string, records: readonly ErrorRecord[], siteUrl: string, versionOf?: Map<string, string>): number {
  const url = (p: string) => absoluteUrl(p, siteUrl);
  const tags = [...new Set(records.flatMap((r) => r.tags.filter((t) => t.trim() !== "")))].sort();
  const repos = [...new Set(records.map((r) => r.repo))].sort();
  const entries: SitemapEntry[] = [
    { url: url("/") },
    { url: url("/tags") },
    ...tags.map((t) => ({ url: url(tagPath(t)) })),
    ...repos.map((r) => ({ url: url(repoPath(r)) })),
    ...records.map((r) => ({ url: url(recordPath(r)), lastModified: versionOf?.get(r.id) })),
  ];
  for (const f of sitemapFiles(entries, siteUrl)) writeOut(outDir, f.name, f.contents);
  writeOut(outDir, "robots.txt", robotsTxt(siteUrl));
  return entries.length;
}
