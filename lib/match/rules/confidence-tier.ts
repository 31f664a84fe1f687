import { TIER, type Rule } from "./judging";

export const confidenceTier: Rule = {
  id: "confidence-tier",
  stage: "order",
  doc:
    "Matches are ordered by confidence first: each tier weighs more than all the evidence together, so a specific " +
    "partial match (medium) outranks a generic full one (low).",
  weigh(j) {
    j.score += TIER[j.confidence];
  },
};
