/**
 * The candidate stage for the lines no pattern fully matched (lib/match/matcher's step after verification): records of
 * similar wording, raise sites a traceback prints, and the candidate rules (lib/match/rules/candidates) for the lines
 * nothing answered. Over part of the data it reads entries through the matcher, which reports what is missing, and asks
 * ahead for what the rules will read so a lookup needs no third round of fetches.
 */
import type { LogLine } from "../../log/log-normalize";
import { classesBefore, messageStart } from "../../log/looks-like-error";
import { classAgrees, finalTracebacks, type Traceback } from "../../log/traceback";
import type { MatcherEntry } from "../data/matcher-data";
import { siteEvidence, type SiteIndex } from "../rank/evidence";
import { oneLineMessage } from "../../text";
import type { Unranked } from "../rank/rank";
import { siblingMatches } from "../rank/siblings";
import { firstSentence, type WordingMatch } from "../rank/wording";
import { T } from "../rank/tuning";
import type { MatchedLine } from "../types";
import type { RawMatch } from "../matcher";
import { driftQueries, firstLineObjects, pickSimilar, type DriftQuery, type LinesByNumber } from "./drift-queries";
import type { WordingCandidate, WordingIndex, WordingQuery } from "./wording-index";
import { quotedSpans } from "../rules/candidates/quoted-span";
import { correctTypos } from "../rules/candidates/typo-words";
import { unansweredLines } from "../rules/candidates/unanswered-lines";
import { rarityMeasurable } from "../rules/candidates/rare-words";
import { cutTail, opensWith } from "../rules/candidates/cut-tail";
import { printedTemplate, templatesAlike } from "../rules/candidates/raise-template";

/** What the candidate stage reads of the matcher. */
export interface DriftSource {
  /** Entry `i` (the caller checked it is loaded, or the wording index found it). */
  entry(i: number): MatcherEntry;
  /** Whether entry `i` is at hand; if not, the matcher is told it is missing. */
  loaded(i: number): boolean;
  wordingIndex(): WordingIndex;
  siteIndex(): SiteIndex;
  /** Whether entry `i`'s full match answers its line (not a generic pattern's wording-holding capture). */
  answers(i: number, l: MatchedLine): boolean;
  /** How many entries the wording index found missing so far (a lookup over part of the data). */
  readonly missed: number;
}

/** Records a candidate rule found for a line, and the part of the line they answer (the whole line if none). */
interface Found {
  candidates: WordingCandidate[];
  line?: MatchedLine;
}

/** One lookup's candidate stage. */
export class DriftCandidates {
  constructor(private readonly m: DriftSource) {}

