import { describe, expect, it } from "vitest";
import { absoluteUrl, githubLineUrl, githubUrlFor, recordPath, repoPath, shortPath, tagPath } from "./permalink";
import { exampleRecord } from "../testing/test-fixtures";

const EXAMPLE = exampleRecord();

describe("site paths", () => {
  it("a record's permalink is /errors/<owner>/<repo>/<slug>", () => {
    expect(recordPath(EXAMPLE)).toBe("/errors/sgl-project/sglang/pd-disaggregation-does-not-support-pd-different-tp");
  });

  it("a record's short link is /e/<id>", () => {
    expect(shortPath(EXAMPLE.id)).toBe("/e/213d04cf659a6918");
  });

  it("a repository's page is /errors/<owner>/<repo>", () => {
    expect(repoPath(EXAMPLE.repo)).toBe("/errors/sgl-project/sglang");
    expect(recordPath(EXAMPLE).startsWith(repoPath(EXAMPLE.repo) + "/")).toBe(true);
  });

  it.each(EXAMPLE.tags)("tag %s has the page /tags/<tag>", (tag) => {
    expect(tagPath(tag)).toBe(`/tags/${tag}`);
  });

  it.each([
    ["a space", "needs review", "/tags/needs%20review"],
    ["a slash", "c/c++", "/tags/c%2Fc%2B%2B"],
    ["a question mark and hash", "why?#1", "/tags/why%3F%231"],
    ["non-ASCII", "größe", "/tags/gr%C3%B6%C3%9Fe"],
  ])("a tag with %s is encoded into one path segment", (_story, tag, path) => {
    expect(tagPath(tag)).toBe(path);
  });

  it("encodes each part of a record path on its own, so a slash cannot add a segment", () => {
    expect(recordPath({ repo: "my.org/re po", slug: "a/b?c" })).toBe("/errors/my.org/re%20po/a%2Fb%3Fc");
    expect(repoPath("owner/na#me")).toBe("/errors/owner/na%23me");
    expect(shortPath("../x")).toBe("/e/..%2Fx");
  });
});

describe("absolute URLs", () => {
  it("stay site-relative when no site URL is configured", () => {
    expect(absoluteUrl("/e/213d04cf659a6918", undefined)).toBe("/e/213d04cf659a6918");
    expect(absoluteUrl("/e/213d04cf659a6918", "")).toBe("/e/213d04cf659a6918");
  });

  it("join the site URL without doubling the slash", () => {
    expect(absoluteUrl("/e/213d04cf659a6918", "https://errdex.example.org/")).toBe("https://errdex.example.org/e/213d04cf659a6918");
    expect(absoluteUrl("/e/213d04cf659a6918", "https://errdex.example.org")).toBe("https://errdex.example.org/e/213d04cf659a6918");
  });
});

describe("GitHub links", () => {
  it("the snippet link of the example is the githubUrl the record carries", () => {
    expect(githubUrlFor(EXAMPLE)).toBe(EXAMPLE.githubUrl);
  });

  it("the snippet link is built from repo, commit, path and line range", () => {
    expect(githubUrlFor(EXAMPLE)).toBe(
      `https://github.com/${EXAMPLE.repo}/blob/${EXAMPLE.analyzedSha}/${EXAMPLE.filePath}#L${EXAMPLE.sourceCodeStart}-L${EXAMPLE.sourceCodeEnd}`,
    );
  });

  it("the line link of the example points at the error line", () => {
    expect(githubLineUrl(EXAMPLE)).toBe(
      "https://github.com/sgl-project/sglang/blob/0132848349585cfe6aae51c4941cbae872505f8a/python/sglang/srt/disaggregation/mooncake/conn.py#L1344",
    );
  });

  it("encodes each path segment but keeps the slashes", () => {
    const r = { ...EXAMPLE, filePath: "docs/my notes/a#b.py" };
    expect(githubUrlFor(r)).toBe(`https://github.com/${EXAMPLE.repo}/blob/${EXAMPLE.analyzedSha}/docs/my%20notes/a%23b.py#L1326-L1362`);
    expect(githubLineUrl(r)).toBe(`https://github.com/${EXAMPLE.repo}/blob/${EXAMPLE.analyzedSha}/docs/my%20notes/a%23b.py#L1344`);
  });
});
