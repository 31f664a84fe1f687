import { harmonic } from "../rank/wording";
import { pct, type Judging, type Rule } from "./judging";

/** Found by one sentence judged alone (a release rewrote it and dropped the rest): say so, with its figures. */
function sentenceReason(j: Judging): string | undefined {
  const w = j.f.wording!;
  if (w.sentenceAgreement === undefined || w.sentenceAgreement <= harmonic(w.recordCoverage, w.lineCoverage)) return undefined;
  return `one sentence of the record, judged alone: ${pct(w.clause.coverage)} of it is in the line, which it explains ${pct(w.clause.line ?? 0)} of; the rest of the record is not there`;
}

export const similarWording: Rule = {
  id: "similar-wording",
  stage: "confidence",
  doc:
    "Similar wording, not a pattern match (a message that drifted between releases). With the traceback at the " +
    "record's raise site it is high when the site is sure — its own line, a printed statement that says more than " +
    "`raise X(`, or a bare one no other record of the file raising that class shares — and the overlap strong, or " +
    "when the printed statement is distinctive; medium otherwise, and it ranks with raise-site matches. Without " +
    "the raise site it is medium for strong overlap with a specific record, low otherwise.",
  confidence(j) {
    if (j.f.kind !== "similar") return;
    const site = j.site;
    const sure = !!site && (site.line || site.distinctive || (j.run.sameClassInFile?.(j.e) ?? 1) <= 1);
    j.confidence = j.raiseSite
      ? (j.strong && sure) || (site!.source && site!.distinctive)
        ? "high"
        : "medium"
      : j.strong && j.specific
        ? "medium"
        : "low";
    if (j.raiseSite) j.rankedAs = "raise-site";
  },
  weigh(j) {
    if (j.f.kind !== "similar") return;
    const w = j.f.wording!;
    j.reasons.push(
      `similar wording, not a pattern match: ${pct(w.recordCoverage)} of the record's message is in the line, which it explains ${pct(w.lineCoverage)} of`,
    );
    const sentence = sentenceReason(j);
    if (sentence) j.reasons.push(sentence);
  },
};
