import { describe, expect, it } from "vitest";
import type { LogOutcome } from "./devset-eval";
import { acceptChanges, calibrate, describeChange, diffOutcomes, outcomeOf, type Snapshot } from "./eval-outcomes";

const log = (over: Partial<LogOutcome>): LogOutcome => ({
  file: "a.log",
  category: "in-corpus",
  expected: ["e"],
  outcome: "",
  answers: [],
  ...over,
});
const ans = (id: string, confidence = "high", kind = "full") => ({ id, kind, confidence });

describe("outcomeOf", () => {
  it.each([
    ["expected first", log({ answers: [ans("e")] }), { rank: 1, kind: "full", confidence: "high", first: null }],
    [
      "expected second, a wrong answer first",
      log({ answers: [ans("x", "medium", "similar"), ans("e", "low", "similar")] }),
      { rank: 2, kind: "similar", confidence: "low", first: ans("x", "medium", "similar") },
    ],
    ["no answer", log({ answers: [] }), { rank: null, kind: null, confidence: null, first: null }],
    [
      "a negative answered",
      log({ category: "negative", expected: [], answers: [ans("x", "low")] }),
      { rank: null, kind: null, confidence: null, first: ans("x", "low") },
    ],
  ])("%s", (_, l, want) => expect(outcomeOf(l)).toEqual(want));
});

describe("diffOutcomes", () => {
  const one: Snapshot = { "a.log": { rank: 1, kind: "full", confidence: "high", first: null, reason: "r" } };
  it("ignores reasons and finds no change in the same outcome", () => {
    expect(diffOutcomes(one, { "a.log": { rank: 1, kind: "full", confidence: "high", first: null } })).toEqual([]);
  });
  it("reports a drop in confidence, a new log and a log gone", () => {
    const now: Snapshot = {
      "a.log": { rank: 1, kind: "full", confidence: "medium", first: null },
      "b.log": { rank: null, kind: null, confidence: null, first: null },
    };
    const changes = diffOutcomes({ ...one, "c.log": one["a.log"]! }, now);
    expect(changes.map((c) => c.file)).toEqual(["a.log", "b.log", "c.log"]);
    expect(describeChange(changes[0]!)).toBe("a.log: expected at rank 1 (full, high) → expected at rank 1 (full, medium)");
    expect(describeChange(changes[1]!)).toBe("b.log: not recorded → expected record not answered");
    expect(describeChange(changes[2]!)).toBe("c.log: expected at rank 1 (full, high) → not recorded");
  });
  it("reports a different wrong first answer", () => {
    const before: Snapshot = { "a.log": { rank: 2, kind: "similar", confidence: "low", first: ans("x", "medium") } };
    const after: Snapshot = { "a.log": { rank: 2, kind: "similar", confidence: "low", first: ans("y", "medium") } };
    expect(describeChange(diffOutcomes(before, after)[0]!)).toBe(
      "a.log: expected at rank 2 (similar, low); first x (full, medium) → expected at rank 2 (similar, low); first y (full, medium)",
    );
  });
});

describe("acceptChanges", () => {
  const before: Snapshot = { "a.log": { rank: 2, kind: "similar", confidence: "low", first: ans("x") } };
  const after: Snapshot = { "a.log": { rank: 1, kind: "similar", confidence: "medium", first: null } };
  const changes = diffOutcomes(before, after);

  it("records the new outcome with its reason", () => {
    expect(acceptChanges(before, changes, new Map([["a.log", " the clause rule "]]))).toEqual({
      "a.log": { rank: 1, kind: "similar", confidence: "medium", first: null, reason: "the clause rule" },
    });
  });
  it("refuses a changed log without a reason", () => {
    expect(() => acceptChanges(before, changes, new Map([["a.log", "  "]]))).toThrow(
      'a reason is needed for each changed log; missing for: a.log (--reason FILE="why")',
    );
  });
  it("refuses a reason for a log that did not change", () => {
    expect(() =>
      acceptChanges(
        before,
        changes,
        new Map([
          ["a.log", "why"],
          ["b.log", "why"],
        ]),
      ),
    ).toThrow("these logs did not change, so there is nothing to accept: b.log");
  });
  it("drops a log that is gone from its set", () => {
    expect(acceptChanges(before, diffOutcomes(before, {}), new Map())).toEqual({});
  });
});

describe("calibrate", () => {
  it("counts a first answer right only when it is an expected record of an in-corpus log", () => {
    const logs = [
      log({ answers: [ans("e", "high")] }),
      log({ answers: [ans("x", "high"), ans("e")] }),
      log({ category: "negative", expected: [], answers: [ans("n", "medium")] }),
      log({ category: "absent", expected: [], answers: [ans("n", "low")] }),
      log({ answers: [ans("e", "low")] }),
      log({ answers: [] }),
    ];
    expect(calibrate(logs)).toEqual([
      { confidence: "high", answers: 2, right: 1 },
      { confidence: "medium", answers: 1, right: 0 },
      { confidence: "low", answers: 2, right: 1 },
    ]);
  });
});
