import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { agreementOf } from "../rank/wording";
import { explained, explainedShare } from "./explained";
import { apply, judging, line, wording } from "./test-judging";

const TEXT = "ValueError: max_model_len is too large";

describe("explained", () => {
  const w = wording({ recordCoverage: 0.8, lineCoverage: 0.6 });
  it.each([
    { story: "the whole message, after its class", f: { lines: [line(TEXT)] }, generic: false, share: 1 },
    { story: "half of it", f: { lines: [line(TEXT, { end: 12 + 13 })] }, generic: false, share: 0.5 },
    {
      story: "a generic pattern's capture explains none",
      f: { lines: [line(TEXT, { captures: [{ group: 1, value: "max_model_len", start: 12, end: 25 }] })] },
      generic: true,
      share: 0.5,
    },
    { story: "a raise site alone explains none", f: { kind: "raise-site" as const }, generic: false, share: 0 },
    { story: "wording, by its agreement", f: { kind: "similar" as const, wording: w }, generic: false, share: agreementOf(w) },
  ])("$story", ({ f, generic, share }) => {
    const j = judging({ f, e: { generic } });
    expect(explainedShare(j.f)).toBeCloseTo(share);
    expect(apply(explained, j).score).toBeCloseTo(T.scoreExplained * share);
  });
});
