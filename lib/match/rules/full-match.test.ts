import { describe, expect, it } from "vitest";
import { fullMatch } from "./full-match";
import { apply, judging } from "./test-judging";

describe("full-match", () => {
  it.each([
    { story: "a specific record", specific: true, raiseSite: false, confidence: "high" },
    { story: "a generic one at its raise site", specific: false, raiseSite: true, confidence: "high" },
    { story: "a generic one elsewhere", specific: false, raiseSite: false, confidence: "low" },
  ] as const)("$story: $confidence", ({ specific, raiseSite, confidence }) => {
    const j = apply(fullMatch, judging({ specific, raiseSite, confidence: "medium" }));
    expect(j.confidence).toBe(confidence);
    expect(j.reasons).toEqual(["the whole pattern matched"]);
  });

  it("leaves other kinds alone", () => {
    const j = apply(fullMatch, judging({ f: { kind: "partial" }, confidence: "medium" }));
    expect([j.confidence, j.reasons]).toEqual(["medium", []]);
  });
});
