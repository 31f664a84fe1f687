import { describe, expect, it } from "vitest";
import { partialMatch } from "./partial-match";
import { apply, judging } from "./test-judging";

describe("partial-match", () => {
  it.each([
    { specific: true, raiseSite: true, confidence: "high" },
    { specific: true, raiseSite: false, confidence: "medium" },
    { specific: false, raiseSite: true, confidence: "medium" },
    { specific: false, raiseSite: false, confidence: "low" },
  ] as const)("specific $specific, raise site $raiseSite: $confidence", ({ specific, raiseSite, confidence }) => {
    const j = apply(partialMatch, judging({ f: { kind: "partial" }, e: { partial: { source: "", letters: 12 } }, specific, raiseSite }));
    expect(j.confidence).toBe(confidence);
    expect(j.reasons).toEqual(["part of the pattern matched (12 letters of literal text)"]);
  });

  it("leaves other kinds alone", () => {
    expect(apply(partialMatch, judging({ confidence: "high" })).confidence).toBe("high");
  });
});
