import { describe, expect, it } from "vitest";
import { cutTail, opensWith } from "./cut-tail";

describe("cut-tail", () => {
  it.each([
    [
      "2025-03-28 08:30:52,932 api 393044 ERROR    [address=0.0.0.0:44547, pid=393543] Initialization failed. Ple",
      "Initialization failed. Ple",
    ],
    ["RuntimeError: Initialization failed. Please see", "Initialization failed. Please see"],
    ["ERROR: Initialization failed.", null],
    ["ERROR: failed to start", null],
    ["ERROR [x] Init fa", null],
    ["   ", null],
    ["", null],
    ["value = 3", null],
  ])("%s", (line, run) => {
    expect(cutTail(line)).toBe(run);
  });

  it.each([
    ["Initialization failed. Please see the error messages above.", "Initialization failed. Ple", true],
    ["Initialization  failed. Please see", "Initialization failed. Ple", true],
    ["Engine core initialization failed. See root cause above.", "Initialization failed. Ple", false],
    ["{name} initialization failed. Please see", "initialization failed. Ple", false],
  ])("%s opens with %s", (template, run, opens) => {
    expect(opensWith(template, run)).toBe(opens);
  });
});
