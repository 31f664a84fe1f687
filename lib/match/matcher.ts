/**
 * Finds the known errors in a log. The cost grows with the log's size and
 * the number of real candidates, not with log size × number of patterns:
 *
 *  1. the log is cleaned line by line (`log/log-normalize.ts`) in chunks
 *     (`clean-log.ts`), or comes cleaned (`LookupOptions.cleaned`);
 *  2. one rolling-hash pass per key length finds every record's literal keys
 *     (`prefilter.ts`); only those (record, line) pairs become candidates;
 *     junctions of wrapped lines are scanned for keys a break cut (`wrapped.ts`);
 *  3. each candidate's regex runs (`engine.ts`) on its line, on the window of
 *     lines a multi-line pattern spans, then on the line re-joined with its
 *     neighbours (hard-wrapped text), and last as a partial pattern;
 *  4. tracebacks give evidence (`log/traceback.ts`), and `rank.ts` orders the
 *     records best first.
 */
import { looksLikeError, type LogLine } from "../log/log-normalize";
import { classesBefore, isErrorBodyMessage, isErrorLevel, messageStart } from "../log/looks-like-error";
import { classAgrees, finalTracebacks, parseTracebacks, type Traceback } from "../log/traceback";
import { oneLineMessage, withoutJsWhitespace } from "../text";
import { exec, locate, programOf, type Program } from "./find/engine";
import { contextAgrees, foldCase, packOwners, upperBound, type KeyIndex } from "./find/key-index";
import type { MatcherData, MatcherEntry } from "./data/matcher-data";
import { DistinctLines, HitsByText } from "./find/distinct-lines";
import { chunksOf, cleanChunks } from "./find/clean-log";
import { KeyScanner } from "./find/prefilter";
import { packageOf, packagePath, repoEvidence, siteEvidence, SiteIndex, siteParts, type SiteParts } from "./rank/evidence";
import { mirrorsPython, rankMatches, type Unranked } from "./rank/rank";
import { siblingMatches } from "./rank/siblings";
import {
  WordingIndex,
  statsFromParts,
  type WordingCandidate,
  type WordingParts,
  type WordingQuery,
  type WordingStats,
} from "./find/wording-index";
import { firstSentence, type WordingMatch } from "./rank/wording";
import { packSnapshot, unpackSnapshot, type MatcherSnapshot, type MatcherTables } from "./data/snapshot";
import type { LookupOptions, LookupResult, MatchKind, MatchedLine } from "./types";
import { WRAP_BACK, buildWrapTables, matchWrapped, sameWriter, scanJunctions } from "./find/wrapped";
import { T } from "./rank/tuning";
import { bareLines, driftQueries, firstLineObjects, pickSimilar, type DriftQuery, type LinesByNumber } from "./find/drift-queries";
import { quotedSpans } from "./rules/candidates/quoted-span";
import { correctTypos } from "./rules/candidates/typo-words";
import { unansweredLines } from "./rules/candidates/unanswered-lines";
import { rarityMeasurable } from "./rules/candidates/rare-words";
import { cutTail, opensWith } from "./rules/candidates/cut-tail";
import { printedTemplate, templatesAlike } from "./rules/candidates/raise-template";

export type { Capture, LookupOptions, LookupResult, Match, MatchKind, MatchedLine } from "./types";
export { v8InputLimit } from "./find/engine";
export { SNAPSHOT_FORMAT, type MatcherSnapshot } from "./data/snapshot";

/** Whether a captured value holds wording, not just a value: more than T.maxValueWords blank-separated words with letters. */
function holdsWording(value: string): boolean {
  let words = 0;
  for (const w of value.split(/\s+/)) if (/[A-Za-z]{2}/.test(w) && ++words > T.maxValueWords) return true;
  return false;
}

/**
 * What a matcher over part of a dataset's entries needs of the whole, so its
 * answers are those of the whole data (lib/match/data/shard-lookup): the wording
 * and raise-site indexes and the repositories.
 */
export interface WholeData {
  wording: WordingStats;
  sites: SiteParts;
  repos: string[];
  /** Told of each entry a lookup needed that is not loaded: that lookup's result is incomplete. */
  onMissing: (entry: number) => void;
}

