import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const contradictedLast: Rule = {
  id: "contradicted-last",
  stage: "order",
  doc:
    "Similar wording the line contradicts by name (name-conflict) is likely a sibling error: it ranks below records " +
    "the line does not contradict, evidence otherwise equal. It gives back the explained share's weight, and the " +
    "class's: the siblings of a check share its class, and a moved check may not, so the class is no evidence here.",
  weigh(j) {
    if (j.f.kind === "similar" && j.f.wording!.conflict.record > 0) j.score -= T.scoreExplained + (j.classBonus ? T.scoreClass : 0);
  },
};
