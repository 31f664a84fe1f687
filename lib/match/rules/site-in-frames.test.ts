import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { siteInFrames } from "./site-in-frames";
import { apply, judging, traceback } from "./test-judging";

const at = { file: true, line: false, source: false, distinctive: false, last: true, where: "vllm/config.py, line 100" };

describe("site-in-frames", () => {
  it.each([
    { story: "the last frame prints the raise statement", site: { ...at, source: true }, score: T.scoreSiteSource },
    { story: "an earlier frame prints it", site: { ...at, source: true, last: false }, score: T.scoreSiteSource * T.siteEarlierFrame },
    { story: "a frame at the record's line", site: { ...at, line: true }, score: T.scoreSiteLine },
    { story: "a frame in the record's file", site: at, score: T.scoreSiteFile },
  ])("$story", ({ site, score }) => {
    const j = apply(siteInFrames, judging({ hit: { tb: traceback(), final: true }, site }));
    expect(j.score).toBe(score);
    expect(j.reasons).toHaveLength(1);
  });

  it("weighs nothing without a site", () => {
    expect(apply(siteInFrames, judging({ hit: { tb: traceback(), final: true } })).score).toBe(0);
  });
});
