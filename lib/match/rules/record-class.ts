import { classAgrees } from "../../log/traceback";
import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const recordClass: Rule = {
  id: "record-class",
  stage: "order",
  doc:
    "The record's exception class, raised by the match's traceback (or possibly named by a raise statement the paste " +
    "cuts short) or named by the line before its message (class-in-line), earns the class's weight.",
  weigh(j) {
    const tb = j.hit?.tb;
    if (tb && classAgrees(tb, j.e.errorClass)) {
      j.score += T.scoreClass;
      j.classBonus = true;
      j.reasons.push(
        tb.cut && tb.exceptionClass !== j.e.errorClass
          ? `the raise statement, cut at \`${tb.exceptionClass}\`, may name ${j.e.errorClass}, the record's class`
          : `raised as ${j.e.errorClass}, the record's class`,
      );
    }
  },
};
