/**
 * sitemap.xml and robots.txt for the static site. Pure: the build script
 * writes what these return. Past 50,000 URLs (the sitemaps.org limit per
 * file) the sitemap becomes an index of numbered sitemap files.
 */
import { escapeHtml } from "./html";

/** The most URLs one sitemap file may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** One page in the sitemap: its absolute URL and, when known, when it last changed. */
export interface SitemapEntry {
  url: string;
  lastModified?: string;
}

/** A file to write under the site root: name (e.g. `sitemap.xml`) and contents. */
export interface SitemapFile {
  name: string;
  contents: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeHtml(e.url)}</loc>${e.lastModified ? `<lastmod>${escapeHtml(e.lastModified)}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * The sitemap files for `entries`: one `sitemap.xml` while they fit, else
 * `sitemap.xml` as an index of `sitemap-1.xml`, `sitemap-2.xml`, …
 */
export function sitemapFiles(entries: readonly SitemapEntry[], siteUrl: string, max = SITEMAP_MAX_URLS): SitemapFile[] {
  if (entries.length <= max) return [{ name: "sitemap.xml", contents: urlset(entries) }];
  const base = siteUrl.replace(/\/+$/, "");
  const parts: SitemapFile[] = [];
  for (let i = 0; i < entries.length; i += max)
    parts.push({ name: `sitemap-${parts.length + 1}.xml`, contents: urlset(entries.slice(i, i + max)) });
  const index = parts.map((p) => `<sitemap><loc>${escapeHtml(`${base}/${p.name}`)}</loc></sitemap>`);
  return [{ name: "sitemap.xml", contents: `${XML_HEAD}<sitemapindex ${NS}>\n${index.join("\n")}\n</sitemapindex>\n` }, ...parts];
}

/** robots.txt: everything may be crawled except the short links (they redirect to permalinks); points at the sitemap. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /e/\n\nSitemap: ${siteUrl.replace(/\/+$/, "")}/sitemap.xml\n`;
}
