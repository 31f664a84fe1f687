import type { Rule } from "./judging";

export const raiseSiteAlone: Rule = {
  id: "raise-site-alone",
  stage: "confidence",
  doc:
    "No message matched, but the traceback runs through the record's raise site: medium when its last frame prints " +
    "the record's raise statement, low when a frame is merely at the record's line or in its file.",
  confidence(j) {
    if (j.f.kind === "raise-site") j.confidence = j.site?.source && j.site.last ? "medium" : "low";
  },
  weigh(j) {
    if (j.f.kind !== "raise-site") return;
    j.reasons.push(
      j.site?.source || j.site?.line
        ? "no message match: the traceback runs through the record's raise site"
        : "no message match: the traceback's last frame is in the record's file",
    );
  },
};
