import { messageStart } from "../../log/looks-like-error";
import type { Unranked } from "../rank/rank";
import { T } from "../rank/tuning";
import { agreementOf } from "../rank/wording";
import type { Rule } from "./judging";

/** Share (0..1) of its line's message (after a leading `ValueError: `) a match explains; with wording, how well the two explain each other. */
export function explainedShare(f: Unranked): number {
  if (f.wording) return agreementOf(f.wording);
  // A raise site alone explains none of the message's words.
  if (f.kind === "raise-site") return 0;
  const l = f.lines[0];
  if (!l) return 0;
  const from = messageStart(l.text);
  if (l.text.length <= from) return 0;
  const lo = Math.max(l.start, from);
  let covered = l.end - lo;
  // A generic pattern is mostly placeholders, and any text fills one: only its literal text explains the line (a
  // leading `{field_name}` that took a whole nested error body explains none of it).
  if (f.entry.generic) for (const c of l.captures) covered -= Math.max(0, Math.min(c.end, l.end) - Math.max(c.start, lo));
  return Math.min(1, Math.max(0, covered) / (l.text.length - from));
}

export const explained: Rule = {
  id: "explained",
  stage: "order",
  doc:
    "Evidence otherwise equal, the match that explains more of its line's message comes first: with wording, how well " +
    "the two explain each other; a generic pattern by its literal text alone (a leading `{field_name}` that took a " +
    "whole nested error body explains none of it); a raise site alone explains none of the message's words.",
  weigh(j) {
    j.score += T.scoreExplained * explainedShare(j.f);
  },
};