  /**
   * Records for the lines no pattern fully matched: similar wording (each
   * traceback's final message first, then the lines of `errorish`: the
   * error-looking ones, then a paste's bare lines, see bareLines), and the
   * records whose raise statement the last frame prints; when none of these
   * answered anything, the log's other lines (unanswered-lines).
   */
  find(
    lines: LogLine[],
    errorish: number[],
    errorFlags: number[],
    tracebacks: Traceback[],
    raw: RawMatch[],
    found: Unranked[],
  ): Unranked[] {
    const taken = new Set(raw.map((r) => r.entry));
    const fullLines = new Set<number>();
    for (const r of raw) if (r.kind === "full") for (const l of r.lines) fullLines.add(l.line);
    const byLine = firstLineObjects(lines);
    // A partial match is ranked by how well its record's whole wording fits the line: of two records
    // sharing a first sentence, the one that explains more of the rest wins.
    raw.forEach((r, k) => {
      const f = found[k]!;
      const l = f.lines[0];
      if (f.kind === "partial" && l) f.wording = this.m.wordingIndex().compare(r.entry, l.text.slice(messageStart(l.text)));
    });
    // A full match whose sibling branch (same file) explains the line better: both are offered, neither confidently.
    const out = siblingMatches(
      raw,
      found,
      {
        sameFile: (e) => this.m.siteIndex().sameFile(e),
        loadedEntry: (i) => (this.m.loaded(i) ? this.m.entry(i) : undefined),
        index: () => this.m.wordingIndex(),
      },
      taken,
    );
    // A line only a generic pattern (or one of Python's own messages) fully matched is still compared by wording.
    const specificLines = new Set<number>();
    for (const r of raw) if (r.kind === "full") for (const l of r.lines) if (this.m.answers(r.entry, l)) specificLines.add(l.line);
    const queries = driftQueries(lines, errorish, errorFlags, tracebacks, specificLines, byLine);
    const missed = this.m.missed;
    const unanswered = queries.filter((q) => !this.offerSimilar(q, taken, out));
    this.raiseSiteCandidates(tracebacks, fullLines, byLine, taken, found, out);
    this.raiseTemplateCandidates(tracebacks, byLine, taken, [...found, ...out], out);
    // The candidate rules (lib/match/rules/candidates), once every record asked for is at hand: each line nothing
    // answered by its quoted spans, alone, its cut tail, its typos corrected, the rare words it shares with a record;
    // then, in a log nothing answered at all, the log's other lines.
    if (this.m.missed > missed) return this.askAhead(unanswered, queries, lines, tracebacks, found.length > 0 || out.length > 0, out);
    const answeredLines = new Set(out.flatMap((o) => o.lines.map((l) => l.line)));
    const last = lastWorded(lines);
    for (const q of unanswered)
      if (!answeredLines.has(q.line.line))
        this.offer(this.byPreciseRules(q, last) ?? this.byTypos(q) ?? this.byRareWords(q), q.line, taken, out);
    if (found.length > 0 || out.length > 0) return out;
    for (const q of this.otherLines(lines, queries, tracebacks))
      for (const c of [{ candidates: this.similar(q.text, []) }, this.byPreciseRules(q, last), this.byTypos(q), this.byRareWords(q)])
        if (this.offer(c, q.line, taken, out)) break;
    return out;
  }

  /** The drift queries of a log's other lines (unanswered-lines), for when nothing answered it. */
  private otherLines(lines: LogLine[], queries: DriftQuery[], tracebacks: Traceback[]): DriftQuery[] {
    const queried = new Set(queries.map((q) => q.line.line));
    return unansweredLines(lines, queried, tracebacks).map((li) => {
      const l = lines[li]!;
      return { text: l.text.trim(), line: { line: l.line, text: l.text, start: 0, end: l.text.length, captures: [] }, alone: null };
    });
  }

  /**
   * Over part of the data, with records of similar wording still to come: what the candidate rules would read is asked
   * for now, so it arrives in the same batch and the lookup needs no third round of fetches. A line answered now stays
   * answered once every record is at hand, so `unanswered` holds every line the rules may read; `answered` says some
   * line is answered already, and the rule for a log nothing answered (unanswered-lines) will not run. What they find
   * is not offered: the run after the batch decides.
   */
  private askAhead(
    unanswered: DriftQuery[],
    queries: DriftQuery[],
    lines: LogLine[],
    tracebacks: Traceback[],
    answered: boolean,
    out: Unranked[],
  ): Unranked[] {
    const last = lastWorded(lines);
    for (const q of unanswered) {
      this.byPreciseRules(q, last);
      this.byTypos(q);
      this.byRareWords(q);
    }
    if (answered) return out;
    for (const q of [...unanswered, ...this.otherLines(lines, queries, tracebacks)]) {
      this.similar(q.text, []);
      this.byPreciseRules(q, last);
      this.byTypos(q);
      this.byRareWords(q);
    }
    return out;
  }

  /**
   * The closest records by wording that can be answers (a generic or thin record's wording cannot tell one error from
   * another), those of the class the line names first: as in the ranking, the class decides between alike wordings.
   */
  private similar(text: string, classes: string[], extra: WordingQuery = {}): WordingCandidate[] {
    const index = this.m.wordingIndex();
    const found = index
      .find(text, {
        limit: T.similarLookedAt,
        minRecordCoverage: T.minCoverage,
        minLineCoverage: T.minCoverage,
        minSharedRareWords: T.minSharedRareWords,
        minSentenceRareWords: T.minRecordRareWords,
        ...extra,
      })
      .filter((c) => c.recordWeight >= T.minRecordRareWords * index.rareWord && !this.m.entry(c.entry).generic);
    return pickSimilar(found, (c) => this.m.entry(c.entry).errorClass, classes, T.similarKept);
  }

