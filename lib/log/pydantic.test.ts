import { describe, expect, it } from "vitest";
import { endsPydanticCheck, pydanticCheck, pydanticMessage } from "./pydantic";
import { messageStart } from "./looks-like-error";

const CHECK_LINE =
  "  Value error, Tensor parallel size (16) cannot be larger than the number of available GPUs (8) [type=value_error, input_value=ArgsKwargs((), {'model': 'x'}), input_type=ArgsKwargs]";

describe("pydantic's validation report", () => {
  it.each<[line: string, message: string | null]>([
    [CHECK_LINE, "Tensor parallel size (16) cannot be larger than the number of available GPUs (8)"],
    [
      "Value error, The model type 'gemma3' does not support float16. [type=value_error]",
      "The model type 'gemma3' does not support float16.",
    ],
    ["Assertion failed, max_num_seqs must be positive", "max_num_seqs must be positive"],
    // An issue that quotes the message without pydantic's tail: all of it.
    [
      "Value error, World size (16) is larger than the number of available GPUs (8)",
      "World size (16) is larger than the number of available GPUs (8)",
    ],
    // A `[type=` in the message itself, not pydantic's tail, stays.
    ["Value error, bad field [type=mytype] in config", "bad field [type=mytype] in config"],
    ["ValueError: not pydantic", null],
    ["The value error, as the docs call it", null],
  ])("%j → %j", (line, message) => {
    expect(pydanticCheck(line)).toBe(message);
  });

  it("ends a check's message at its type tail: no line after it continues the message", () => {
    expect(endsPydanticCheck(CHECK_LINE)).toBe(true);
    expect(endsPydanticCheck("Value error, a message the terminal wrapped")).toBe(false);
  });

  it("finds the first failed check of a ValidationError's message", () => {
    const message = [
      "2 validation errors for VllmConfig",
      "model_config",
      CHECK_LINE,
      "  Value error, second check [type=value_error]",
    ].join("\n");
    expect(pydanticMessage(message)).toBe("Tensor parallel size (16) cannot be larger than the number of available GPUs (8)");
    expect(pydanticMessage("1 validation error for X\n  Field required [type=missing]")).toBeNull();
    expect(pydanticMessage(`Something else\n${CHECK_LINE}`)).toBeNull();
  });

  it("starts a check line's message after `Value error, `", () => {
    expect(messageStart("Value error, x")).toBe("Value error, ".length);
    expect(messageStart("ValueError: x")).toBe("ValueError: ".length);
  });
});
