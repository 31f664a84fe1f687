/**
 * Full-text search over the records, shared by the build (Node) and the
 * browser. At build time `buildSearchData` indexes each record's class,
 * message, tags, file path, documentation and solutions with FlexSearch and
 * exports two JSON files: the index and the result-list fields. The browser
 * fetches both on first use, `Searcher.load` imports them once, and every
 * keystroke only queries.
 *
 * Guarantees: the stored index round-trips (export, JSON, import) to the same
 * answers; a query term missing from the vocabulary is corrected to the
 * nearest known term (one edit, two for long words), and the last term, while
 * being typed, also matches as a prefix; when no record holds every word,
 * the records holding most of them come back, flagged `partial`. Results are
 * ranked by FlexSearch's
 * term-position score, so a hit in the class or message (indexed first) beats
 * one deep in the documentation.
 */
import type { Encoder, Index } from "flexsearch";
import type { ErrorRecord } from "../record/schema";

/** FlexSearch is loaded on demand, so pages that import the light helpers here (highlight, filters, looksLikeLog) do not ship it. */
type FlexSearch = typeof import("flexsearch");
const loadFlexSearch = (): Promise<FlexSearch> => import("flexsearch");

/** Format version of the stored files; bump when their shape changes. */
export const SEARCH_DATA_VERSION = 1;
/** Longest message excerpt kept for the result list. */
export const TITLE_MAX = 160;
/** Most hits a query returns (the filters work within them). */
export const MAX_HITS = 100;
/** Scoring slots FlexSearch divides a record's text into (term position → score). */
const RESOLUTION = 9;
/** Most vocabulary terms a half-typed last word expands to. */
const MAX_PREFIX_EXPANSIONS = 6;

/** The exported FlexSearch index: its parts as `[key, parsed JSON]`, in export order. */
export interface StoredIndex {
  v: number;
  parts: [string, unknown][];
}

/** One record's result-list fields: [repo index, slug, class, title, tag indexes]. */
export type StoredDoc = [number, string, string, string, number[]];

/** The result-list fields of every record, in index id order, with repos and tags interned. */
export interface StoredDocs {
  v: number;
  repos: string[];
  tags: string[];
  docs: StoredDoc[];
}

/** What the result list shows for one record. */
export interface SearchDoc {
  repo: string;
  slug: string;
  errorClass: string;
  /** First line of the message, at most TITLE_MAX characters. */
  title: string;
  tags: string[];
}

export interface SearchResult {
  hits: SearchDoc[];
  /** Encoded terms the query matched on (after typo correction and prefix expansion), for highlighting. */
  terms: string[];
  /** True when a word matched nothing and was corrected to a similar known word. */
  fuzzy: boolean;
  /** True when no record holds every word, so these hold some of them (most first). */
  partial: boolean;
}

/** The encoder both sides use: lower-cases, folds accents and balances common spelling variants. */
function makeEncoder(fx: FlexSearch): Encoder {
  return new fx.Encoder(fx.Charset.LatinBalance);
}

function makeIndex(fx: FlexSearch, encoder: Encoder): Index {
  return new fx.Index({ tokenize: "strict", resolution: RESOLUTION, encoder });
}

/** The searchable text of a record, most telling fields first (earlier terms score higher). */
export function searchText(r: ErrorRecord): string {
  return [r.errorClass, r.errorMessage, r.tags.join(" "), r.filePath, r.documentation, r.solutions.join(" ")].join("\n");
}

