import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const literalLength: Rule = {
  id: "literal-length",
  stage: "order",
  doc:
    "Last, more literal text in the record's pattern ranks higher, one point a letter up to T.maxLetterScore: never " +
    "as much as a piece of evidence. Ties keep the earlier line, then the record's id.",
  weigh(j) {
    j.score += Math.min(j.e.letters, T.maxLetterScore);
  },
};
