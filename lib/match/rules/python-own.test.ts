import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { pythonOwn } from "./python-own";
import { apply, judging } from "./test-judging";

describe("python-own", () => {
  it.each([
    { message: "'{obj}' object has no attribute '{name}'", letters: 20, mirror: true },
    { message: "No module named '{name}'", letters: 12, mirror: true },
    { message: "list index out of range", letters: 18, mirror: true },
    { message: "error: unrecognized arguments: {' '.join(remaining)}", letters: 25, mirror: true },
    { message: "error: the following arguments are required: {names}", letters: 37, mirror: true },
    { message: "argument {name}: invalid choice: {value}", letters: 21, mirror: true },
    { message: "'{obj}' object has no attribute '{name}'", letters: T.mirrorLetters, mirror: false },
    { message: "max_model_len is too large for this model", letters: 20, mirror: false },
  ])("$message ($letters letters): $mirror", ({ message, letters, mirror }) => {
    const j = apply(pythonOwn, judging({ e: { message, letters } }));
    expect(j.mirror).toBe(mirror);
    expect(j.specific).toBe(!mirror);
    expect(j.reasons.length).toBe(mirror ? 1 : 0);
  });
});
