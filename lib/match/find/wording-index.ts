/**
 * Finds the records whose wording is closest to a line of a log: an
 * inverted index of the records' content words picks candidates, and each
 * candidate is aligned with the line (`compareWording`) to measure what
 * each side explains of the other. Built on first use, per dataset.
 */
import type { MatcherEntry } from "../data/matcher-data";
import {
  lineWeighted,
  agreementOf,
  compareWording,
  harmonic,
  isContentWord,
  templateTokens,
  tokens,
  WordWeights,
  type DiffOp,
  type WordingMatch,
} from "../rank/wording";
import { T } from "../rank/tuning";
import { isRare, sharesRareWords } from "../rules/candidates/rare-words";

type Template = ReturnType<typeof templateTokens>;

/** A query's bounds, defaults filled in; the weights in the index's units. */
interface Bounds {
  minRecordCoverage: number;
  minLineCoverage: number;
  minSharedWeight: number;
  minSentenceRareWords: number;
  minRareWords: number;
}

export interface WordingCandidate extends WordingMatch {
  /** Index of the entry. */
  entry: number;
  /** How well the record and the line explain each other (`agreementOf`). */
  agreement: number;
  /** What orders the candidates: the agreement with explaining the line counting twice (`lineWeighted`). */
  closeness: number;
  /** Total weight of the record's literal words (little means a generic message). */
  recordWeight: number;
}

export interface WordingQuery {
  /** Most candidates returned. */
  limit?: number;
  /** Least share of the record's wording the line must hold, and of the line's wording the record must explain. */
  minRecordCoverage?: number;
  minLineCoverage?: number;
  /**
   * Also accept a record that explains most of the line (T.longClauseLine)
   * and shares this many rare words' weight with it (in units of `rareWord`),
   * though the line lacks a long clause of the record's (a release that
   * dropped a sentence), or that holds one whole sentence of it.
   */
  minSharedRareWords?: number;
  /**
   * Also accept a record of several sentences one of which, judged as a record of its own (these coverages, this
   * many rare words' weight), agrees with the line: a release rewrote it and dropped the record's advice.
   */
  minSentenceRareWords?: number;
  /**
   * Also accept, however little of either side the other explains, a record sharing this many rare words with the
   * line and not contradicted by name (lib/match/rules/candidates/rare-words).
   */
  minRareWords?: number;
  /** Only the entries this accepts are aligned (those of one file, say), among those picked: the others are not fetched. */
  only?: (entry: number) => boolean;
}

/**
 * Whether a diff is the record's opening words, then only the record's (`=` … then `-` …): the line is how the
 * record begins. A quote or other punctuation the record has and the line lacks along the way does not end it.
 */
export function opensRecord(diff: readonly DiffOp[]): boolean {
  let rest = false;
  for (const d of diff) {
    if (d.op === "-" && /[A-Za-z0-9_]/.test(d.text)) rest = true;
    else if (d.op === "=" && rest) return false;
  }
  return rest && diff[0]?.op === "=";
}

/**
 * What candidate selection needs of the whole dataset, whatever part of it is
 * loaded: each content word's records (so the inverse document frequencies
 * and the candidates are those of the whole data), and each record's wording
 * weight as selection uses it. The lookup over shards (lib/match/data/shard-lookup)
 * ships these in its filter; the CLI's cache keeps them as `WordingParts`.
 */
export interface WordingStats {
  /** Number of records. */
  documents: number;
  /**
   * A content word's records, by entry index, ascending; undefined when no
   * record uses it; null when a lookup over part of the data does not have
   * them at hand (it tells its caller, and the lookup is asked again).
   */
  postings: (word: string) => readonly number[] | null | undefined;
  /**
   * A content word's number of records (undefined: none, or not at hand, as for `postings`), when it is known
   * without its records: a lookup over part of the data reads the counts of its records' words with the records.
   */
  count?: (word: string) => number | undefined;
  /** Each record's wording weight in 1/SELECTION_UNIT units, as selection compares them. */
  selection: ArrayLike<number>;
}

/**
 * The stats of an index in a form that stores well (the CLI's cache keeps
 * it), so it is rebuilt without tokenizing every record: each entry's
 * content words and its selection weight.
 */