/** A compiled, reusable matcher over one dataset's matcher data. */
export class Matcher {
  /** Entries by index; from a snapshot, parsed from `entryJson` on first use. */
  private readonly entryList: (MatcherEntry | undefined)[];
  private readonly entryJson: string[] | null;
  readonly entryCount: number;
  private readonly tables: MatcherTables;
  /** Lines without blanks, for the wrapped pre-check; dropped with the lines after each lookup. */
  private squeezed = new WeakMap<LogLine, string>();
  /** Programs by entry index: [2i] the full pattern, [2i + 1] the partial one. */
  private readonly programs: (Program | undefined)[] = [];
  /** Built on first need: the wording index and the records by file. */
  private wording: WordingIndex | undefined;
  private sites: SiteIndex | undefined;
  /** Entries the wording index found missing (a lookup over part of the data): it will run again once they are fetched. */
  private missed = 0;
  /** From a snapshot: the wording index's parts, so it is rebuilt without tokenizing every record. */
  private readonly wordingParts: WordingParts | undefined;
  private readonly whole: WholeData | undefined;

  /**
   * Builds the matcher for `data`. With `whole`, `data.entries` may be sparse
   * (indexes of the whole data, holes for entries not loaded).
   */
  constructor(data: MatcherData, whole?: WholeData);
  /** @internal Used by `fromSnapshot`. */
  constructor(data: null, loaded: Loaded);
  constructor(data: MatcherData | null, extra?: WholeData | Loaded) {
    if (data === null) {
      const loaded = extra as Loaded;
      this.entryJson = loaded.entryJson;
      this.entryCount = this.entryJson.length;
      this.entryList = new Array(this.entryCount);
      this.tables = loaded.tables;
      this.wordingParts = loaded.wording;
      return;
    }
    this.entryJson = null;
    this.entryList = data.entries;
    this.entryCount = data.entries.length;
    this.whole = extra as WholeData | undefined;
    this.tables = buildTables(data.entries);
    if (this.whole) this.tables.repos = this.whole.repos;
  }

  /** Loads a matcher built before (`snapshot()`); throws on a damaged or foreign snapshot. */
  static fromSnapshot(snap: MatcherSnapshot): Matcher {
    return new Matcher(null, unpackSnapshot(snap));
  }

  /** The entry at `index` (parsed on first use when loaded from a snapshot). */
  entry(index: number): MatcherEntry {
    let e = this.entryList[index];
    if (e === undefined) this.entryList[index] = e = JSON.parse(this.entryJson![index]!) as MatcherEntry;
    return e;
  }

  /** Everything the constructor built, and the wording index's parts (built here if no lookup needed it yet), as plain parts (see MatcherSnapshot). */
  snapshot(datasetVersion = ""): MatcherSnapshot {
    const entries: string[] = [];
    for (let n = 0; n < this.entryCount; n++) entries.push(this.entryJson?.[n] ?? JSON.stringify(this.entry(n)));
    return packSnapshot(entries, this.tables, datasetVersion, this.wordingParts ?? this.wordingIndex().parts());
  }

  /** Looks a whole log up. */
  lookup(log: string, options: LookupOptions = {}): LookupResult {
    const t0 = now();
    const { lines, candidates, distinct, errorFlags, errorish } = this.scan(log, options);
    const budgetEnd = options.budgetMs === undefined ? Infinity : t0 + options.budgetMs;
    const { raw, hinted, stopped } = this.verifyAll(candidates, lines, budgetEnd, options.budgetMs);

    // 4. Drifted messages: error lines no pattern fully matched, compared by wording and by raise site.
    const tracebacks = parseTracebacks(lines);
    const found: Unranked[] = raw.map((r) => ({ entry: this.entry(r.entry), kind: r.kind, lines: r.lines, occurrences: r.occurrences }));
    const answered = new Set<number>();
    for (const r of raw) for (const l of r.lines) if (this.answers(r.entry, l)) answered.add(l.line);
    const bare = bareLines(lines, hinted, errorFlags, distinct.idOf, tracebacks, answered);
    if (!stopped) found.push(...this.driftCandidates(lines, [...errorish, ...bare], errorFlags, tracebacks, raw, found));

    // 5. Rank with the traceback's and the whole log's evidence.
    const matches = rankMatches(found, {
      tracebacks,
      repos: repoEvidence(log, this.repos()),
      packages: this.repos().map(packageOf),
      sameClassInFile: (e) =>
        this.siteIndex()
          .sameFile(e)
          .filter((i) => !this.loaded(i) || this.entry(i).errorClass === e.errorClass).length,
    });
    return { matches, lineCount: lines.length, tracebacks, lines, stopped, elapsedMs: now() - t0 };
  }

