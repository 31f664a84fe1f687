import { T } from "../rank/tuning";
import type { Rule } from "./judging";

const KIND = { full: T.scoreFull, partial: T.scorePartial, "raise-site": T.scoreRaiseSite, similar: T.scoreSimilar } as const;

export const matchKind: Rule = {
  id: "match-kind",
  stage: "order",
  doc:
    "Within a confidence tier, how the match was made: full, then partial, then raise site, then similar wording. " +
    "Similar wording raised where the record raises it ranks as a raise-site match (similar-wording), and a full " +
    "match its sibling outdoes ranks as similar wording (sibling-outdone).",
  weigh(j) {
    j.score += KIND[j.rankedAs ?? j.f.kind];
  },
};