export interface WordingParts {
  /** Each entry's distinct content words, in order of first use, joined by spaces ("" for none). */
  words: string[];
  /** Each entry's selection weight (see WordingStats). */
  selection: number[];
}

/** Selection compares records by their wording weight rounded to 1/SELECTION_UNIT, so a filter can carry it as a small integer. */
const SELECTION_UNIT = 8; // not tuning: the filter's fixed-point unit (an eighth: about 1 % of the weight of a word no record uses, noise to selection; a record's weight stays 2–4 digits)

/** Candidate selection's tables of a whole dataset: each content word's records, and each record's selection weight. */
export function wordingTables(entries: readonly MatcherEntry[]): {
  documents: number;
  postings: Map<string, number[]>;
  selection: number[];
} {
  const index = new WordingIndex(entries);
  return { documents: entries.length, postings: index.postingsMap!, selection: Array.from(index.stats.selection) };
}

/** The stats kept in `parts` (an index's `parts()`). */
export function statsFromParts(parts: WordingParts): WordingStats {
  const postings = new Map<string, number[]>();
  // By index: a list read from the CLI's cache may be lazy (its strings decoded on access), which forEach would skip.
  for (let i = 0; i < parts.words.length; i++) {
    const list = parts.words[i]!;
    if (list === "") continue;
    for (const w of list.split(" ")) {
      const p = postings.get(w);
      if (p) p.push(i);
      else postings.set(w, [i]);
    }
  }
  return { documents: parts.words.length, postings: (w) => postings.get(w), selection: parts.selection };
}

export class WordingIndex {
  private readonly weights: WordWeights;
  readonly stats: WordingStats;
  /** Built from the entries (a whole dataset): each content word's records. */
  readonly postingsMap: Map<string, number[]> | undefined;
  /** Built from the entries: each entry's distinct content words (for `parts()`). */
  private readonly docs: string[][] | undefined;
  private readonly template: (Template | undefined)[] = [];
  private readonly total: (number | undefined)[] = [];
  private readonly entryAt: (i: number) => MatcherEntry | undefined;

  /**
   * An index over `entries` (an array, or a function reading entry i on demand, as a matcher loaded from its cache
   * does). With `stats` (those of the whole data), `entries` may be sparse: a candidate whose entry is not loaded is
   * reported to `onMissing` and left out, and the caller loads it and asks again.
   */
  constructor(
    entries: readonly (MatcherEntry | undefined)[] | ((i: number) => MatcherEntry | undefined),
    stats?: WordingStats,
    private readonly onMissing?: (entry: number) => void,
  ) {
    this.entryAt = typeof entries === "function" ? entries : (i) => entries[i];
    if (stats) {
      this.stats = stats;
      this.weights = WordWeights.fromCounts(stats.count ?? ((w) => stats.postings(w)?.length), stats.documents);
      return;
    }
    const list = entries as readonly (MatcherEntry | undefined)[];
    const postings = new Map<string, number[]>();
    const docs: string[][] = [];
    list.forEach((e, i) => {
      const t = templateTokens(e!.wording ?? e!.message);
      this.template[i] = t;
      const words = [...new Set(t.filter((x) => x.key !== null && isContentWord(x.key)).map((x) => x.key!))];
      docs.push(words);
      for (const w of words) {
        const p = postings.get(w);
        if (p) p.push(i);
        else postings.set(w, [i]);
      }
    });
    this.weights = WordWeights.fromCounts((w) => postings.get(w)?.length, list.length);
    const selection = list.map((_, i) => Math.round(this.totalOf(i) * SELECTION_UNIT));
    this.postingsMap = postings;
    this.docs = docs;
    this.stats = { documents: list.length, postings: (w) => postings.get(w), selection };
  }

  /** What `new WordingIndex(entryAt, statsFromParts(parts))` needs to rebuild this index (built from entries only). */
  parts(): WordingParts {
    if (!this.docs) throw new Error("an index rebuilt from stats has no parts of its own");
    return { words: this.docs.map((w) => w.join(" ")), selection: Array.from(this.stats.selection) };
  }

