import { describe, expect, it } from "vitest";
import { R } from "../testing/fixtures/records";
import { editDistance, facets, filterHits, highlight, looksLikeLog, TITLE_MAX, titleOf } from "./search";
import { openSearch } from "../testing/search-files";

const search = await openSearch();

describe("filters", () => {
  it("narrow the hits by repository, class and tag, and list the facets", async () => {
    const hits = (await search.search("memory")).hits;
    expect(new Set(hits.map((h) => h.repo)).size).toBeGreaterThan(1);
    const vllm = filterHits(hits, { repo: "vllm-project/vllm", errorClass: "", tag: "" });
    expect(vllm.length).toBeGreaterThan(0);
    expect(vllm.every((h) => h.repo === "vllm-project/vllm")).toBe(true);
    const cuda = filterHits(hits, { repo: "", errorClass: "RuntimeError", tag: "cuda" });
    expect((await search.docs(cuda)).map((h) => h.slug)).toEqual([R.cudaIllegalAccess.slug]);
    const f = facets(hits);
    expect(f.repos).toContain("sgl-project/sglang");
    expect(f.tags).toContain("memory");
    expect(f.classes).toContain("RuntimeError");
  });
});

describe("highlight", () => {
  it("marks the matched words, including a typo's correction and a prefix", async () => {
    const r = await search.search("ilegal mem");
    const marked = highlight(R.cudaIllegalAccess.errorMessage, r.terms, (w) => search.encode(w))
      .filter((s) => s.mark)
      .map((s) => s.text);
    expect(marked).toEqual(["illegal", "memory"]);
  });

  it("keeps the text intact", () => {
    const text = "CUDA error: an illegal <b>memory</b> access";
    expect(
      highlight(text, ["x"], (w) => search.encode(w))
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
  });
});

describe("titleOf", () => {
  it("keeps the first line of the message, at most TITLE_MAX characters", () => {
    expect(titleOf("\nfirst line\nsecond")).toBe("first line");
    expect(titleOf("x".repeat(500))).toHaveLength(TITLE_MAX);
  });
});

describe("looksLikeLog", () => {
  it.each([
    ["Traceback (most recent call last):", true],
    ["line one\nline two", true],
    ["line one\r\nline two", true],
    ["RuntimeError: CUDA error", false],
    ["illegal memory\n\n", false],
    ["", false],
  ])("%j → %s", (text, expected) => {
    expect(looksLikeLog(text)).toBe(expected);
  });
});

describe("editDistance", () => {
  it.each([
    ["memory", "memory", 0],
    ["memroy", "memory", 1],
    ["memry", "memory", 1],
    ["memoryy", "memory", 1],
    ["abc", "xyz", 3],
  ])("%s → %s is %i (capped at 2 → 3)", (a, b, d) => {
    expect(editDistance(a, b, 2)).toBe(Math.min(d, 3));
  });
});
