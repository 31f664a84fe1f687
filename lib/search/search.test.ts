import { describe, expect, it } from "vitest";
import { FIXTURE_RECORDS, R } from "../testing/fixtures/records";
import { buildSearchData, editDistance, facets, filterHits, highlight, looksLikeLog, Searcher, TITLE_MAX, titleOf } from "./search";
import { parseStoredDocs, parseStoredIndex } from "./stored";
import { InputError } from "../parse";

/** Builds, exports to JSON text and imports again: what the browser gets. */
async function loadFromJson(records = FIXTURE_RECORDS): Promise<Searcher> {
  const { index, docs } = await buildSearchData(records);
  return Searcher.load(parseStoredIndex(JSON.parse(JSON.stringify(index))), parseStoredDocs(JSON.parse(JSON.stringify(docs))));
}

const search = await loadFromJson();
const slugs = (q: string) => search.search(q).hits.map((h) => h.slug);

describe("search over the fixture records", () => {
  it("round-trips through the exported JSON and holds every record", () => {
    expect(search.size).toBe(FIXTURE_RECORDS.length);
  });

  it("finds a record by the exact words of its message", () => {
    expect(slugs("illegal memory access")[0]).toBe(R.cudaIllegalAccess.slug);
    expect(slugs("mem-fraction-static")).toContain(R.notEnoughMemory.slug);
  });

  it("finds records by class, tag and file path", () => {
    expect(slugs("OSError")).toEqual([R.tokenizerLoad.slug]);
    expect(slugs("lora")).toContain(R.loraRank.slug);
    expect(slugs("gpu_model_runner")).toContain(R.cudaIllegalAccess.slug);
  });

  it("prefers records holding every word, else returns those holding some, flagged partial", () => {
    const all = search.search("illegal memory ");
    expect(all.partial).toBe(false);
    expect(all.hits.map((h) => h.slug)).toEqual([R.cudaIllegalAccess.slug]);
    const some = search.search("illegal tokenizer zzzqqqxxx ");
    expect(some.partial).toBe(true);
    expect(some.hits.map((h) => h.slug)).toEqual(expect.arrayContaining([R.cudaIllegalAccess.slug, R.tokenizerLoad.slug]));
  });

  it("tolerates a typo", () => {
    const r = search.search("ilegal memroy acess ");
    expect(r.hits.map((h) => h.slug)[0]).toBe(R.cudaIllegalAccess.slug);
    expect(r.fuzzy).toBe(true);
    expect(search.search("tokenzier ").hits.map((h) => h.slug)).toContain(R.tokenizerLoad.slug);
  });

  it("matches the last word as a prefix while it is being typed", () => {
    expect(slugs("illegal mem")).toContain(R.cudaIllegalAccess.slug);
    expect(slugs("tokeni")).toContain(R.tokenizerMode.slug);
  });

  it("ranks a hit in the class and message above a hit deep in the text", () => {
    // Every fixture shares the example's documentation, which says "attention"; one message does too, early on.
    const hits = slugs("attention ");
    expect(hits).toHaveLength(FIXTURE_RECORDS.length);
    expect(hits[0]).toBe(R.tpDivisible.slug);
  });

  it("returns nothing for an empty query, punctuation, or an unknown word", () => {
    expect(slugs("")).toEqual([]);
    expect(slugs("   ")).toEqual([]);
    expect(slugs("!!! ???")).toEqual([]);
    expect(slugs("zzzqqqxxx")).toEqual([]);
  });

  it("filters by repository, class and tag, and lists the facets", () => {
    const hits = search.search("memory").hits;
    expect(new Set(hits.map((h) => h.repo)).size).toBeGreaterThan(1);
    const vllm = filterHits(hits, { repo: "vllm-project/vllm", errorClass: "", tag: "" });
    expect(vllm.length).toBeGreaterThan(0);
    expect(vllm.every((h) => h.repo === "vllm-project/vllm")).toBe(true);
    expect(filterHits(hits, { repo: "", errorClass: "RuntimeError", tag: "cuda" }).map((h) => h.slug)).toEqual([R.cudaIllegalAccess.slug]);
    const f = facets(hits);
    expect(f.repos).toContain("sgl-project/sglang");
    expect(f.tags).toContain("memory");
    expect(f.classes).toContain("RuntimeError");
  });
});

describe("highlight", () => {
  it("marks the matched words, including a typo's correction and a prefix", () => {
    const r = search.search("ilegal mem");
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

describe("stored data", () => {
  it("rejects data of another version or shape with a readable error", () => {
    expect(() => parseStoredIndex({ v: 99, parts: [] })).toThrow(new InputError(["search index: v: 99 expected version 1 data"]));
    expect(() => parseStoredIndex(null)).toThrow(new InputError(["search index: null Invalid input: expected object, received null"]));
    expect(() => parseStoredDocs({ v: 1, repos: [], tags: [], docs: [[0, "x"]] }, "/_errdex/search-docs.json")).toThrow(
      new InputError(["/_errdex/search-docs.json: docs[0]: (a list) Too small: expected array to have >=5 items"]),
    );
  });

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
