import type { MatchedLine } from "../types";
import type { Rule } from "./judging";

/**
 * Whether a match ends mid-sentence in its line: the pattern's own text ends there, and the line's sentence goes on
 * with a word (` with Harmony None` after `… is supported in response API`), not with punctuation, a quote or the end.
 */
export function sentenceGoesOn(l: MatchedLine | undefined): boolean {
  if (!l || !/[A-Za-z]/.test(l.text.charAt(l.end - 1))) return false;
  const next = / [a-z]{2}/y;
  next.lastIndex = l.end;
  return next.test(l.text);
}

export const sentenceGoesOnRule: Rule = {
  id: "sentence-goes-on",
  stage: "confidence",
  doc:
    "A full match whose pattern's text ends mid-sentence in the line, the sentence going on with more words " +
    "(`Only 'auto' tool_choice is supported in response API` in a line that says `… in response API with Harmony`), " +
    "explains the start of a longer message: another release or another project raised the longer one. It is at most " +
    "medium, unless the traceback shows the record's raise site.",
  confidence(j) {
    if (j.f.kind === "full" && !j.raiseSite && j.confidence === "high" && sentenceGoesOn(j.f.lines[j.f.lines.length - 1]))
      j.confidence = "medium";
  },
  weigh(j) {
    if (j.f.kind === "full" && sentenceGoesOn(j.f.lines[j.f.lines.length - 1]))
      j.reasons.push("the line's sentence goes on past the record's message: maybe a longer message of another release");
  },
};
