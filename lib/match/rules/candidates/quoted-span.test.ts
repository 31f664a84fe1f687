import { describe, expect, it } from "vitest";
import { quotedSpans } from "./quoted-span";

describe("quoted-span", () => {
  it.each([
    ['[Bug]: "No model archiectures are specified" when running mistral', ["No model archiectures are specified"]],
    ["It says `prompt_logprobs` must be a positive value. when I pass -1", ["`prompt_logprobs` must be a positive value."]],
    ["the error “Cannot find any model weights” again", ["Cannot find any model weights"]],
    [
      "[Bug]: When inferring Qwen3-32B-AWQ with vllm0.9.2, an error message appears: Quantization scheme is not supported",
      ["Quantization scheme is not supported"],
    ],
    ["ValueError: max_model_len is too large for this model", []], // a class, not prose, before the colon
    ["[Bug]: the scheduler hangs after the first request", []], // a title tag
    ["it fails with: Reason: sparse", []], // too few words after the last colon
    ["RuntimeError: Device type: failed to infer", []], // a label, not prose, before the colon
    ["ValueError: Quantization config is missing: read https://huggingface.co/docs/quantization first", []], // a link
    ['a "short" word or two', []],
    ["no quotes at all in this sentence", []],
    ['"The whole line is one quote of a message"', []],
    ["", []],
  ])("%s", (line, spans) => {
    expect(quotedSpans(line).map((s) => s.text)).toEqual(spans);
  });

  it("reports where each span is in the line", () => {
    const line = 'title: "No model archiectures are specified" here';
    const [s] = quotedSpans(line);
    expect(line.slice(s!.start, s!.end)).toBe("No model archiectures are specified");
  });
});