/** The result-list title: the first non-empty line of the message, trimmed to TITLE_MAX characters. */
export function titleOf(message: string): string {
  const line =
    message
      .split(/\r?\n/)
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** Builds the stored index and result-list fields for a list of records (ids are list positions). */
export async function buildSearchData(records: readonly ErrorRecord[]): Promise<{ index: StoredIndex; docs: StoredDocs }> {
  const fx = await loadFlexSearch();
  const index = makeIndex(fx, makeEncoder(fx));
  records.forEach((r, i) => index.add(i, searchText(r)));
  const parts: [string, unknown][] = [];
  index.export((key: string, data: string) => {
    parts.push([key, JSON.parse(data)]);
  });
  const repos = new Map<string, number>();
  const tags = new Map<string, number>();
  const intern = (m: Map<string, number>, s: string) => {
    let n = m.get(s);
    if (n === undefined) m.set(s, (n = m.size));
    return n;
  };
  const docs: StoredDoc[] = records.map((r) => [
    intern(repos, r.repo),
    r.slug,
    r.errorClass,
    titleOf(r.errorMessage),
    r.tags.map((t) => intern(tags, t)),
  ]);
  return {
    index: { v: SEARCH_DATA_VERSION, parts },
    docs: { v: SEARCH_DATA_VERSION, repos: [...repos.keys()], tags: [...tags.keys()], docs },
  };
}

/** A loaded, queryable index. Create once (`Searcher.load`), query per keystroke. */
export class Searcher {
  private readonly encoder: Encoder;
  private readonly index: Index;
  /** Vocabulary (encoded terms), sorted, with how many slot entries each has (a document-frequency proxy). */
  private readonly vocab: string[];
  private readonly df = new Map<string, number>();
  private readonly byLength = new Map<number, string[]>();
  private readonly docs: SearchDoc[];

  private constructor(fx: FlexSearch, stored: StoredIndex, docs: StoredDocs) {
    this.encoder = makeEncoder(fx);
    this.index = makeIndex(fx, this.encoder);
    for (const [key, data] of stored.parts) {
      // FlexSearch's importer accepts parsed JSON as well as the string it exported (src/serialize.js).
      this.index.import(key, data as string);
      if (key.endsWith("map") && Array.isArray(data)) {
        for (const entry of data as unknown[]) {
          if (!Array.isArray(entry) || typeof entry[0] !== "string") continue;
          const slots = entry[1];
          const n = Array.isArray(slots) ? slots.reduce((s: number, ids: unknown) => s + (Array.isArray(ids) ? ids.length : 0), 0) : 0;
          this.df.set(entry[0], (this.df.get(entry[0]) ?? 0) + n);
        }
      }
    }
    this.vocab = [...this.df.keys()].sort();
    for (const t of this.vocab) {
      const list = this.byLength.get(t.length) ?? [];
      list.push(t);
      this.byLength.set(t.length, list);
    }
    this.docs = docs.docs.map(([repo, slug, errorClass, title, tags]) => ({
      repo: docs.repos[repo] ?? "",
      slug,
      errorClass,
      title,
      tags: tags.map((t) => docs.tags[t] ?? ""),
    }));
  }

  /** Imports stored data (already checked with the parse functions). */
  static async load(index: StoredIndex, docs: StoredDocs): Promise<Searcher> {
    return new Searcher(await loadFlexSearch(), index, docs);
  }

  /** Number of records indexed. */
  get size(): number {
    return this.docs.length;
  }

  /** Encodes text the way the index does: the terms a word or phrase stands for. */
  encode(text: string): string[] {
    return this.encoder.encode(text);
  }

  /**
   * Searches for records holding every query word (a word may be a typo of a
   * known one; the last word, unless followed by a space, may be unfinished).
   */
  search(query: string, limit = MAX_HITS): SearchResult {
    const empty: SearchResult = { hits: [], terms: [], fuzzy: false, partial: false };
    const words = query.split(/\s+/).filter(Boolean);
    if (words.length === 0) return empty;
    const typing = !/\s$/.test(query);
    // Each word becomes a set of alternatives: itself if known, else its prefix expansions (last word only), else its nearest typo fix.
    const alternatives: string[][] = [];
    let fuzzy = false;
    words.forEach((word, i) => {
      const terms = this.encode(word);
      if (terms.length === 0) return; // a stop word or punctuation only
      const last = i === words.length - 1 && typing;
      for (const term of terms) {
        if (this.df.has(term)) {
          alternatives.push(last ? [term, ...this.prefixes(term).filter((t) => t !== term)].slice(0, MAX_PREFIX_EXPANSIONS) : [term]);
          continue;
        }
        const prefixed = last ? this.prefixes(term) : [];
        if (prefixed.length) {
          alternatives.push(prefixed);
          continue;
        }
        const fix = this.nearest(term);
        if (!fix) {
          alternatives.push([]);
          continue;
        }
        fuzzy = true;
        alternatives.push([fix]);
      }
    });
    if (alternatives.length === 0) return empty;
    const toDocs = (ids: number[]) => ids.map((id) => this.docs[id]).filter((d): d is SearchDoc => d !== undefined);
    if (alternatives.every((a) => a.length > 0)) {
      const ids = this.query(alternatives, limit);
      if (ids.length) return { hits: toDocs(ids), terms: [...new Set(alternatives.flat())], fuzzy, partial: false };
    }
    // No record holds every word (one may be a typo of a word that exists, or unknown): FlexSearch's suggestion mode ranks the records holding most of them.
    const known = alternatives.filter((a) => a.length > 0).map((a) => a[0]!);
    if (known.length === 0) return empty;
    const ids = this.index.search(known.join(" "), { limit, suggest: true }) as number[];
    return { hits: toDocs(ids), terms: known, fuzzy, partial: ids.length > 0 };
  }

  /** Runs the AND of the words (each an OR of alternatives), best first, ids unique. */
  private query(alternatives: string[][], limit: number): number[] {
    // The most common case, one alternative per word: one FlexSearch query.
    const combos: string[][] = [[]];
    for (const alts of alternatives) {
      const next: string[][] = [];
      for (const c of combos) for (const a of alts) if (next.length < MAX_PREFIX_EXPANSIONS) next.push([...c, a]);
      combos.splice(0, combos.length, ...next);
    }
    const seen = new Set<number>();
    const out: number[] = [];
    for (const combo of combos) {
      const ids = this.index.search(combo.join(" "), { limit }) as number[];
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        out.push(id);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** Known terms starting with `term`, most frequent first. */
  private prefixes(term: string): string[] {
    if (term.length < 2) return this.df.has(term) ? [term] : [];
    let lo = 0;
    let hi = this.vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.vocab[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < this.vocab.length && this.vocab[i]!.startsWith(term); i++) found.push(this.vocab[i]!);
    return found
      .sort((a, b) => (a === term ? -1 : b === term ? 1 : (this.df.get(b) ?? 0) - (this.df.get(a) ?? 0)))
      .slice(0, MAX_PREFIX_EXPANSIONS);
  }

  /** The most frequent known term within one edit of `term` (two for terms of 8+ characters); null if none. */
  private nearest(term: string): string | null {
    if (term.length < 3) return null;
    const maxEdits = term.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestDist = Infinity;
    let bestDf = -1;
    for (let len = term.length - maxEdits; len <= term.length + maxEdits; len++) {
      for (const cand of this.byLength.get(len) ?? []) {
        const d = editDistance(term, cand, maxEdits);
        if (d > maxEdits) continue;
        const f = this.df.get(cand) ?? 0;
        if (d < bestDist || (d === bestDist && f > bestDf)) {
          best = cand;
          bestDist = d;
          bestDf = f;
        }
      }
    }
    return best;
  }
}

/** Rows of the distance table, reused across calls (the typo fallback compares a term with thousands of words). */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance (a swap of neighbours is one edit), giving up past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0].length <= b.length) rows = [new Int32Array(b.length + 1), new Int32Array(b.length + 1), new Int32Array(b.length + 1)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length]!;
}

