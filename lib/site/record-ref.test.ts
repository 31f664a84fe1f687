import { describe, expect, it } from "vitest";
import { exampleRecord } from "../testing/test-fixtures";
import { oneEditApart, parseRef, resolveRef } from "./record-ref";
import type { Manifest } from "./manifest";

const r = exampleRecord();

describe("parseRef", () => {
  it.each([
    ["213d04cf659a6918", { kind: "id", id: "213d04cf659a6918" }],
    [" 213D04CF659A6918 ", { kind: "id", id: "213d04cf659a6918" }],
    ["/e/213d04cf659a6918", { kind: "short", id: "213d04cf659a6918" }],
    ["e/213d04cf659a6918/", { kind: "short", id: "213d04cf659a6918" }],
    ["http://localhost:3000/e/213d04cf659a6918?x=1#y", { kind: "short", id: "213d04cf659a6918" }],
    ["/errors/o-1/r.x_y/some-slug", { kind: "permalink", repo: "o-1/r.x_y", slug: "some-slug" }],
    ["https://errdex.example.org/errors/o/r/some-slug/", { kind: "permalink", repo: "o/r", slug: "some-slug" }],
    ["o/r/some-slug", { kind: "slug", repo: "o/r", slug: "some-slug" }],
  ])("%j", (raw, ref) => {
    expect(parseRef(raw)).toEqual(ref);
  });

  it.each([
    "",
    "hello",
    "213d04cf659a691",
    "/e/nothex0000000000",
    "/errors/../../etc/passwd",
    "o/r/Not_Kebab",
    "o/../x",
    "https://[bad",
    "%E0%A4%A",
    "a/b/c/d",
  ])("refuses %j", (raw) => {
    expect(parseRef(raw)).toBeNull();
  });
});

describe("oneEditApart", () => {
  it.each([
    ["abc", "abc", true],
    ["abc", "abd", true],
    ["abc", "ab", true],
    ["abc", "xabc", true],
    ["abc", "acb", false],
    ["abc", "a", false],
  ])("%j and %j: %s", (a, b, near) => {
    expect(oneEditApart(a, b)).toBe(near);
    expect(oneEditApart(b, a)).toBe(near);
  });
});

describe("resolveRef", () => {
  it("follows a redirect of an older manifest to the record's current name", () => {
    const manifest: Manifest = {
      version: 1,
      datasetVersion: "v1",
      records: [],
      redirects: [{ from: "/errors/sgl-project/sglang/old-name", id: r.id }],
      removed: [],
    };
    expect(resolveRef({ kind: "slug", repo: r.repo, slug: "old-name" }, [r], manifest)).toEqual({
      record: null,
      suggestions: [`${r.repo}/${r.slug} (${r.id})`],
      notes: [`${r.repo}/old-name is an older name of record ${r.id}`],
    });
  });
});
