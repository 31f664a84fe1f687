import type { Rule } from "./judging";

export const siblingOutdone: Rule = {
  id: "sibling-outdone",
  stage: "confidence",
  doc:
    "A full match whose record has a sibling branch in the same file that explains clearly more of the line " +
    "(lib/match/rank/siblings.ts) is at most medium, and is ranked by wording as the sibling is; the sibling, offered " +
    "as a similar match, is at least medium: the pair is one doubt, ordered by wording. Each names the other.",
  confidence(j) {
    if (j.f.outdoneBy) j.rankedAs = "similar";
    if (j.f.kind === "full" && j.f.outdoneBy && j.confidence === "high") j.confidence = "medium";
    if (j.f.kind === "similar" && j.f.outdoes && j.confidence === "low") j.confidence = "medium";
  },
  weigh(j) {
    if (j.f.kind === "full" && j.f.outdoneBy)
      j.reasons.push(`${j.f.outdoneBy}, raised in the same file, explains more of the line: maybe that branch raised it`);
    if (j.f.kind === "similar" && j.f.outdoes)
      j.reasons.push(`it explains more of the line than ${j.f.outdoes}, raised in the same file, whose pattern matched it`);
  },
};
