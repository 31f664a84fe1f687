import { describe, expect, it } from "vitest";
import { isRare, rarityMeasurable, sharesRareWords } from "./rare-words";
import { T } from "../../rank/tuning";

describe("rare-words", () => {
  it.each([
    [10, 10, true],
    [T.rareWordWeight * 10, 10, true],
    [T.rareWordWeight * 10 - 0.01, 10, false],
    [1, 10, false],
  ])("a word of weight %s (unknown %s) is rare: %s", (w, unknown, rare) => {
    expect(isRare(w, unknown)).toBe(rare);
  });

  it.each([
    [T.rareWordsShared, false, true],
    [T.rareWordsShared - 1, false, false],
    [T.rareWordsShared + 3, true, false],
  ])("%s rare words shared, contradicted %s: a candidate %s", (rare, contradicted, ok) => {
    expect(sharesRareWords(rare, contradicted)).toBe(ok);
  });

  it("does not act on a small dataset", () => {
    expect(rarityMeasurable(T.rareMinRecords - 1)).toBe(false);
    expect(rarityMeasurable(T.rareMinRecords)).toBe(true);
  });
});
