import { describe, expect, it } from "vitest";
import { BROWSER_ALIASES, withIslands, type IslandBundle } from "./islands";
import { UnexpectedScriptError } from "./csp";
import { FIXTURE_RECORDS } from "../lib/testing/fixtures/records";
import { answersByBuild, typedQueries } from "../lib/testing/flexsearch-parity";
import { buildSearchFiles } from "../lib/search/build";

const BUNDLE: IslandBundle = new Map([
  ["copy-button", { src: "/_next/static/errdex/copy-button-AAAA.js", preload: ["/_next/static/errdex/chunk-R.js"] }],
  [
    "search-dialog",
    { src: "/_next/static/errdex/search-dialog-BBBB.js", preload: ["/_next/static/errdex/chunk-R.js", "/_next/static/errdex/chunk-S.js"] },
  ],
]);

/** A page the way Next writes it: chunk scripts, a preload, the polyfills, the chunk list and the flight data. */
function nextPage(body: string): string {
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
    '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/0j1.js"/>',
    '<script src="/_next/static/chunks/1cu.js" async=""></script><script src="/_next/static/chunks/turbopack-07.js" async=""></script>',
    "<title>t</title></head><body>",
    body,
    '<script src="/_next/static/chunks/0cz.js" noModule=""></script>',
    '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/0j1.js"],"runtimeModuleIds":[94553]});</script>',
    "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
    '<script>self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])</script>',
    "</body></html>",
  ].join("");
}

const SEARCH =
  '<errdex-island data-island="search-dialog" data-props="{&quot;indexUrl&quot;:&quot;/i&quot;}"><button>Search</button></errdex-island>';
const COPY = '<errdex-island data-island="copy-button" data-props="{}"><button>Copy</button></errdex-island>';

describe("withIslands", () => {
  it("removes every script Next wrote and keeps the stylesheet", () => {
    const out = withIslands(nextPage("<main>text</main>"), BUNDLE);
    expect(out).not.toContain("<script");
    expect(out).not.toContain('rel="preload"');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(out).toContain("<main>text</main>");
  });

  it("loads the entry of each island on the page once, after preloading the chunks they share once", () => {
    const out = withIslands(nextPage(SEARCH + COPY + COPY), BUNDLE);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" src="/_next/static/errdex/search-dialog-BBBB.js">',
      '<script type="module" src="/_next/static/errdex/copy-button-AAAA.js">',
    ]);
    expect(head.match(/modulepreload" href="[^"]+"/g)).toEqual([
      'modulepreload" href="/_next/static/errdex/chunk-R.js"',
      'modulepreload" href="/_next/static/errdex/chunk-S.js"',
    ]);
  });

  it("keeps JSON data blocks", () => {
    const ld = '<script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(withIslands(nextPage(ld), BUNDLE)).toContain(ld);
  });

  it("stops on an inline script Next did not write", () => {
    expect(() => withIslands(nextPage("<script>alert(1)</script>"), BUNDLE, "errors/x.html")).toThrow(UnexpectedScriptError);
    expect(() => withIslands(nextPage("<script>alert(1)</script>"), BUNDLE, "errors/x.html")).toThrow(/errors\/x\.html: an inline script/);
  });

  it("stops on an island without a bundle", () => {
    const page = nextPage('<errdex-island data-island="log-lookup" data-props="{}"></errdex-island>');
    expect(() => withIslands(page, BUNDLE, "index.html")).toThrow('index.html: the page holds a "log-lookup" island, which has no bundle');
  });

  it("stops on a page that would still load a Next script", () => {
    const page = nextPage('<link rel="modulepreload" href="/_next/static/chunks/x.js"/>');
    expect(() => withIslands(page, BUNDLE, "tags.html")).toThrow("tags.html: still loads /_next/static/chunks/x.js");
  });

  it("leaves pages Next did not write alone", () => {
    const page = '<!doctype html><html><head><meta http-equiv="refresh" content="0; url=/x"></head><body></body></html>';
    expect(withIslands(page, BUNDLE)).toBe(page);
  });

  it("does not mistake record text that names an island for one", () => {
    const text = "<p>&lt;errdex-island data-island=&quot;log-lookup&quot;&gt;</p>";
    expect(withIslands(nextPage(text), BUNDLE)).not.toContain("<script");
  });
});

describe("the FlexSearch build the islands load (BROWSER_ALIASES)", () => {
  it("answers every query as Node's full build does, over the index the full build wrote", async () => {
    const { files } = await buildSearchFiles(FIXTURE_RECORDS, { bucketBytes: 300, docsPage: 3, facetPage: 4 });
    const { full, other, otherHasWorker } = await answersByBuild(files, typedQueries(FIXTURE_RECORDS), BROWSER_ALIASES.flexsearch);
    expect(otherHasWorker).toBe(false); // the compact build was loaded
    expect(other.filter((a) => a.hits.length > 0).length).toBeGreaterThan(100);
    expect(other).toEqual(full);
  });
});
