import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapFiles } from "./sitemap";

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ url: `https://x.test/errors/o/r/e-${i}` }));

describe("sitemapFiles", () => {
  it("writes one urlset while the URLs fit", () => {
    const files = sitemapFiles([{ url: "https://x.test/a?b=1&c=<2>", lastModified: "2026-01-01T00:00:00Z" }], "https://x.test");
    expect(files.map((f) => f.name)).toEqual(["sitemap.xml"]);
    expect(files[0]!.contents).toContain("<loc>https://x.test/a?b=1&amp;c=&lt;2&gt;</loc><lastmod>2026-01-01T00:00:00Z</lastmod>");
    expect(files[0]!.contents).toContain("<urlset");
  });

  it("becomes an index of numbered sitemaps past the limit", () => {
    const files = sitemapFiles(entries(5), "https://x.test/", 2);
    expect(files.map((f) => f.name)).toEqual(["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"]);
    expect(files[0]!.contents).toContain("<sitemapindex");
    expect(files[0]!.contents).toContain("<loc>https://x.test/sitemap-3.xml</loc>");
    expect(files[3]!.contents.match(/<url>/g)).toHaveLength(1);
  });

  it("keeps exactly 50,000 URLs in one file", () => {
    expect(sitemapFiles(entries(50_000), "https://x.test")).toHaveLength(1);
    expect(sitemapFiles(entries(50_001), "https://x.test")).toHaveLength(3);
  });
});

describe("robotsTxt", () => {
  it("points at the sitemap", () => {
    expect(robotsTxt("https://x.test/")).toContain("Sitemap: https://x.test/sitemap.xml\n");
  });
});
