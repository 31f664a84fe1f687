import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { namedClass } from "./named-class";
import { apply, judging } from "./test-judging";

describe("named-class", () => {
  it.each([
    { named: ["ValueError"], score: T.scoreClass },
    { named: ["KeyError"], score: 0 },
    { named: undefined, score: 0 },
  ])("the line names $named", ({ named, score }) => {
    const j = apply(namedClass, judging({ named }));
    expect([j.score, j.classBonus, j.reasons.length]).toEqual([score, score > 0, score > 0 ? 1 : 0]);
  });
});
