import { describe, expect, it } from "vitest";
import { T } from "../rank/tuning";
import { strongOverlap } from "./strong-overlap";
import { apply, judging, traceback, wording } from "./test-judging";

const most = { recordCoverage: T.strongRecordCoverage, lineCoverage: T.strongLineCoverage };
const added = { recordCoverage: T.addedClauseRecordCoverage, lineCoverage: T.wholeLineCoverage };

describe("strong-overlap", () => {
  it.each([
    { story: "most of both sides", w: most, cls: undefined, strong: true },
    {
      story: "not when a name contradicts",
      w: { ...most, conflict: { record: 0.1, line: 0.1, names: [] } },
      cls: undefined,
      strong: false,
    },
    { story: "not with too little of the line", w: { ...most, lineCoverage: T.strongLineCoverage - 0.01 }, cls: undefined, strong: false },
    {
      story: "a whole sentence of the record word for word",
      w: { lineCoverage: T.strongLineCoverage, sentenceFound: true },
      cls: undefined,
      strong: true,
    },
    { story: "the whole line, a record with an added clause, of the traceback's class", w: added, cls: "ValueError", strong: true },
    { story: "…not of another class", w: added, cls: "KeyError", strong: false },
    { story: "no wording, no overlap", w: undefined, cls: undefined, strong: false },
  ])("$story", ({ w, cls, strong }) => {
    const hit = cls ? { tb: traceback({ exceptionClass: cls }), final: true } : undefined;
    const j = judging({ f: { kind: "similar", ...(w ? { wording: wording(w) } : {}) }, ...(hit ? { hit } : {}) });
    expect(apply(strongOverlap, j).strong).toBe(strong);
  });
});
