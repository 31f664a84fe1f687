import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { recordClass } from "./record-class";
import { apply, judging, traceback } from "./test-judging";

describe("record-class", () => {
  it.each([
    { story: "raised as the record's class", tb: traceback(), score: T.scoreClass, says: "raised as ValueError, the record's class" },
    {
      story: "a raise statement cut at its start",
      tb: traceback({ cut: true, exceptionClass: "Val" }),
      score: T.scoreClass,
      says: "the raise statement, cut at `Val`, may name ValueError, the record's class",
    },
    { story: "another class", tb: traceback({ exceptionClass: "KeyError" }), score: 0, says: undefined },
  ])("$story", ({ tb, score, says }) => {
    const j = apply(recordClass, judging({ hit: { tb, final: true } }));
    expect([j.score, j.classBonus, j.reasons[0]]).toEqual([score, score > 0, says]);
  });
});