  /**
   * Offers the records of similar wording to a drift query's line (as `similar` matches), those not `taken` yet;
   * whether the index found any.
   */
  private offerSimilar(q: DriftQuery, taken: Set<number>, out: Unranked[]): boolean {
    const missed = this.m.missed;
    const classes = classesBefore(q.line.text, q.line.start);
    let candidates = this.similar(q.text, classes);
    // Nothing like the whole message: its first sentence alone (another release added or dropped those after it);
    // over part of the data, once the whole message's candidates are all at hand (the lookup runs again).
    // Records the line contradicts by name are no answer for the whole message either ("maybe another error").
    const incomplete = this.m.missed > missed;
    const first = candidates.some((c) => c.conflict.record === 0) || incomplete ? null : firstSentence(q.text);
    // Asked for now all the same, so their records arrive in the same batch as the whole message's (only to be read).
    const sentence = incomplete ? firstSentence(q.text) : null;
    if (sentence) this.similar(sentence, classes);
    // Reported against the whole message (its diff, and what it explains of it), found by the first sentence; a
    // sentence the index judged alone keeps that agreement (WordingMatch.sentenceAgreement) to be ranked by.
    if (first) {
      const byFirst = this.similar(first, classes).map((c) => ({ ...c, ...this.m.wordingIndex().compare(c.entry, q.text) }));
      const found = new Set(byFirst.map((c) => c.entry));
      candidates = [...byFirst, ...candidates.filter((c) => !found.has(c.entry))].slice(0, T.similarKept);
    }
    this.offer({ candidates, line: q.line }, q.line, taken, out);
    return candidates.length > 0;
  }

  /** Offers `found`'s records (as `similar` matches on its line, or `line`), those not `taken` yet; whether it held any. */
  private offer(found: Found | null, line: MatchedLine, taken: Set<number>, out: Unranked[]): boolean {
    if (!found) return false;
    for (const c of found.candidates) {
      if (taken.has(c.entry)) continue;
      taken.add(c.entry);
      out.push({ entry: this.m.entry(c.entry), kind: "similar", lines: [found.line ?? line], occurrences: 1, wording: c });
    }
    return found.candidates.length > 0;
  }

  /**
   * A line the wording index found nothing for, through the precise candidate rules in order: its quoted spans (the
   * match reported on the span), then the line alone, then, the paste's last line (`last`), its cut tail.
   */
  private byPreciseRules(q: DriftQuery, last: number): Found | null {
    const classes = classesBefore(q.line.text, q.line.start);
    for (const s of quotedSpans(q.line.text)) {
      const candidates = this.similar(s.text, classes);
      if (candidates.length) return { candidates, line: { ...q.line, start: s.start, end: s.end } };
    }
    if (q.alone) {
      const candidates = this.similar(q.alone, classes);
      if (candidates.length) return { candidates, line: q.line };
    }
    const run = q.line.line === last ? cutTail(q.line.text) : null;
    if (run) {
      const candidates = this.similar(run, classes).filter((c) => opensWith(this.m.entry(c.entry).message, run));
      const start = q.line.text.lastIndexOf(run);
      if (candidates.length) return { candidates, line: { ...q.line, start, end: start + run.length } };
    }
    return null;
  }

  /**
   * A line's texts, their typos corrected (typo-words): its quoted spans first (`"No model archiectures are
   * specified"`, reported on the span), a span's words being more often a message's than a line's; then the line.
   */
  private byTypos(q: DriftQuery): Found | null {
    const classes = classesBefore(q.line.text, q.line.start);
    const count = (w: string) => this.m.wordingIndex().wordCount(w);
    for (const s of quotedSpans(q.line.text)) {
      const fixed = correctTypos(s.text, count);
      const candidates = fixed ? this.similar(fixed, classes) : [];
      if (candidates.length) return { candidates, line: { ...q.line, start: s.start, end: s.end } };
    }
    for (const t of new Set([q.text, ...(q.alone ? [q.alone] : [])])) {
      const fixed = correctTypos(t, count);
      const candidates = fixed ? this.similar(fixed, classes) : [];
      if (candidates.length) return { candidates, line: q.line };
    }
    return null;
  }

