import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { literalLength } from "./literal-length";
import { apply, judging } from "./test-judging";

describe("literal-length", () => {
  it.each([
    { letters: 5, score: 5 },
    { letters: T.maxLetterScore * 10, score: T.maxLetterScore },
  ])("$letters letters weigh $score", ({ letters, score }) => {
    expect(apply(literalLength, judging({ e: { letters } })).score).toBe(score);
  });
});
