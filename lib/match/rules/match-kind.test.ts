import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { matchKind } from "./match-kind";
import { apply, judging } from "./test-judging";

describe("match-kind", () => {
  it.each([
    { kind: "full", rankedAs: undefined, score: T.scoreFull },
    { kind: "partial", rankedAs: undefined, score: T.scorePartial },
    { kind: "raise-site", rankedAs: undefined, score: T.scoreRaiseSite },
    { kind: "similar", rankedAs: undefined, score: T.scoreSimilar },
    { kind: "similar", rankedAs: "raise-site", score: T.scoreRaiseSite },
    { kind: "full", rankedAs: "similar", score: T.scoreSimilar },
  ] as const)("$kind ranked as $rankedAs", ({ kind, rankedAs, score }) => {
    expect(apply(matchKind, judging({ f: { kind }, rankedAs })).score).toBe(score);
  });
});
