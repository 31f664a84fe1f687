import { describe, expect, it } from "vitest";
import { lineAlone } from "./line-alone";

describe("line-alone", () => {
  it.each([
    [
      "RuntimeError: No accelerator is available.",
      14,
      "No accelerator is available. (1) user@host:~$ python3 -m x",
      "No accelerator is available.",
    ],
    ["RuntimeError: No accelerator is available.", 14, "No accelerator is available.", null],
    ["   ", 0, "something joined", null],
    ["Error Message:", 0, "Error Message: Traceback (most recent call last):", null],
  ])("%s", (line, start, block, alone) => {
    expect(lineAlone(line, start, block)).toBe(alone);
  });
});
