import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const siteInFrames: Rule = {
  id: "site-in-frames",
  stage: "order",
  doc:
    "The record's raise site in the traceback's frames (raise-site) earns a weight: most for a frame printing the " +
    "record's raise statement, less for a frame at its line, least for one in its file; a frame before the last " +
    "earns a share of it (T.siteEarlierFrame).",
  weigh(j) {
    const site = j.site;
    if (!j.hit || !site) return;
    const weight = site.last ? 1 : T.siteEarlierFrame;
    if (site.source) {
      j.score += T.scoreSiteSource * weight;
      j.reasons.push(`the frame ${site.where} prints the record's raise statement`);
    } else if (site.line) {
      j.score += T.scoreSiteLine * weight;
      j.reasons.push(`a frame is at the record's line: ${site.where}`);
    } else {
      j.score += T.scoreSiteFile * weight;
      j.reasons.push(`a frame is in the record's file: ${site.where}`);
    }
  },
};
