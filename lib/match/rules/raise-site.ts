import { siteEvidence } from "../rank/evidence";
import type { Rule } from "./judging";

export const raiseSite: Rule = {
  id: "raise-site",
  stage: "evidence",
  doc:
    "The frames of the match's traceback are searched for the record's raise site: a frame printing its raise " +
    "statement, a frame at its line, or a frame in its file (lib/match/rank/evidence.ts). A frame that prints the " +
    "statement or stands at its line is the raise site, which the confidence rules take as the strongest evidence a " +
    "log gives of where an error came from.",
  observe(j) {
    j.site = j.hit ? siteEvidence(j.e, j.hit.tb) : undefined;
    j.raiseSite = !!j.site && (j.site.source || j.site.line);
  },
};
