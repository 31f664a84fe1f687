import { describe, expect, it } from "vitest";
import { FIXTURE_RECORDS, R } from "../testing/fixtures/records";
import { memoryFetch, openSearch } from "../testing/search-files";
import { buildSearchFiles } from "./build";
import { bucketOf, searchPath, typoKeysFor } from "./layout";
import { Searcher } from "./searcher";
import { InputError } from "../parse";

/** The index whole (one bucket, one page) and finely split: many buckets, docs pages of 3, facet pages of 4. */
const whole = await openSearch(FIXTURE_RECORDS, { bucketBytes: Infinity, docsPage: 1000, facetPage: 1000 });
const SMALL = { bucketBytes: 300, docsPage: 3, facetPage: 4 };
const fine = await buildSearchFiles(FIXTURE_RECORDS, SMALL);

async function slugs(q: string, s: Searcher = whole): Promise<string[]> {
  return (await s.docs((await s.search(q)).hits)).map((h) => h.slug);
}

describe("search over the fixture records", () => {
  it("holds every record", () => {
    expect(whole.size).toBe(FIXTURE_RECORDS.length);
  });

  it("finds a record by the exact words of its message", async () => {
    expect((await slugs("illegal memory access"))[0]).toBe(R.cudaIllegalAccess.slug);
    expect(await slugs("mem-fraction-static")).toContain(R.notEnoughMemory.slug);
  });

  it("finds records by class, tag and file path", async () => {
    expect(await slugs("OSError")).toEqual([R.tokenizerLoad.slug]);
    expect(await slugs("lora")).toContain(R.loraRank.slug);
    expect(await slugs("gpu_model_runner")).toContain(R.cudaIllegalAccess.slug);
  });

  it("prefers records holding every word, else returns those holding some, flagged partial", async () => {
    const all = await whole.search("illegal memory ");
    expect(all.partial).toBe(false);
    expect((await whole.docs(all.hits)).map((h) => h.slug)).toEqual([R.cudaIllegalAccess.slug]);
    const some = await whole.search("illegal tokenizer zzzqqqxxx ");
    expect(some.partial).toBe(true);
    expect((await whole.docs(some.hits)).map((h) => h.slug)).toEqual(
      expect.arrayContaining([R.cudaIllegalAccess.slug, R.tokenizerLoad.slug]),
    );
  });

  it("tolerates a typo after the first letter", async () => {
    const r = await whole.search("ilegal memroy acess ");
    expect((await whole.docs(r.hits)).map((h) => h.slug)[0]).toBe(R.cudaIllegalAccess.slug);
    expect(r.fuzzy).toBe(true);
    expect(await slugs("tokenzier ")).toContain(R.tokenizerLoad.slug);
  });

  it("corrects a typo in the first letter through the typo files of the letters after it", async () => {
    const fetched: string[] = [];
    const split = await Searcher.open(memoryFetch(fine.files, fetched));
    const r = await split.search("remory "); // LatinBalance folds n into m, so "nemory" would be no typo at all
    expect(r.terms).toEqual(split.encode("memory"));
    expect(r.fuzzy).toBe(true);
    const typed = split.encode("remory")[0]!;
    expect(fetched.filter((p) => p.startsWith("search/v/") || p.startsWith("search/t/"))).toEqual([
      searchPath.vocab("r"),
      ...typoKeysFor(typed)
        .filter((k) => fine.manifest.typo.includes(k))
        .map((k) => searchPath.typo(k)),
    ]);
  });

  it("fetches no typo file for a known word", async () => {
    const fetched: string[] = [];
    const split = await Searcher.open(memoryFetch(fine.files, fetched));
    await split.search("memory ");
    expect(fetched.filter((p) => p.startsWith("search/t/"))).toEqual([]);
  });

  it("matches the last word as a prefix while it is being typed", async () => {
    expect(await slugs("illegal mem")).toContain(R.cudaIllegalAccess.slug);
    expect(await slugs("tokeni")).toContain(R.tokenizerMode.slug);
  });

  it("ranks a hit in the class and message above a hit deep in the text", async () => {
    // Every fixture shares the example's documentation, which says "attention"; one message does too, early on.
    const hits = await slugs("attention ");
    expect(hits).toHaveLength(FIXTURE_RECORDS.length);
    expect(hits[0]).toBe(R.tpDivisible.slug);
  });

  it("returns nothing for an empty query, punctuation, or an unknown word", async () => {
    for (const q of ["", "   ", "!!! ???", "zzzqqqxxx"]) expect(await slugs(q)).toEqual([]);
  });

  it("gives each hit its repository, class, tags, slug and title", async () => {
    const [hit] = await whole.docs((await whole.search("illegal memory access")).hits);
    const r = R.cudaIllegalAccess;
    expect(hit).toEqual({
      id: FIXTURE_RECORDS.indexOf(r),
      repo: r.repo,
      errorClass: r.errorClass,
      tags: r.tags,
      slug: r.slug,
      title: "CUDA error: an illegal memory access was encountered",
    });
  });
});

