import type { Rule } from "./judging";

export const partialMatch: Rule = {
  id: "partial-match",
  stage: "confidence",
  doc:
    "Part of the pattern matched (a prefix with enough literal text): medium for a specific record, high when the " +
    "traceback also shows its raise site; one tier lower for a generic one or one that mirrors Python.",
  confidence(j) {
    if (j.f.kind === "partial") j.confidence = j.specific ? (j.raiseSite ? "high" : "medium") : j.raiseSite ? "medium" : "low";
  },
  weigh(j) {
    if (j.f.kind === "partial") j.reasons.push(`part of the pattern matched (${j.e.partial?.letters ?? 0} letters of literal text)`);
  },
};