  private templateOf(e: number): Template {
    let t = this.template[e];
    if (t === undefined) {
      const entry = this.entryAt(e)!;
      this.template[e] = t = templateTokens(entry.wording ?? entry.message);
    }
    return t;
  }

  private totalOf(e: number): number {
    return (this.total[e] ??= this.templateOf(e).reduce((s, x) => s + (x.key === null ? 0 : this.weights.of(x.key)), 0));
  }

  /** A record's wording weight as candidate selection sees it (whether or not its entry is loaded). */
  private selected(e: number): number {
    return this.stats.selection[e]! / SELECTION_UNIT;
  }

  /** The weight of a word no record uses: the unit "rare" is measured in, whatever the dataset's size. */
  get rareWord(): number {
    return this.weights.unknown;
  }

  /** The weight of an entry's literal wording. */
  recordWeight(entry: number): number {
    return this.totalOf(entry);
  }

  /** The records closest to `text` by wording, best first, that pass the query's coverage bounds. */
  find(text: string, q: WordingQuery = {}): WordingCandidate[] {
    const bounds: Bounds = {
      minRecordCoverage: q.minRecordCoverage ?? T.minCoverage,
      minLineCoverage: q.minLineCoverage ?? T.minCoverage,
      minSharedWeight: (q.minSharedRareWords ?? Infinity) * this.weights.unknown,
      minSentenceRareWords: q.minSentenceRareWords ?? Infinity,
      minRareWords: q.minRareWords ?? Infinity,
    };
    const line = tokens(text);
    const shared = this.sharedWeights(line);
    const lineWeight = line.reduce((s, t) => s + this.weights.of(t.key), 0);
    const out: WordingCandidate[] = [];
    for (const e of this.picked(shared, lineWeight, bounds)) {
      if (q.only && !q.only(e)) continue;
      if (this.entryAt(e) === undefined) {
        this.onMissing?.(e);
        continue;
      }
      const c = this.judge(e, line, lineWeight, bounds, shared.rare.get(e) ?? 0);
      if (c) out.push(c);
    }
    // As the ranking does: a record the line contradicts by name comes after those it does not.
    const contradicted = (c: WordingCandidate) => (c.conflict.record > 0 ? 1 : 0);
    out.sort(
      (a, b) => contradicted(a) - contradicted(b) || b.closeness - a.closeness || b.recordWeight - a.recordWeight || a.entry - b.entry,
    );
    return out.slice(0, q.limit ?? T.similarLookedAt);
  }

  /** Each record's weight of content words shared with the line (words of too many records left out), and its count of rare ones. */
  private sharedWeights(line: ReturnType<typeof tokens>): { weight: Map<number, number>; rare: Map<number, number> } {
    const seen = new Set<string>();
    const weight = new Map<number, number>();
    const rare = new Map<number, number>();
    for (const t of line) {
      if (!isContentWord(t.key) || seen.has(t.key)) continue;
      seen.add(t.key);
      const list = this.stats.postings(t.key);
      if (!list || list.length > T.commonPostings) continue;
      const w = this.weights.of(t.key);
      const isRareWord = isRare(w, this.weights.unknown);
      for (const e of list) {
        weight.set(e, (weight.get(e) ?? 0) + w);
        if (isRareWord) rare.set(e, (rare.get(e) ?? 0) + 1);
      }
    }
    return { weight, rare };
  }

  /** The records to align with the line: those both sides share most of, those sharing the most rare words outright, … */
  private picked(shared: { weight: Map<number, number>; rare: Map<number, number> }, lineWeight: number, b: Bounds): Set<number> {
    const scored = [...shared.weight].map(([e, w]) => ({
      e,
      shared: w,
      estimate: Math.min(w / (this.selected(e) || 1), w / (lineWeight || 1)),
    }));
    const byShare = scored
      .filter((c) => c.estimate >= Math.min(b.minRecordCoverage, b.minLineCoverage) * T.estimateSlack)
      .sort((a, b) => b.estimate - a.estimate || a.e - b.e)
      .slice(0, T.aligned);
    const byWeight = b.minSharedWeight < Infinity ? scored.sort((a, b) => b.shared - a.shared || a.e - b.e).slice(0, T.alignedExtra) : [];
    // … and those whose every word the line holds, the richest first: a long line may be a short record plus its constants' text.
    const whole = scored
      .filter((c) => c.shared >= T.wholeRecord * this.selected(c.e))
      .sort((a, b) => b.shared - a.shared || a.e - b.e)
      .slice(0, T.alignedExtra);
    // … and, for rare-words, those sharing enough rare words, the most shared weight first.
    const byRare =
      b.minRareWords < Infinity
        ? scored
            .filter((c) => (shared.rare.get(c.e) ?? 0) >= b.minRareWords)
            .sort((a, b) => b.shared - a.shared || a.e - b.e)
            .slice(0, T.alignedExtra)
        : [];
    return new Set([...byShare, ...byWeight, ...whole, ...byRare].map((c) => c.e));
  }