describe("the split", () => {
  it("cuts the index into sorted term ranges, each term in the bucket bucketOf names", () => {
    const { manifest, files } = fine;
    expect(manifest.buckets.length).toBeGreaterThan(10);
    expect([...manifest.buckets].sort()).toEqual(manifest.buckets);
    manifest.buckets.forEach((_, n) => {
      const bucket = files.get(searchPath.bucket(n)) as { terms: [string, number[][]][] };
      for (const [term] of bucket.terms) expect(bucketOf(term, manifest.buckets)).toBe(n);
    });
    expect(files.has(searchPath.docs(Math.ceil(FIXTURE_RECORDS.length / 3) - 1))).toBe(true);
    expect(files.has(searchPath.facets(Math.ceil(FIXTURE_RECORDS.length / 4) - 1))).toBe(true);
  });

  it("answers every query as one bucket does, fetching only the buckets of the query's terms", async () => {
    const fetched: string[] = [];
    const split = await Searcher.open(memoryFetch(fine.files, fetched));
    expect(fetched).toEqual([searchPath.manifest]);
    const queries = [
      "illegal memory access",
      "ilegal memroy acess ",
      "illegal mem",
      "tokeni",
      "attention ",
      "OSError",
      "lora rank",
      "illegal tokenizer zzzqqqxxx ",
    ];
    for (const q of queries) {
      expect(await split.search(q), q).toEqual(await whole.search(q));
      expect(await slugs(q, split), q).toEqual(await slugs(q, whole));
    }
    const buckets = fetched.filter((p) => p.startsWith("search/i/"));
    expect(buckets.length).toBeGreaterThan(1);
    expect(buckets.length).toBeLessThan(fine.manifest.buckets.length / 2);
    expect(new Set(fetched).size).toBe(fetched.length); // each file once per session
  });

  it("fetches the docs pages of the hits shown only", async () => {
    const fetched: string[] = [];
    const split = await Searcher.open(memoryFetch(fine.files, fetched));
    const { hits } = await split.search("attention ");
    expect(fetched.filter((p) => p.startsWith("search/d/"))).toEqual([]);
    await split.docs(hits.slice(0, 2));
    const pages = new Set(hits.slice(0, 2).map((h) => searchPath.docs(Math.floor(h.id / 3))));
    expect(fetched.filter((p) => p.startsWith("search/d/"))).toEqual([...pages]);
  });
});

describe("damaged or missing files", () => {
  /** A searcher over the fine split with one file replaced (undefined removes it). */
  async function withFile(path: string, value: unknown): Promise<Searcher> {
    const files = new Map(fine.files);
    if (value === undefined) files.delete(path);
    else files.set(path, value as never);
    return Searcher.open(memoryFetch(files));
  }
  /** "illegal" as the index holds it (the encoder balances spellings). */
  const ILLEGAL = whole.encode("illegal")[0]!;
  const bucketOfIllegal = bucketOf(ILLEGAL, fine.manifest.buckets);

  it("names a missing bucket, and tries it again on the next search", async () => {
    const files = new Map(fine.files);
    const path = searchPath.bucket(bucketOfIllegal);
    const kept = files.get(path)!;
    files.delete(path);
    const s = await Searcher.open(memoryFetch(files));
    await expect(s.search("illegal ")).rejects.toThrow(`/_errdex/search/i/${bucketOfIllegal}.json answered HTTP 404`);
    files.set(path, kept);
    expect((await s.search("illegal ")).hits.length).toBeGreaterThan(0);
  });

  it("names a damaged bucket and what is wrong in it", async () => {
    const s = await withFile(searchPath.bucket(bucketOfIllegal), { v: 2, n: bucketOfIllegal, terms: [[ILLEGAL, [["x"]]]] });
    await expect(s.search("illegal ")).rejects.toThrow(
      new InputError([`/_errdex/search/i/${bucketOfIllegal}.json: terms[0][1][0][0]: "x" Invalid input: expected number, received string`]),
    );
  });

  it("names a bucket holding terms of another range (a stale file)", async () => {
    const other = fine.files.get(searchPath.bucket(bucketOfIllegal + 1)) as { terms: unknown[] };
    const s = await withFile(searchPath.bucket(bucketOfIllegal), { v: 2, n: bucketOfIllegal, terms: other.terms });
    await expect(s.search("illegal ")).rejects.toThrow(
      /^\/_errdex\/search\/i\/\d+\.json: terms\[0\]: ".+" lies outside the bucket's range: the file is stale or damaged$/,
    );
  });

  it("names a manifest of another version", async () => {
    await expect(withFile(searchPath.manifest, { ...fine.manifest, v: 1 })).rejects.toThrow(
      new InputError(["/_errdex/search/manifest.json: v: 1 expected version 2 data"]),
    );
  });

  it("names a vocabulary file for another key", async () => {
    expect(ILLEGAL[0]).toBe("e");
    const s = await withFile(searchPath.vocab("e"), { v: 2, k: "m", terms: [], tiers: [] });
    await expect(s.search("illegal")).rejects.toThrow(
      new InputError(['/_errdex/search/v/e.json: k: "m" expected "e": the file is stale or misplaced']),
    );
  });

  it("names a facet or docs page with the wrong number of records", async () => {
    const facets = await withFile(searchPath.facets(0), { v: 2, n: 0, facets: [[0, 0, []]] });
    await expect(facets.search("attention ")).rejects.toThrow(
      new InputError(["/_errdex/search/f/0.json: holds 1 records, expected 4: the file is stale or damaged"]),
    );
    const docs = await withFile(searchPath.docs(0), { v: 2, n: 1, docs: [] });
    const hits = (await docs.search("attention ")).hits;
    await expect(docs.docs(hits)).rejects.toThrow(
      new InputError(["/_errdex/search/d/0.json: n: 1 expected 0: the file is stale or misplaced"]),
    );
  });

  it("names a facet naming a tag the manifest does not list", async () => {
    const s = await withFile(searchPath.facets(0), {
      v: 2,
      n: 0,
      facets: [
        [0, 0, [9999]],
        [0, 0, []],
        [0, 0, []],
        [0, 0, []],
      ],
    });
    await expect(s.search("attention ")).rejects.toThrow(
      new InputError(["/_errdex/search/f/0.json: facets[0]: names a tag the manifest does not list: the files are from different builds"]),
    );
  });
});
