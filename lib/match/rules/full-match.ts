import type { Rule } from "./judging";

export const fullMatch: Rule = {
  id: "full-match",
  stage: "confidence",
  doc:
    "The whole pattern matched: high when the record is specific (neither a generic pattern nor a message Python " +
    "raises by itself) or the traceback shows its raise site, low otherwise.",
  confidence(j) {
    if (j.f.kind === "full") j.confidence = j.specific || j.raiseSite ? "high" : "low";
  },
  weigh(j) {
    if (j.f.kind === "full") j.reasons.push("the whole pattern matched");
  },
};
