import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const namedClass: Rule = {
  id: "named-class",
  stage: "order",
  doc:
    "Without a traceback, a line that names the record's class before its message (class-in-line) earns the same " +
    "weight as a traceback raising it.",
  weigh(j) {
    if (!j.named?.includes(j.e.errorClass)) return;
    j.score += T.scoreClass;
    j.classBonus = true;
    j.reasons.push(`the line names ${j.e.errorClass}, the record's class`);
  },
};
