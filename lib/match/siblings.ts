/**
 * Sibling branches of one check. A function often raises near-identical
 * messages from its branches (`Error no file named {X} found in directory
 * {path}.` and `Error no file named {X}, or {Y}, found in directory
 * {path}.`), and an older release's message may fit the shorter branch's
 * pattern while its words are the other's (`… pytorch_model.bin,
 * model.safetensors, tf_model.h5 … or flax_model.msgpack found in …`). A
 * full match is then no confident answer: the sibling that explains more of
 * the line is offered beside it, and both are ranked by their wording.
 */
import { messageStart } from "../log/looks-like-error";
import type { MatcherEntry } from "./matcher-data";
import type { Unranked } from "./rank";
import type { MatchKind, MatchedLine } from "./types";
import { agreementOf, MAX_VALUE_TOKENS, tokens, type WordingMatch } from "./wording";
import type { WordingCandidate, WordingIndex } from "./wording-index";

/** How much better (in agreement, 0..1) a sibling must explain the line than the matched record. */
const SIBLING_LEAD = 0.03;
/** Share of the sibling's wording the line must hold: the whole message, near enough. */
const SIBLING_RECORD = 0.9;

/**
 * The record raised in the same file as `entry` (`sameFile(i)`) whose wording explains `text` clearly better than
 * `entry`'s own, holding nearly all of its words and contradicting none of the line's; or null.
 */
export function outdoingSibling(
  entry: number,
  text: string,
  index: WordingIndex,
  sameFile: (i: number) => boolean,
  taken: ReadonlySet<number>,
): { sibling: WordingCandidate; own: WordingMatch } | null {
  // A record that explains the line this well leaves no sibling room to explain it clearly better: no search.
  const ownWording = index.compare(entry, text);
  const own = agreementOf(ownWording);
  if (own >= 1 - SIBLING_LEAD) return null;
  const only = (i: number) => i !== entry && !taken.has(i) && sameFile(i);
  const [best] = index.find(text, { limit: 1, minRecordCoverage: SIBLING_RECORD, minLineCoverage: 0.5, only });
  return best && best.conflict.record === 0 && best.agreement > own + SIBLING_LEAD ? { sibling: best, own: ownWording } : null;
}

/**
 * Whether the record's wording may explain a fully matched line less than fully, so that a sibling could explain it
 * better: a value longer than a placeholder explains (MAX_VALUE_TOKENS), or text after the match. Decided without the
 * wording index, which a lookup over split data fetches in parts: most full matches never need it.
 */
function roomForSibling(l: MatchedLine): boolean {
  if (l.text.slice(l.end).trim().length > 1) return true;
  return l.captures.some((c) => tokens(c.value).length > MAX_VALUE_TOKENS);
}

/**
 * For each full match (`found[k]`, of entry `raw[k].entry`) of a specific record, the sibling that outdoes it
 * (`outdoingSibling`) as a similar match on the same line; the full match is marked `outdoneBy` it. Siblings taken
 * are added to `taken`.
 */
export function siblingMatches(
  raw: readonly { entry: number; kind: MatchKind; lines: MatchedLine[] }[],
  found: Unranked[],
  index: WordingIndex,
  inFileOf: (e: MatcherEntry) => (i: number) => boolean,
  taken: Set<number>,
): Unranked[] {
  const out: Unranked[] = [];
  raw.forEach((r, k) => {
    const f = found[k]!;
    const l = f.lines[0];
    if (f.kind !== "full" || !l || f.entry.generic || !roomForSibling(l)) return;
    const outdone = outdoingSibling(r.entry, l.text.slice(messageStart(l.text)), index, inFileOf(f.entry), taken);
    if (!outdone) return;
    const { sibling, own } = outdone;
    taken.add(sibling.entry);
    const entry = index.entry(sibling.entry);
    f.outdoneBy = entry.slug;
    // Ranked by its wording, as the sibling is: the one explaining more of the line first.
    f.wording = own;
    out.push({ entry, kind: "similar", lines: [{ ...l, captures: [] }], occurrences: 1, wording: sibling });
  });
  return out;
}