  /** The records sharing rare words with a line's texts (rare-words): the whole text, its spans, the line alone. */
  private byRareWords(q: DriftQuery): Found | null {
    if (!rarityMeasurable(this.m.wordingIndex().stats.documents)) return null;
    const classes = classesBefore(q.line.text, q.line.start);
    for (const t of this.ruleTexts(q)) {
      const candidates = this.similar(t, classes, { minRareWords: T.rareWordsShared });
      if (candidates.length) return { candidates, line: q.line };
    }
    return null;
  }

  /** A drift query's texts the candidate rules read: the text, its line's quoted spans, the line alone. */
  private ruleTexts(q: DriftQuery): string[] {
    return [...new Set([q.text, ...quotedSpans(q.line.text).map((s) => s.text), ...(q.alone ? [q.alone] : [])])];
  }

  /**
   * Raise sites: the last frame of a final traceback prints a record's raise statement; or, the message rewritten and
   * the raise line too, the record of the last frame's file and class whose wording is clearly closest.
   */
  private raiseSiteCandidates(
    tracebacks: Traceback[],
    fullLines: Set<number>,
    byLine: LinesByNumber,
    taken: Set<number>,
    found: Unranked[],
    out: Unranked[],
  ): void {
    for (const tb of finalTracebacks(tracebacks)) {
      if (fullLines.has(tb.exceptionLine)) continue;
      const l = byLine.get(tb.exceptionLine);
      if (!l) continue;
      // Only a record raised in the last frame's file can pass (`ev.last` below): the others are not looked at.
      const last = tb.frames[tb.frames.length - 1];
      const inLast = new Set(last ? this.m.siteIndex().recordsIn({ ...tb, frames: [last] }) : []);
      const sites = this.m
        .siteIndex()
        .recordsIn(tb)
        .filter((i) => inLast.has(i) && !taken.has(i) && this.m.loaded(i))
        .map((i) => ({ i, ev: siteEvidence(this.m.entry(i), tb) }))
        // A raise site alone must be unmistakable: its own line number, or a printed line that says more than `raise X(`.
        .filter((s) => s.ev?.last && (s.ev.line || (s.ev.source && s.ev.distinctive)));
      // A paste cut at the last frame's raise statement (`raise Runt`): the one record of that file whose class it begins.
      if (tb.cut && sites.length === 0)
        sites.push(...this.cutSite(tb, inLast, taken).map((i) => ({ i, ev: siteEvidence(this.m.entry(i), tb) })));
      for (const { i } of sites.slice(0, T.maxSiteOnly)) {
        taken.add(i);
        out.push({
          entry: this.m.entry(i),
          kind: "raise-site",
          lines: [{ line: l.line, text: l.text, start: 0, end: l.text.length, captures: [] }],
          occurrences: 1,
        });
      }
      // (A traceback raised at the same place as another, a retry or a wrapper's copy, is the same error: answered by the other's answers.)
      const twins = tracebacks.filter((o) => o === tb || (last && sameRaise(o, last)));
      const answered = (x: MatchedLine) => twins.some((o) => x.line >= o.exceptionLine && x.line <= o.endLine);
      if (sites.length === 0 && ![...found, ...out].some((o) => o.lines.some(answered))) {
        const near = this.sameFileRecord(tb, taken);
        if (near) {
          taken.add(near.entry);
          const at = l.text.indexOf(tb.message.split("\n")[0] ?? "");
          out.push({
            entry: this.m.entry(near.entry),
            kind: "similar",
            lines: [{ line: l.line, text: l.text, start: at < 0 ? 0 : at, end: l.text.length, captures: [] }],
            occurrences: 1,
            wording: near,
          });
        }
      }
    }
  }

