import { describe, expect, it } from "vitest";
import { copiedIn } from "./copied-in";
import { apply, frame, judging, traceback } from "./test-judging";

const e = { repo: "huggingface/transformers", filePath: "transformers/models/roc_bert/modeling_roc_bert.py" };

describe("copied-in", () => {
  it.each([
    {
      story: "raised in shared code, never in the model's folder",
      files: ["/sp/transformers/models/bert/modeling_bert.py"],
      copied: "transformers/models/bert/modeling_bert.py",
      to: "medium",
    },
    {
      story: "raised through the model's folder",
      files: ["/sp/transformers/models/roc_bert/modeling_roc_bert.py", "/sp/transformers/models/bert/modeling_bert.py"],
      copied: null,
      to: "high",
    },
    { story: "raised outside the record's package", files: ["/sp/torch/nn/module.py"], copied: null, to: "high" },
  ])("$story", ({ files, copied, to }) => {
    const tb = traceback({ frames: files.map((f) => frame(f, 9)) });
    const j = apply(copiedIn, judging({ e, hit: { tb, final: true }, confidence: "high" }));
    expect(j.copiedIn).toBe(copied);
    expect(j.confidence).toBe(to);
    expect(j.reasons.length).toBe(copied ? 1 : 0);
  });

  it("looks only at full matches of the final traceback", () => {
    const tb = traceback({ frames: [frame("/sp/transformers/models/bert/modeling_bert.py", 9)] });
    expect(apply(copiedIn, judging({ e, hit: { tb, final: false }, confidence: "high" })).copiedIn).toBeNull();
    expect(apply(copiedIn, judging({ e, f: { kind: "partial" }, hit: { tb, final: true } })).copiedIn).toBeNull();
  });
});
