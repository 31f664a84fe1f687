/**
 * Sibling branches of one check. A function often raises near-identical
 * messages from its branches (`Error no file named {X} found in directory
 * {path}.` and `Error no file named {X}, or {Y}, found in directory
 * {path}.`), and an older release's message may fit the shorter branch's
 * pattern while its words are the other's (`… pytorch_model.bin,
 * model.safetensors, tf_model.h5 … or flax_model.msgpack found in …`). A
 * full match is then no confident answer: the sibling that explains more of
 * the line is offered beside it, at the same confidence, and both are
 * ranked by their wording.
 *
 * Cheap first: most full matches leave no room for a sibling (short values,
 * nothing after the match), most files raise no near-identical message, and
 * only then are wordings compared (which, over split data, fetches the
 * line's word shards).
 */
import { messageStart } from "../../log/looks-like-error";
import type { MatcherEntry } from "../data/matcher-data";
import type { Unranked } from "./rank";
import type { MatchKind, MatchedLine } from "../types";
import { agreementOf, isContentWord, templateTokens, tokens, type WordingMatch } from "./wording";
import { T } from "./tuning";
import type { WordingIndex } from "../find/wording-index";

/**
 * Whether the record's wording may explain a fully matched line less than fully, so that a sibling could explain it
 * better: a value longer than a placeholder explains (T.maxValueTokens), or text after the match.
 */
function roomForSibling(l: MatchedLine): boolean {
  if (l.text.slice(l.end).trim().length > 1) return true;
  return l.captures.some((c) => tokens(c.value).length > T.maxValueTokens);
}

/**
 * The lines of a match's first occurrence: its first line, and each next line it wrapped onto (the one right after,
 * the match running to the end of the line before and on from the start of this one).
 */
function wrappedBlock(lines: readonly MatchedLine[]): MatchedLine[] {
  const out = lines.slice(0, 1);
  for (let k = 1; k < lines.length; k++) {
    const prev = out[out.length - 1]!;
    const next = lines[k]!;
    if (next.line !== prev.line + 1 || prev.end !== prev.text.length || next.start !== 0) break;
    out.push(next);
  }
  return out;
}

/** Whether the line holds T.siblingRecord of a record's content words, counted alike (before any weighing). */
function mostWordsIn(e: MatcherEntry, lineKeys: ReadonlySet<string>): boolean {
  const words = templateTokens(e.wording ?? e.message).filter((t) => t.key !== null && isContentWord(t.key));
  return words.length > 0 && words.filter((t) => lineKeys.has(t.key!)).length >= T.siblingRecord * words.length;
}

/** What the matcher lends the sibling search. */
export interface SiblingContext {
  /** The records raised in the same file as e (package-relative path; e among them), whatever is loaded. */
  sameFile(e: MatcherEntry): readonly number[];
  /** Entry i if at hand; if not (a lookup over part of the data) the caller is told to fetch it, and undefined. */
  loadedEntry(i: number): MatcherEntry | undefined;
  /** The wording index, built on first call. */
  index(): WordingIndex;
}

/**
 * For each full match (`found[k]`, of entry `raw[k].entry`) of a specific record, the record raised in the same file
 * whose wording explains the line clearly better than its own (holding nearly all of its words, contradicting none of
 * the line's), as a similar match on the same line; the full match is marked `outdoneBy` it and the sibling `outdoes`
 * it. Siblings taken are added to `taken`.
 */
export function siblingMatches(
  raw: readonly { entry: number; kind: MatchKind; lines: MatchedLine[] }[],
  found: Unranked[],
  ctx: SiblingContext,
  taken: Set<number>,
): Unranked[] {
  const out: Unranked[] = [];
  raw.forEach((r, k) => {
    const f = found[k]!;
    const l = f.lines[0];
    if (f.kind !== "full" || !l || f.entry.generic) return;
    // A message the log wrapped over lines is compared as one block: the sibling's last words may be on the next line.
    const block = wrappedBlock(f.lines);
    if (!block.some(roomForSibling)) return;
    const text = [l.text.slice(messageStart(l.text)), ...block.slice(1).map((x) => x.text)].join(" ");
    const lineKeys = new Set(tokens(text).map((t) => t.key));
    const near = ctx
      .sameFile(f.entry)
      .filter((i) => i !== r.entry && !taken.has(i))
      .filter((i) => {
        const e = ctx.loadedEntry(i);
        return e !== undefined && !e.generic && mostWordsIn(e, lineKeys);
      });
    if (near.length === 0) return;
    const index = ctx.index();
    const own = index.compare(r.entry, text);
    const lead = agreementOf(own) + T.siblingLead;
    let best: (WordingMatch & { entry: number; agreement: number }) | undefined;
    for (const i of near) {
      const m = index.compare(i, text);
      const agreement = agreementOf(m);
      if (m.recordCoverage < T.siblingRecord || m.conflict.record > 0 || agreement <= lead) continue;
      if (!best || agreement > best.agreement || (agreement === best.agreement && i < best.entry)) best = { ...m, entry: i, agreement };
    }
    if (!best) return;
    taken.add(best.entry);
    const entry = ctx.loadedEntry(best.entry)!;
    f.outdoneBy = entry.slug;
    // Ranked by its wording, as the sibling is: the one explaining more of the line first.
    f.wording = own;
    out.push({ entry, kind: "similar", lines: [{ ...l, captures: [] }], occurrences: 1, wording: best, outdoes: f.entry.slug });
  });
  return out;
}
