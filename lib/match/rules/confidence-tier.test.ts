import { describe, expect, it } from "vitest";
import { confidenceTier } from "./confidence-tier";
import { TIER } from "./judging";
import { apply, judging } from "./test-judging";

describe("confidence-tier", () => {
  it.each(["high", "medium", "low"] as const)("%s weighs its tier", (confidence) => {
    expect(apply(confidenceTier, judging({ confidence })).score).toBe(TIER[confidence]);
  });
});
