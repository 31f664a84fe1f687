import { classesBefore, messageStart } from "../../log/looks-like-error";
import type { Rule } from "./judging";

export const classInLine: Rule = {
  id: "class-in-line",
  stage: "evidence",
  doc:
    "Without a traceback, the line itself may name the class before the message (`… I still get RuntimeError: LoRA " +
    "is not enabled`, an issue title, a log line): those classes stand for the traceback's. A pattern whose first " +
    "group took the line's leading class still names the message after it.",
  observe(j) {
    const l0 = j.f.lines[0];
    j.named = j.hit || !l0 ? undefined : classesBefore(l0.text, Math.max(l0.start, messageStart(l0.text)));
  },
};
