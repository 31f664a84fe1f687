import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const finalException: Rule = {
  id: "final-exception",
  stage: "order",
  doc:
    "A match on a traceback's exception line (exception-line) earns a weight, more when the traceback is final than " +
    "for an exception chained earlier. A paste that ends in the traceback's last frame, with no exception line, says " +
    "so with the statement it ends at.",
  weigh(j) {
    if (!j.hit) return;
    const { tb, final } = j.hit;
    j.score += final ? T.scoreFinalException : T.scoreException;
    j.reasons.push(
      final ? `final exception of the traceback at line ${tb.startLine}` : `an exception in the traceback at line ${tb.startLine}`,
    );
    if (tb.cut) {
      const printed = tb.frames[tb.frames.length - 1]?.source?.at(-1) ?? "";
      j.reasons.push(`the paste ends in the traceback's last frame, at \`${printed}\`: no exception line to compare`);
    }
  },
};
