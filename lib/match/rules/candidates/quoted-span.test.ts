import { describe, expect, it } from "vitest";
import { quotedSpans } from "./quoted-span";

describe("quoted-span", () => {
  it.each([
    ['[Bug]: "No model archiectures are specified" when running mistral', ["No model archiectures are specified"]],
    ["It says `prompt_logprobs` must be a positive value. when I pass -1", ["`prompt_logprobs` must be a positive value."]],
    ["the error “Cannot find any model weights” again", ["Cannot find any model weights"]],
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
