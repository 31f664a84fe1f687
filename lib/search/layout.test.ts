import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  bucketOf,
  docsPageSize,
  frequencyTier,
  fromGaps,
  MAX_DOCS_PAGES,
  MIN_DOCS_PAGE,
  splitBySize,
  toGaps,
  typoKey,
  typoKeysFor,
  vocabKey,
} from "./layout";

describe("bucketOf", () => {
  const firsts = ["", "fo", "mem", "tok"];
  it.each([
    ["", 0],
    ["abc", 0],
    ["fo", 1],
    ["foo", 1],
    ["lz", 1],
    ["mem", 2],
    ["memory", 2],
    ["tok", 3],
    ["zzz", 3],
  ])("%j → bucket %i", (term, n) => {
    expect(bucketOf(term, firsts)).toBe(n);
  });

  it("names the last bucket whose first term is at most the term, for any terms", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string(), { minLength: 1 }), fc.string(), (terms, term) => {
        const firsts = ["", ...terms.filter(Boolean).sort()];
        const n = bucketOf(term, firsts);
        expect(firsts[n]! <= term).toBe(true);
        if (n + 1 < firsts.length) expect(term < firsts[n + 1]!).toBe(true);
      }),
    );
  });
});

describe("splitBySize", () => {
  it("keeps items in order, never splits one, and makes at most `max` runs", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 })),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        (sizes, target, max) => {
          const runs = splitBySize(sizes, (s) => s, target, max);
          expect(runs.flat()).toEqual(sizes);
          expect(runs.length).toBeLessThanOrEqual(max);
          expect(runs.every((r) => r.length > 0)).toBe(true);
        },
      ),
    );
  });

  it("cuts at about the target size", () => {
    expect(splitBySize([3, 3, 3, 3, 3, 3], (s) => s, 6, 100)).toEqual([
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
  });
});

describe("vocabKey", () => {
  it.each([
    ["memory", "m"],
    ["9x", "9"],
    ["_private", "_"],
    ["état", "_"],
    ["", "_"],
  ])("%j → %j", (term, key) => {
    expect(vocabKey(term)).toBe(key);
  });
});

describe("gaps", () => {
  it("round-trip FlexSearch's ascending slots, empty slots as empty lists", () => {
    expect(toGaps([[3, 4, 10], null, [7]])).toEqual([[3, 1, 6], [], [7]]);
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(fc.nat(1e6)).map((a) => a.sort((x, y) => x - y))), (slots) => {
        expect(fromGaps(toGaps(slots))).toEqual(slots);
      }),
    );
  });
});

describe("docsPageSize", () => {
  it("keeps small pages for small datasets and at most MAX_DOCS_PAGES pages for big ones", () => {
    expect(docsPageSize(20)).toBe(MIN_DOCS_PAGE);
    expect(docsPageSize(11_320)).toBe(MIN_DOCS_PAGE);
    expect(Math.ceil(100_000 / docsPageSize(100_000))).toBeLessThanOrEqual(MAX_DOCS_PAGES);
  });
});

describe("typo keys", () => {
  it("file a term by its 2nd and 3rd characters", () => {
    expect(typoKey("memore")).toBe("em");
    expect(typoKey("xé9")).toBe("_9");
  });

  it.each([
    ["substitution", "remore"],
    ["deletion", "emore"],
    ["insertion", "xmemore"],
    ["swap of the first two", "emmore"],
  ])("find the file of a term one %s away at the first letter", (_, typed) => {
    expect(typoKeysFor(typed)).toContain(typoKey("memore"));
  });
});

describe("frequencyTier", () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [1024, 10],
  ])("%i entries → tier %i", (n, tier) => {
    expect(frequencyTier(n)).toBe(tier);
  });
});