/** A piece of displayed text, marked when it is a matched word. */
export interface Segment {
  text: string;
  mark: boolean;
}

/** Splits text into segments, marking each word whose encoding shares a term with `terms` (or starts with a matched prefix). */
export function highlight(text: string, terms: readonly string[], encode: (word: string) => string[]): Segment[] {
  if (terms.length === 0 || !text) return [{ text, mark: false }];
  const set = new Set(terms);
  const out: Segment[] = [];
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (!piece) continue;
    const isWord = /^[\p{L}\p{N}]+$/u.test(piece);
    const mark = isWord && encode(piece).some((t) => set.has(t));
    const prev = out[out.length - 1];
    if (prev && prev.mark === mark && !mark) prev.text += piece;
    else out.push({ text: piece, mark });
  }
  return out;
}

/** Filters on the hits: exact repository, class and tag; empty means any. */
export interface SearchFilters {
  repo: string;
  errorClass: string;
  tag: string;
}

/** Applies the filters. */
export function filterHits(hits: readonly SearchDoc[], f: SearchFilters): SearchDoc[] {
  return hits.filter(
    (h) => (!f.repo || h.repo === f.repo) && (!f.errorClass || h.errorClass === f.errorClass) && (!f.tag || h.tags.includes(f.tag)),
  );
}

/** The repositories, classes and tags among the hits, most common first, for the filter menus. */
export function facets(hits: readonly SearchDoc[]): { repos: string[]; classes: string[]; tags: string[] } {
  const count = (values: string[]) => {
    const m = new Map<string, number>();
    for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
    return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([v]) => v);
  };
  return { repos: count(hits.map((h) => h.repo)), classes: count(hits.map((h) => h.errorClass)), tags: count(hits.flatMap((h) => h.tags)) };
}

/** A Python traceback header: pasted alone it is still a log. */
const TRACEBACK = /Traceback \(most recent call last\)/;

/** True when pasted text looks like a log (several non-empty lines, or a traceback) rather than a search. */
export function looksLikeLog(text: string): boolean {
  return TRACEBACK.test(text) || text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== "").length >= 2;
}