  /**
   * raise-template: a final traceback's exception nothing answered, whose last frame prints a raise statement with a
   * template: the one record of its class, close by wording, whose template is alike (see RAISE_TEMPLATE).
   */
  private raiseTemplateCandidates(tracebacks: Traceback[], byLine: LinesByNumber, taken: Set<number>, done: Unranked[], out: Unranked[]) {
    for (const tb of finalTracebacks(tracebacks)) {
      const l = byLine.get(tb.exceptionLine);
      const printed = printedTemplate(tb.frames[tb.frames.length - 1]?.source?.join(" ") ?? "");
      if (!l || !printed || printed.errorClass !== tb.exceptionClass || !tb.message) continue;
      if (done.some((o) => o.lines.some((x) => x.line === tb.exceptionLine))) continue;
      const message = oneLineMessage(tb.message);
      const alike = this.m
        .wordingIndex()
        .find(message, { limit: T.similarLookedAt, minRecordCoverage: T.minCoverage, minLineCoverage: T.minCoverage })
        .filter((c) => !taken.has(c.entry) && this.m.entry(c.entry).errorClass === tb.exceptionClass)
        .filter((c) => templatesAlike(printed.template, this.m.entry(c.entry).message));
      if (alike.length !== 1) continue;
      const at = l.text.indexOf(message);
      const line = { line: l.line, text: l.text, start: at < 0 ? 0 : at, end: l.text.length, captures: [] };
      this.offer({ candidates: alike, line }, line, taken, out);
    }
  }

  /**
   * Among the records raised in the traceback's last file with its exception class, the one whose wording shares
   * clearly the most with the message (T.minSameFileRareWords, T.sameFileLead times the next): a release that
   * rewrote both the message and its raise line still raises it from the same file.
   */
  private sameFileRecord(tb: Traceback, taken: Set<number>): (WordingMatch & { entry: number }) | null {
    const last = tb.frames[tb.frames.length - 1];
    if (!last || !tb.message) return null;
    const index = this.m.wordingIndex();
    const message = oneLineMessage(tb.message);
    const inFile = this.m.siteIndex().recordsIn({ ...tb, frames: [last] });
    // Over part of the data, the file's records must all be at hand to pick the closest: ask for the missing ones.
    if (inFile.filter((i) => !this.m.loaded(i)).length > 0) return null;
    const scored = inFile
      .filter((i) => !taken.has(i) && this.m.entry(i).errorClass === tb.exceptionClass && !this.m.entry(i).generic)
      .map((i) => {
        const m = index.compare(i, message);
        return { ...m, entry: i, shared: (Math.max(0, m.recordCoverage - m.conflict.record) * index.recordWeight(i)) / index.rareWord };
      })
      .sort((a, b) => b.shared - a.shared || a.entry - b.entry);
    const [best, next] = scored;
    if (!best || best.shared < T.minSameFileRareWords || (next && best.shared < T.sameFileLead * next.shared)) return null;
    return best;
  }

  /**
   * The record a traceback the paste cut at its last frame's raise statement points at: of the records raised in the
   * last frame's file (`inLast`), the only one whose class the printed name begins, or none. Over part of the data,
   * the file's records must all be at hand to tell it is the only one.
   */
  private cutSite(tb: Traceback, inLast: Set<number>, taken: Set<number>): number[] {
    const all = [...inLast];
    if (all.filter((i) => !this.m.loaded(i)).length > 0) return [];
    const named = all.filter((i) => classAgrees(tb, this.m.entry(i).errorClass) && !this.m.entry(i).generic);
    return named.length === 1 && !taken.has(named[0]!) ? named : [];
  }
}

/** The original line number of a log's last line with text (where a paste cut short stops), or -1. */
function lastWorded(lines: LogLine[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.text.trim()) return lines[i]!.line;
  return -1;
}

/** Whether a traceback's last frame is the given frame's file and line: the same raise. */
function sameRaise(tb: Traceback, frame: Traceback["frames"][number]): boolean {
  const last = tb.frames[tb.frames.length - 1];
  return !!last && last.file !== "" && last.file === frame.file && last.line === frame.line;
}