  /**
   * Steps 1–2: cleans and scans the log chunk by chunk (so progress can be reported; a text many lines share is scanned
   * once), and gives each candidate record the first line index of each window to try it on, and the error lines.
   */
  private scan(log: string, options: LookupOptions) {
    const lines: LogLine[] = [];
    const candidates = new Map<number, Set<number>>(); // entry -> first line index of the window
    const addCandidate = (entry: number, lineIndex: number) => {
      if (lineIndex < 0) lineIndex = 0;
      let set = candidates.get(entry);
      if (!set) candidates.set(entry, (set = new Set()));
      set.add(lineIndex);
    };
    const distinct = new DistinctLines();
    const hits = new HitsByText();
    // Whether each line looks like an error, decided once (per text): the junction scan, keyless records and drift queries all ask.
    const errorFlags: number[] = [];
    const textIsError: boolean[] = [];
    for (const chunk of options.cleaned ? chunksOf(options.cleaned) : cleanChunks(log)) {
      const firstIndex = lines.length;
      for (const l of chunk.lines) lines.push(l);
      const firstNew = distinct.add(lines, firstIndex);
      for (let id = firstNew; id < distinct.texts.length; id++) textIsError[id] = looksLikeError(distinct.texts[id]!);
      for (let li = firstIndex; li < lines.length; li++) {
        const l = lines[li]!;
        errorFlags.push(l.text && (textIsError[distinct.idOf[li]!] || isErrorLevel(l.level)) ? 1 : 0);
      }
      this.scanTexts(distinct.texts, firstNew, hits);
      for (let li = firstIndex; li < lines.length; li++) hits.each(distinct.idOf[li]!, li, addCandidate);
      scanJunctions(this.tables.wrap, lines, firstIndex, addCandidate, errorFlags, distinct.idOf);
      options.onProgress?.(chunk.charEnd, log.length);
    }
    // Lines that look like errors, once: keyless records are tried on them, and drifted messages looked for.
    const errorish: number[] = [];
    for (let li = 0; li < lines.length; li++) {
      // The message of an error body printed over several lines is an error line, though it holds no error word.
      if (!errorFlags[li] && isErrorBodyMessage(lines, li)) errorFlags[li] = 1;
      if (errorFlags[li]) errorish.push(li);
    }
    for (const i of this.tables.residual) for (const li of errorish) addCandidate(i, li);
    return { lines, candidates, distinct, errorFlags, errorish };
  }

  /**
   * Step 3: verifies each candidate on its windows, until the budget runs out; also gives the lines that hold a
   * record's literal key but that its pattern did not match (another release's wording, maybe).
   */
  private verifyAll(candidates: Map<number, Set<number>>, lines: LogLine[], budgetEnd: number, budgetMs: number | undefined) {
    let stopped: string | undefined;
    const raw: RawMatch[] = [];
    const hinted = new Set<number>();
    for (const [entryIndex, starts] of candidates) {
      if (now() > budgetEnd) {
        stopped = `stopped after ${budgetMs} ms; ${candidates.size - raw.length} candidate records were not checked`;
        break;
      }
      let best: { kind: MatchKind; lines: MatchedLine[] } | null = null;
      let occurrences = 0;
      const covered = new Set<number>();
      for (const li of [...starts].sort((a, b) => a - b)) {
        if (covered.has(li)) continue;
        const found = this.verify(entryIndex, lines, li);
        if (!found) {
          // The window the record's message would span: its key may be on any of its lines.
          for (let k = li, end = Math.min(lines.length, li + this.entry(entryIndex).lines); k < end; k++) hinted.add(k);
          continue;
        }
        occurrences++;
        for (const m of found.lines) covered.add(lineIndexOf(lines, m, li));
        if (!best || (best.kind === "partial" && found.kind === "full")) best = { kind: found.kind, lines: [...found.lines] };
        else if (found.kind === best.kind && best.lines.length < T.maxOccurrencesKept) best.lines.push(...found.lines);
      }
      if (best) raw.push({ entry: entryIndex, kind: best.kind, lines: best.lines, occurrences });
    }
    return { raw, hinted, stopped };
  }

