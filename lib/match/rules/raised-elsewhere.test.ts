import { describe, expect, it } from "vitest";
import { raisedElsewhere } from "./raised-elsewhere";
import { apply, frame, judging, traceback, wording } from "./test-judging";

describe("raised-elsewhere", () => {
  it.each([
    {
      story: "last frame in another dataset package",
      files: ["/sp/transformers/models/llama/configuration_llama.py"],
      at: "transformers/models/llama/configuration_llama.py",
    },
    { story: "a frame in the record's package", files: ["/sp/sglang/srt/x.py", "/sp/transformers/y.py"], at: null },
    { story: "last frame in no dataset package", files: ["/sp/torch/nn/module.py"], at: null },
  ])("$story", ({ files, at }) => {
    const tb = traceback({ frames: files.map((f) => frame(f, 9)) });
    const j = judging({
      e: { repo: "sgl-project/sglang", filePath: "sglang/srt/configs/internvl.py" },
      f: { kind: "similar", wording: wording() },
      hit: { tb, final: true },
      run: { packages: ["vllm", "sglang", "transformers"] },
      confidence: "medium",
    });
    apply(raisedElsewhere, j);
    expect(j.raisedElsewhere).toBe(at);
    expect(j.confidence).toBe(at ? "low" : "medium");
  });
});
