import { describe, expect, it } from "vitest";
import { withoutJsWhitespace } from "../../text";
import { lineHash } from "../data/source-facts";
import { raiseSite } from "./raise-site";
import { apply, frame, judging, traceback } from "./test-judging";

const STATEMENT = 'raise ValueError("max_model_len is too large")';

describe("raise-site", () => {
  it.each([
    { story: "a frame at the record's line is its raise site", frames: [frame("/x/vllm/config.py", 100)], site: true, raise: true },
    { story: "a frame printing its raise statement is too", frames: [frame("/x/vllm/config.py", 7, STATEMENT)], site: true, raise: true },
    { story: "a frame elsewhere in its file is not", frames: [frame("/x/vllm/config.py", 7)], site: true, raise: false },
    { story: "nor a frame in another file", frames: [frame("/x/vllm/engine.py", 100)], site: false, raise: false },
  ])("$story", ({ frames, site, raise }) => {
    const tb = traceback({ frames });
    const j = apply(raiseSite, judging({ hit: { tb, final: true }, e: { site: [lineHash(withoutJsWhitespace(STATEMENT))] } }));
    expect(!!j.site).toBe(site);
    expect(j.raiseSite).toBe(raise);
  });

  it("looks at no frames without the match's traceback", () => {
    expect(apply(raiseSite, judging()).site).toBeUndefined();
  });
});
