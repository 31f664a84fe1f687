/**
 * Where each piece of the split search data lives, shared by the build (which
 * writes the files) and the browser (which fetches only the pieces a query
 * needs), in the manner of Pagefind:
 *
 * - `search/manifest.json`: the first term of every index bucket, the facet
 *   names (repositories, classes, tags) and the page sizes. Fetched when the
 *   search opens.
 * - `search/v/<key>.json`: the vocabulary of terms starting with one
 *   character, most frequent first: exact look-up, prefix expansion of the
 *   word being typed, and the typo fix.
 * - `search/t/<key>.json`: the same terms keyed by their second and third
 *   characters, fetched for a word that is not known: a typo in its first
 *   letter keeps (or shifts by one) the letters after it.
 * - `search/i/<n>.json`: index bucket n, FlexSearch's exported map entries
 *   for a contiguous range of terms (sorted ranges, so a prefix's expansions
 *   usually share a bucket).
 * - `search/f/<n>.json`: repository, class and tags of a facet page of records by
 *   id, for the filters (they work on every hit, so these are fetched for all
 *   hits, not only the ones shown).
 * - `search/d/<n>.json`: slug and title of a docs page of records by id,
 *   fetched for the results shown (the next page on scroll).
 */

/** Format version of the stored files; bump when their shape changes. */
export const SEARCH_DATA_VERSION = 2;
/**
 * Fewest records per facet page. The filters need the facets of every hit
 * (100), which fall on as many different pages of a large dataset: small
 * pages fetch less (at 100,000 records, 1,024-record pages made a slow
 * typist fetch nearly all 98 of them). Pages grow past it so a large dataset
 * stays within MAX_FACET_PAGES files.
 */
export const MIN_FACET_PAGE = 128;
/** Most facet page files. */
export const MAX_FACET_PAGES = 1024;
/**
 * Fewest records per docs page; pages grow past it so a large dataset stays
 * within MAX_DOCS_PAGES files. Small, because the results listed (PAGE in the
 * dialog) fall on as many different pages: a query costs about PAGE pages.
 */
export const MIN_DOCS_PAGE = 16;
/** Most docs page files. */
export const MAX_DOCS_PAGES = 4096;
/** Most index buckets, whatever the dataset size (keeps the file count of the site reasonable). */
export const MAX_BUCKETS = 512;
/** Target size of a bucket's JSON before compression (a bucket never splits a term, so one holding a common term is bigger). */
export const BUCKET_BYTES = 4096;

/** Paths of the search files, relative to the asset folder (`/_errdex/`). */
export const searchPath = {
  manifest: "search/manifest.json",
  bucket: (n: number) => `search/i/${n}.json`,
  vocab: (key: string) => `search/v/${key}.json`,
  typo: (key: string) => `search/t/${key}.json`,
  facets: (n: number) => `search/f/${n}.json`,
  docs: (n: number) => `search/d/${n}.json`,
};

/** Records per facet page for a dataset of `records` records. */
export function facetPageSize(records: number): number {
  return Math.max(MIN_FACET_PAGE, Math.ceil(records / MAX_FACET_PAGES));
}

/** Records per docs page for a dataset of `records` records. */
export function docsPageSize(records: number): number {
  return Math.max(MIN_DOCS_PAGE, Math.ceil(records / MAX_DOCS_PAGES));
}

/** A plain file-name character: the first letter or digit of a term names its vocabulary file; anything else shares the file `_`. */
const PLAIN_KEY = /^[a-z0-9]$/;

/** The vocabulary file key of an encoded term: its first character when a-z or 0-9, else `_`. */
export function vocabKey(term: string): string {
  const c = term.charAt(0);
  return PLAIN_KEY.test(c) ? c : "_";
}

/** The typo file key of an encoded term of 3+ characters: its second and third characters (each as vocabKey names it). */
export function typoKey(term: string): string {
  return vocabKey(term.charAt(1)) + vocabKey(term.charAt(2));
}

/**
 * The typo files that can hold a known term one edit away from `term` by an
 * edit at its first letter: a substitution keeps its 2nd and 3rd letters, a
 * deletion shifts them to the 1st and 2nd, an insertion to the 3rd and 4th,
 * and a swap of the first two gives the 1st and 3rd.
 */
export function typoKeysFor(term: string): string[] {
  const k = (a: number, b: number) => vocabKey(term.charAt(a)) + vocabKey(term.charAt(b));
  const keys = [k(1, 2), k(0, 1), k(0, 2)];
  if (term.length >= 4) keys.push(k(2, 3));
  return [...new Set(keys)];
}

/** How common a term is, coarsely, comparable across files: ⌊log2 of its entries over all scoring slots⌋. */
export function frequencyTier(entries: number): number {
  return entries > 0 ? Math.floor(Math.log2(entries)) : 0;
}

/** The bucket holding `term`, given each bucket's first term (sorted): the last bucket whose first term is ≤ `term` (0 when none is). */
export function bucketOf(term: string, firsts: readonly string[]): number {
  let lo = 0;
  let hi = firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firsts[mid]! <= term) lo = mid + 1;
    else hi = mid;
  }
  return Math.max(0, lo - 1);
}

/** Splits sorted items into contiguous runs of about `target` size each (never splitting an item), at most `max` runs. */
export function splitBySize<T>(items: readonly T[], size: (item: T) => number, target: number, max: number): T[][] {
  const total = items.reduce((s, x) => s + size(x), 0);
  const per = Math.max(target, total / max);
  const out: T[][] = [];
  let cur: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const s = size(item);
    if (cur.length && bytes + s > per && out.length < max - 1) {
      out.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(item);
    bytes += s;
  }
  if (cur.length) out.push(cur);
  return out;
}

/** FlexSearch's exported slots (ids ascending in each) as gaps: the first id, then each id minus the one before. Gzips to about a quarter. */
export function toGaps(slots: readonly (readonly number[] | null | undefined)[]): number[][] {
  return slots.map((ids) => (ids ? ids.map((id, i) => (i ? id - ids[i - 1]! : id)) : []));
}

/** The inverse of toGaps. */
export function fromGaps(gaps: readonly (readonly number[])[]): number[][] {
  return gaps.map((g) => {
    const ids = new Array<number>(g.length);
    let id = 0;
    for (let i = 0; i < g.length; i++) ids[i] = id = i ? id + g[i]! : g[i]!;
    return ids;
  });
}