  /**
   * Records for the lines no pattern fully matched: similar wording (each
   * traceback's final message first, then the lines of `errorish`: the
   * error-looking ones, then a paste's bare lines, see bareLines), and the
   * records whose raise statement the last frame prints; when none of these
   * answered anything, the log's other lines (unanswered-lines).
   */
  private driftCandidates(
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
      if (f.kind === "partial" && l) f.wording = this.wordingIndex().compare(r.entry, l.text.slice(messageStart(l.text)));
    });
    // A full match whose sibling branch (same file) explains the line better: both are offered, neither confidently.
    const out = siblingMatches(
      raw,
      found,
      {
        sameFile: (e) => this.siteIndex().sameFile(e),
        loadedEntry: (i) => (this.loaded(i) ? this.entry(i) : undefined),
        index: () => this.wordingIndex(),
      },
      taken,
    );
    // A line only a generic pattern (or one of Python's own messages) fully matched is still compared by wording.
    const specificLines = new Set<number>();
    for (const r of raw) if (r.kind === "full") for (const l of r.lines) if (this.answers(r.entry, l)) specificLines.add(l.line);
    const queries = driftQueries(lines, errorish, errorFlags, tracebacks, specificLines, byLine);
    const missed = this.missed;
    const unanswered = queries.filter((q) => !this.offerSimilar(q, taken, out));
    this.raiseSiteCandidates(tracebacks, fullLines, byLine, taken, found, out);
    this.raiseTemplateCandidates(tracebacks, byLine, taken, [...found, ...out], out);
    // The candidate rules (lib/match/rules/candidates), once every record asked for is at hand: the lines nothing
    // answered by their quoted spans, alone, their typos corrected; then, in a log nothing answered at all, by the rare
    // words they share with a record, and last the log's other lines.
    if (this.missed > missed) return this.askAhead(unanswered, queries, lines, tracebacks, found.length > 0 || out.length > 0, out);
    const answeredLines = new Set(out.flatMap((o) => o.lines.map((l) => l.line)));
    const last = lastWorded(lines);
    for (const q of unanswered) if (!answeredLines.has(q.line.line)) this.offer(this.byPreciseRules(q, last), q.line, taken, out);
    if (found.length > 0 || out.length > 0) return out;
    for (const q of unanswered) this.offer(this.byTypos(q) ?? this.byRareWords(q), q.line, taken, out);
    if (out.length > 0) return out;
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
   * line is answered already, and the rules for a log nothing answered will not run. What they find is not offered:
   * the run after the batch decides.
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
    for (const q of unanswered) this.byPreciseRules(q, last);
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
    const index = this.wordingIndex();
    const found = index
      .find(text, {
        limit: T.similarLookedAt,
        minRecordCoverage: T.minCoverage,
        minLineCoverage: T.minCoverage,
        minSharedRareWords: T.minSharedRareWords,
        minSentenceRareWords: T.minRecordRareWords,
        ...extra,
      })
      .filter((c) => c.recordWeight >= T.minRecordRareWords * index.rareWord && !this.entry(c.entry).generic);
    return pickSimilar(found, (c) => this.entry(c.entry).errorClass, classes, T.similarKept);
  }

  /**
   * Offers the records of similar wording to a drift query's line (as `similar` matches), those not `taken` yet;
   * whether the index found any.
   */
  private offerSimilar(q: DriftQuery, taken: Set<number>, out: Unranked[]): boolean {
    const missed = this.missed;
    const classes = classesBefore(q.line.text, q.line.start);
    let candidates = this.similar(q.text, classes);
    // Nothing like the whole message: its first sentence alone (another release added or dropped those after it);
    // over part of the data, once the whole message's candidates are all at hand (the lookup runs again).
    // Records the line contradicts by name are no answer for the whole message either ("maybe another error").
    const incomplete = this.missed > missed;
    const first = candidates.some((c) => c.conflict.record === 0) || incomplete ? null : firstSentence(q.text);
    // Asked for now all the same, so their records arrive in the same batch as the whole message's (only to be read).
    const sentence = incomplete ? firstSentence(q.text) : null;
    if (sentence) this.similar(sentence, classes);
    // Reported against the whole message (its diff, and what it explains of it), found by the first sentence; a
    // sentence the index judged alone keeps that agreement (WordingMatch.sentenceAgreement) to be ranked by.
    if (first) {
      const byFirst = this.similar(first, classes).map((c) => ({ ...c, ...this.wordingIndex().compare(c.entry, q.text) }));
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
      out.push({ entry: this.entry(c.entry), kind: "similar", lines: [found.line ?? line], occurrences: 1, wording: c });
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
      const candidates = this.similar(run, classes).filter((c) => opensWith(this.entry(c.entry).message, run));
      const start = q.line.text.lastIndexOf(run);
      if (candidates.length) return { candidates, line: { ...q.line, start, end: start + run.length } };
    }
    return null;
  }

  /**
   * A quoted span of a line, its typos corrected (typo-words), in a log nothing answered, and only on a span
   * (`"No model archiectures are specified"`): a span's words are more often a message's than a line's.
   */
  private byTypos(q: DriftQuery): Found | null {
    const classes = classesBefore(q.line.text, q.line.start);
    for (const s of quotedSpans(q.line.text)) {
      const fixed = correctTypos(s.text, (w) => this.wordingIndex().wordCount(w));
      const candidates = fixed ? this.similar(fixed, classes) : [];
      if (candidates.length) return { candidates, line: { ...q.line, start: s.start, end: s.end } };
    }
    return null;
  }

  /** The records sharing rare words with a line's texts (rare-words): the whole text, its spans, the line alone. */
  private byRareWords(q: DriftQuery): Found | null {
    if (!rarityMeasurable(this.wordingIndex().stats.documents)) return null;
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
      const inLast = new Set(last ? this.siteIndex().recordsIn({ ...tb, frames: [last] }) : []);
      const sites = this.siteIndex()
        .recordsIn(tb)
        .filter((i) => inLast.has(i) && !taken.has(i) && this.loaded(i))
        .map((i) => ({ i, ev: siteEvidence(this.entry(i), tb) }))
        // A raise site alone must be unmistakable: its own line number, or a printed line that says more than `raise X(`.
        .filter((s) => s.ev?.last && (s.ev.line || (s.ev.source && s.ev.distinctive)));
      // A paste cut at the last frame's raise statement (`raise Runt`): the one record of that file whose class it begins.
      if (tb.cut && sites.length === 0)
        sites.push(...this.cutSite(tb, inLast, taken).map((i) => ({ i, ev: siteEvidence(this.entry(i), tb) })));
      for (const { i } of sites.slice(0, T.maxSiteOnly)) {
        taken.add(i);
        out.push({
          entry: this.entry(i),
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
            entry: this.entry(near.entry),
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
      const alike = this.wordingIndex()
        .find(message, { limit: T.similarLookedAt, minRecordCoverage: T.minCoverage, minLineCoverage: T.minCoverage })
        .filter((c) => !taken.has(c.entry) && this.entry(c.entry).errorClass === tb.exceptionClass)
        .filter((c) => templatesAlike(printed.template, this.entry(c.entry).message));
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
    const index = this.wordingIndex();
    const message = oneLineMessage(tb.message);
    const inFile = this.siteIndex().recordsIn({ ...tb, frames: [last] });
    // Over part of the data, the file's records must all be at hand to pick the closest: ask for the missing ones.
    if (inFile.filter((i) => !this.loaded(i)).length > 0) return null;
    const scored = inFile
      .filter((i) => !taken.has(i) && this.entry(i).errorClass === tb.exceptionClass && !this.entry(i).generic)
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
    if (all.filter((i) => !this.loaded(i)).length > 0) return [];
    const named = all.filter((i) => classAgrees(tb, this.entry(i).errorClass) && !this.entry(i).generic);
    return named.length === 1 && !taken.has(named[0]!) ? named : [];
  }

  /** Every entry (parsed, when loaded from a snapshot). */
  private allEntries(): MatcherEntry[] {
    const out: MatcherEntry[] = [];
    for (let i = 0; i < this.entryCount; i++) out.push(this.entry(i));
    return out;
  }

  /**
   * Whether an entry's pattern match answers its line: not a generic pattern nor one of Python's own messages, which
   * answer a line no better than its wording does (a specific record of drifted wording says more than
   * `{name} must be {x}, got {y}`, and outranks it: medium over low). A generic pattern whose placeholders took only
   * values (`MAMBA`, `torch.Size([2, 4096])`) does answer it: no other wording hides in them.
   */
  private answers(i: number, l: MatchedLine): boolean {
    const e = this.entry(i);
    if (mirrorsPython(e)) return false;
    return !e.generic || l.captures.every((c) => !holdsWording(c.value));
  }

  /** Whether entry `i` is at hand; if not (a matcher over part of the data), the caller is told and must ask again. */
  loaded(i: number): boolean {
    if (!this.whole || this.entryList[i] !== undefined) return true;
    this.whole.onMissing(i);
    return false;
  }

  /** The records' wording index, built on first need (drift queries, guesses when nothing matched) and kept. */
  wordingIndex(): WordingIndex {
    if (this.whole) {
      const whole = this.whole;
      return (this.wording ??= new WordingIndex(this.entryList, whole.wording, (i) => {
        this.missed++;
        whole.onMissing(i);
      }));
    }
    return (this.wording ??= this.wordingParts
      ? new WordingIndex((i) => this.entry(i), statsFromParts(this.wordingParts))
      : new WordingIndex(this.allEntries()));
  }

  /** Records by package-relative raise-site file (the whole data's, over part of it). */
  siteIndex(): SiteIndex {
    return (this.sites ??= new SiteIndex(this.whole ? this.whole.sites : siteParts(this.tables.files)));
  }

  /** The repositories the data covers. */
  repos(): string[] {
    return this.tables.repos;
  }

  /**
   * Scans the texts from id `from` on for every key, exact and case-folded;
   * each hit whose context agrees is filed under its text as (entry, line delta).
   */
  private scanTexts(texts: string[], from: number, hits: HitsByText): void {
    if (from >= texts.length) return;
    const starts = new Int32Array(texts.length - from + 1);
    let offset = 0;
    for (let i = from; i < texts.length; i++) {
      starts[i - from] = offset;
      offset += texts[i]!.length + 1;
    }
    starts[texts.length - from] = offset;
    const text = (from === 0 ? texts : texts.slice(from)).join("\n");
    const { keyBefore, keyAfter } = this.tables;
    const onHit = (scanned: string, index: KeyIndex) => (key: number, pos: number) => {
      const own = index.owners.data;
      const keyLength = index.scanner.keys[key]!.length;
      let id = -1;
      const stride = 3; // not tuning: the owners table's stride
      for (let j = index.owners.start[key]!, end = index.owners.start[key + 1]!; j < end; j += stride) {
        const c = own[j + 2]!; // not tuning: a field of the owners table
        if (!contextAgrees(scanned, pos, keyLength, keyBefore[c]!, keyAfter[c]!)) continue;
        if (id < 0) id = from + upperBound(starts, pos) - 1;
        hits.push(id, own[j]!, own[j + 1]!);
      }
    };
    this.tables.exact.scanner.scan(text, onHit(text, this.tables.exact));
    if (this.tables.folded) {
      const folded = foldCase(text);
      this.tables.folded.scanner.scan(folded, onHit(folded, this.tables.folded));
    }
    hits.seal(from, texts.length);
  }

  private squeezeLine = (l: LogLine): string => {
    let q = this.squeezed.get(l);
    if (q === undefined) this.squeezed.set(l, (q = withoutJsWhitespace(l.text)));
    return q;
  };

  /**
   * Tries a candidate, best kind first: the line (or, for a multi-line message,
   * the following lines of the same process), then the line re-joined with its
   * wrapped continuation lines, then the partial pattern.
   */
  private verify(entryIndex: number, lines: LogLine[], li: number): { kind: MatchKind; lines: MatchedLine[] } | null {
    const entry = this.entry(entryIndex);
    const full = this.program(entryIndex, false);
    const direct = entry.lines > 1 ? sameStream(lines, li, entry.lines + T.messageExtraLines) : [lines[li]!];
    const found = tryWindow(full, direct, ["\n"]) ?? matchWrapped(full, lines, li, entry.lines > 1, this.squeezeLine);
    if (found) return { kind: "full", lines: found };
    if (!entry.partial) return null;
    const partial = this.program(entryIndex, true);
    const part = tryWindow(partial, [lines[li]!], []) ?? matchWrapped(partial, lines, li, false, this.squeezeLine);
    return part ? { kind: "partial", lines: part } : null;
  }

  private program(entryIndex: number, partial: boolean): Program {
    const slot = entryIndex * 2 + (partial ? 1 : 0); // not tuning: two programs per entry
    return (this.programs[slot] ??= programOf(this.entry(entryIndex), partial));
  }
}

/** Records a candidate rule found for a line, and the part of the line they answer (the whole line if none). */
interface Found {
  candidates: WordingCandidate[];
  line?: MatchedLine;
}

/** A record whose pattern matched, before ranking. */
interface RawMatch {
  entry: number;
  kind: MatchKind;
  lines: MatchedLine[];
  occurrences: number;
}

/** What a snapshot gives the constructor. */
interface Loaded {
  entryJson: string[];
  tables: MatcherTables;
  wording?: WordingParts | undefined;
}

/** Builds the key tables of a matcher from its entries. */
function buildTables(entries: MatcherEntry[]): MatcherTables {
  const keyBefore: string[] = [];
  const keyAfter: string[] = [];
  const exactKeys = new Map<string, number[]>();
  const foldedKeys = new Map<string, number[]>();
  const residual: number[] = [];
  entries.forEach((e, i) => {
    if (e.keys.length === 0) residual.push(i);
    const target = e.flags.includes("i") ? foldedKeys : exactKeys;
    for (const k of e.keys) {
      const list = target.get(k.text) ?? [];
      list.push(i, k.line, keyBefore.length);
      keyBefore.push(k.before);
      keyAfter.push(k.after);
      target.set(k.text, list);
    }
  });
  return {
    residual: Int32Array.from(residual),
    exact: { scanner: new KeyScanner([...exactKeys.keys()]), owners: packOwners(exactKeys) },
    folded: foldedKeys.size ? { scanner: new KeyScanner([...foldedKeys.keys()]), owners: packOwners(foldedKeys) } : null,
    keyBefore,
    keyAfter,
    wrap: buildWrapTables(entries),
    repos: [...new Set(entries.map((e) => e.repo))],
    files: entries.map((e) => packagePath(e.filePath, packageOf(e.repo)) ?? ""),
  };
}

/** Joins `window` with `seps[k]` after line k (the last separator repeats) and runs the pattern. */
/** Whether a traceback's last frame is the given frame's file and line: the same raise. */
/** The original line number of a log's last line with text (where a paste cut short stops), or -1. */
function lastWorded(lines: LogLine[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.text.trim()) return lines[i]!.line;
  return -1;
}

function sameRaise(tb: Traceback, frame: Traceback["frames"][number]): boolean {
  const last = tb.frames[tb.frames.length - 1];
  return !!last && last.file !== "" && last.file === frame.file && last.line === frame.line;
}

function tryWindow(p: Program, window: LogLine[], seps: string[]): MatchedLine[] | null {
  let text = window[0]!.text;
  const starts = [0];
  for (let k = 1; k < window.length; k++) {
    text += seps[Math.min(k - 1, seps.length - 1)] ?? "\n";
    starts.push(text.length);
    text += window[k]!.text;
  }
  const found = exec(p, text);
  return found ? locate(found, window, starts) : null;
}

/**
 * Up to `count` lines from `li` on written by the same process, so interleaved
 * ranks stay apart; lines with no prefix at all continue whatever came before.
 */
function sameStream(lines: LogLine[], li: number, count: number): LogLine[] {
  const stream = lines[li]!.stream;
  const out: LogLine[] = [];
  for (let i = li; i < lines.length && out.length < count && i < li + count * T.streamLookahead; i++) {
    if (sameWriter(lines[i]!.stream, stream)) out.push(lines[i]!);
  }
  return out;
}

/** Index in `lines` of the line object a match reported (searched near the candidate). */
function lineIndexOf(lines: LogLine[], m: MatchedLine, near: number): number {
  const end = Math.min(lines.length, near + 64); // not tuning: a bound on where a reported line can sit
  for (let i = Math.max(0, near - WRAP_BACK); i < end; i++) if (lines[i]!.line === m.line && lines[i]!.text === m.text) return i;
  return near;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
