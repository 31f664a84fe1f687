import { describe, expect, it } from "vitest";
import { correctTypos, oneEditAway, type WordCount } from "./typo-words";

const known =
  (counts: Record<string, number>): WordCount =>
  (w) =>
    counts[w];

describe("typo-words", () => {
  it("lists the strings one edit away: dropped, swapped, changed and added letters", () => {
    const near = oneEditAway("abc");
    for (const w of ["bc", "ac", "ab", "bac", "acb", "xbc", "abx", "xabc", "abcx"]) expect(near).toContain(w);
    expect(near).not.toContain("abc");
  });

  it.each([
    ["No model archiectures are specified", { architecture: 3, model: 900, specified: 40 }, "No model architecture are specified"],
    ["the modle is gone", { model: 900 }, null], // too short to correct
    ["No model architecture here", { architecture: 3 }, null], // a word records use is never rewritten
    ["an unknownword appears", { architecture: 3 }, null], // nothing one edit away
    [`checkpoint ${"a".repeat(25_000)}`, { checkpoint: 2 }, null], // a run of one letter is no word
    ["quantizatoin failed", { quantization: 5, quantizatoon: 1, failed: 99 }, "quantizatoon failed"], // the rarest
    ["archiectures and quantizatoin", { architecture: 3, quantization: 5 }, null], // two unknown words: names, not a typo
  ])("%s", (text, counts, fixed) => {
    expect(correctTypos(text, known(counts))).toBe(fixed);
  });

  it("waits while a count is not at hand", () => {
    expect(correctTypos("No model archiectures", (w) => (w === "architecture" ? null : undefined))).toBeNull();
  });

  it("asks for every variant's count before it waits, so over split data their shards come in one batch", () => {
    const asked = new Set<string>();
    const notAtHand: WordCount = (w) => {
      asked.add(w);
      return ["architecture", "specified"].includes(w) ? null : undefined;
    };
    expect(correctTypos("No model archiectures are specified", notAtHand)).toBeNull();
    expect(asked).toContain("architecture");
    expect(asked).toContain("specified");
  });
});
