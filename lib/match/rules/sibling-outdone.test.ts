import { describe, expect, it } from "vitest";
import { siblingOutdone } from "./sibling-outdone";
import { apply, judging, wording } from "./test-judging";

describe("sibling-outdone", () => {
  it.each([
    {
      story: "a full match its sibling outdoes is at most medium",
      kind: "full",
      pair: { outdoneBy: "sib" },
      from: "high",
      to: "medium",
      as: "similar",
    },
    { story: "…and stays low when low", kind: "full", pair: { outdoneBy: "sib" }, from: "low", to: "low", as: "similar" },
    { story: "the sibling is at least medium", kind: "similar", pair: { outdoes: "full" }, from: "low", to: "medium", as: undefined },
    { story: "a full match alone keeps its confidence", kind: "full", pair: {}, from: "high", to: "high", as: undefined },
  ] as const)("$story", ({ kind, pair, from, to, as }) => {
    const j = apply(siblingOutdone, judging({ f: { kind, wording: wording(), ...pair }, confidence: from }));
    expect(j.confidence).toBe(to);
    expect(j.rankedAs).toBe(as);
    expect(j.reasons.length).toBe(Object.keys(pair).length);
  });
});
