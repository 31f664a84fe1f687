import { describe, expect, it } from "vitest";
import { raiseSiteAlone } from "./raise-site-alone";
import { apply, judging } from "./test-judging";

const at = { file: true, line: false, source: false, distinctive: false, last: true, where: "vllm/config.py, line 7" };

describe("raise-site-alone", () => {
  it.each([
    {
      story: "the last frame prints the raise statement",
      site: { ...at, source: true },
      confidence: "medium",
      says: "runs through the record's raise site",
    },
    {
      story: "an earlier frame prints it",
      site: { ...at, source: true, last: false },
      confidence: "low",
      says: "runs through the record's raise site",
    },
    { story: "a frame at the record's line", site: { ...at, line: true }, confidence: "low", says: "runs through the record's raise site" },
    { story: "a frame in the record's file", site: at, confidence: "low", says: "last frame is in the record's file" },
  ] as const)("$story: $confidence", ({ site, confidence, says }) => {
    const j = apply(raiseSiteAlone, judging({ f: { kind: "raise-site" }, site, confidence: "high" }));
    expect(j.confidence).toBe(confidence);
    expect(j.reasons[0]).toContain(says);
  });

  it("leaves other kinds alone", () => {
    expect(apply(raiseSiteAlone, judging({ confidence: "high" })).confidence).toBe("high");
  });
});
