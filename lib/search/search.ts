/**
 * Full-text search over the records, shared by the build (Node) and the
 * browser: what a record's searchable text and title are, the FlexSearch
 * settings both sides use, and the light helpers the dialog needs
 * (highlighting, filters, facets, the typo distance). The build splits the
 * index into files (build.ts); the browser fetches only the pieces a query
 * needs (searcher.ts).
 *
 * Results are ranked by FlexSearch's term-position score, so a hit in the
 * class or message (indexed first) beats one deep in the documentation.
 */
import type { Encoder, Index } from "flexsearch";
import type { ErrorRecord } from "../record/schema";

/** FlexSearch is loaded on demand, so pages that import the light helpers here (highlight, filters, looksLikeLog) do not ship it. */
export type FlexSearch = typeof import("flexsearch");
export const loadFlexSearch = (): Promise<FlexSearch> => import("flexsearch");

/** Longest message excerpt kept for the result list. */
export const TITLE_MAX = 160;
/** Most hits a query returns (the filters work within them). */
export const MAX_HITS = 100;
/** Scoring slots FlexSearch divides a record's text into (term position → score). */
const RESOLUTION = 9;

/** What the filters need of a hit: its id and facets (fetched for every hit). */
export interface Hit {
  id: number;
  repo: string;
  errorClass: string;
  tags: string[];
}

/** What the result list shows for one record (the slug and title are fetched for the hits shown). */
export interface SearchDoc extends Hit {
  slug: string;
  /** First line of the message, at most TITLE_MAX characters. */
  title: string;
}

export interface SearchResult {
  /** Best first, at most MAX_HITS. */
  hits: Hit[];
  /** Encoded terms the query matched on (after typo correction and prefix expansion), for highlighting. */
  terms: string[];
  /** True when a word matched nothing and was corrected to a similar known word. */
  fuzzy: boolean;
  /** True when no record holds every word, so these hold some of them (most first). */
  partial: boolean;
}

/** The encoder both sides use: lower-cases, folds accents and balances common spelling variants. */
export function makeEncoder(fx: FlexSearch): Encoder {
  return new fx.Encoder(fx.Charset.LatinBalance);
}

/** The index both sides use: whole words (no partial-word entries: the last word's prefixes come from the vocabulary). */
export function makeIndex(fx: FlexSearch, encoder: Encoder): Index {
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
export function filterHits<H extends Hit>(hits: readonly H[], f: SearchFilters): H[] {
  return hits.filter(
    (h) => (!f.repo || h.repo === f.repo) && (!f.errorClass || h.errorClass === f.errorClass) && (!f.tag || h.tags.includes(f.tag)),
  );
}

/** The repositories, classes and tags among the hits, most common first, for the filter menus. */
export function facets(hits: readonly Hit[]): { repos: string[]; classes: string[]; tags: string[] } {
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