  /** Entry `e` aligned with the line, if the comparison passes the bounds; null if not. */
  private judge(e: number, line: ReturnType<typeof tokens>, lineWeight: number, b: Bounds, rare: number): WordingCandidate | null {
    const m = compareWording(this.templateOf(e), line, this.weights);
    const shared = m.recordCoverage * this.totalOf(e);
    const unit = this.weights.unknown;
    const extra = b.minSharedWeight < Infinity;
    m.sentenceFound = m.clause.coverage >= T.clauseFound && m.clause.weight >= b.minSharedWeight && m.lineCoverage >= T.clauseLine;
    // One sentence of several judged as a record of its own: the same coverages, its own weight, no name contradicted
    // (for a record of one sentence, this is the whole record's test).
    if (
      m.clause.weight >= b.minSentenceRareWords * unit &&
      m.clause.coverage >= b.minRecordCoverage &&
      (m.clause.line ?? 0) >= b.minLineCoverage &&
      m.conflict.record === 0
    )
      m.sentenceAgreement = harmonic(m.clause.coverage, m.clause.line ?? 0);
    const enough =
      (m.recordCoverage >= b.minRecordCoverage && m.lineCoverage >= b.minLineCoverage) ||
      m.sentenceAgreement !== undefined ||
      (m.lineCoverage >= T.longClauseLine && m.recordCoverage >= T.longClauseRecord && shared >= b.minSharedWeight) ||
      (extra &&
        m.lineCoverage >= T.namedLine &&
        m.recordCoverage >= T.longClauseRecord &&
        m.sharedNames >= unit * T.namedRareWords &&
        m.conflict.record === 0) ||
      m.sentenceFound ||
      // The record's whole message, in a line that adds a clause (an older release's check covered two things): its
      // own words, not its placeholders' values, explain the line's share.
      (extra &&
        m.recordCoverage >= T.wholeRecord &&
        shared >= unit * T.wholeRareWords &&
        shared >= T.clauseLine * lineWeight &&
        m.conflict.record === 0) ||
      (extra && m.openingRun >= unit * T.runRareWords) ||
      (extra && m.lineCoverage >= T.prefixLine && shared >= unit * T.prefixRareWords && opensRecord(m.diff)) ||
      (b.minRareWords < Infinity && rare >= b.minRareWords && sharesRareWords(rare, m.conflict.record > 0));
    if (!enough) return null;
    const agreement = agreementOf(m);
    const closeness = Math.max(
      lineWeighted(Math.max(0, m.recordCoverage - m.conflict.record), Math.max(0, m.lineCoverage - m.conflict.line)),
      m.sentenceAgreement ?? 0,
    );
    return { ...m, entry: e, agreement, closeness, recordWeight: this.totalOf(e) };
  }

  /** How many records use a content word: undefined for none, null when not at hand (over part of the data). */
  wordCount(word: string): number | null | undefined {
    const list = this.stats.postings(word);
    // A word too common to list (split data) has an empty list and its count.
    return list === null || list === undefined ? list : (this.stats.count?.(word) ?? list.length);
  }

  /** How an entry's wording compares with a text (for ranking matches found otherwise). */
  compare(entry: number, text: string): WordingMatch {
    return compareWording(this.templateOf(entry), tokens(text), this.weights);
  }

  /** The entry at an index. */
  entry(i: number): MatcherEntry {
    return this.entryAt(i)!;
  }
}
