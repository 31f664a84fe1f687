import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { contradictedLast } from "./contradicted-last";
import { apply, judging, wording } from "./test-judging";

describe("contradicted-last", () => {
  it.each([
    { story: "a contradicted record gives back the explained share", conflict: 0.2, classBonus: false, score: -T.scoreExplained },
    { story: "…and the class's weight", conflict: 0.2, classBonus: true, score: -(T.scoreExplained + T.scoreClass) },
    { story: "an uncontradicted one keeps them", conflict: 0, classBonus: true, score: 0 },
  ])("$story", ({ conflict, classBonus, score }) => {
    const w = wording({ conflict: { record: conflict, line: conflict, names: [] } });
    expect(apply(contradictedLast, judging({ f: { kind: "similar", wording: w }, classBonus })).score).toBe(score);
  });
});
