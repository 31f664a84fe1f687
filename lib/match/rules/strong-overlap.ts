import { classAgrees } from "../../log/traceback";
import { T } from "../rank/tuning";
import type { Judging, Rule } from "./judging";

/** Whether the class the traceback raises, or else the one the line names, is the record's (true when neither names one). */
function sameClass(j: Judging): boolean {
  const tb = j.hit?.tb;
  if (tb) return tb.exceptionClass === "" || classAgrees(tb, j.e.errorClass);
  const named = j.named ?? [];
  return named.length === 0 || named.includes(j.e.errorClass);
}

export const strongOverlap: Rule = {
  id: "strong-overlap",
  stage: "evidence",
  doc:
    "Similar wording overlaps strongly when it explains most of the line and holds most of the record, or one whole " +
    "sentence of the record word for word; or when it explains the whole line and a good share of a record that says " +
    "more (a release added a clause) of the class the log names, if it names one: placeholders explain any words, a " +
    "class does not drift with a clause. A name the line contradicts is never strong overlap.",
  observe(j) {
    const w = j.f.wording;
    j.strong =
      !!w &&
      w.conflict.record === 0 &&
      w.lineCoverage >= T.strongLineCoverage &&
      (w.recordCoverage >= T.strongRecordCoverage ||
        w.sentenceFound === true ||
        (w.lineCoverage >= T.wholeLineCoverage &&
          w.conflict.line === 0 &&
          w.recordCoverage >= T.addedClauseRecordCoverage &&
          sameClass(j)));
  },
};
