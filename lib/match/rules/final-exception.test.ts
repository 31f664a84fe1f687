import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { finalException } from "./final-exception";
import { apply, frame, judging, traceback } from "./test-judging";

describe("final-exception", () => {
  it.each([
    { final: true, score: T.scoreFinalException, says: "final exception of the traceback at line 1" },
    { final: false, score: T.scoreException, says: "an exception in the traceback at line 1" },
  ])("final $final", ({ final, score, says }) => {
    const j = apply(finalException, judging({ hit: { tb: traceback(), final } }));
    expect([j.score, j.reasons]).toEqual([score, [says]]);
  });

  it("says where a paste cut in the last frame ends", () => {
    const tb = traceback({ cut: true, frames: [frame("/x/vllm/config.py", 7, "raise Val")] });
    expect(apply(finalException, judging({ hit: { tb, final: true } })).reasons[1]).toBe(
      "the paste ends in the traceback's last frame, at `raise Val`: no exception line to compare",
    );
  });

  it("weighs nothing without a traceback", () => {
    expect(apply(finalException, judging()).score).toBe(0);
  });
});
