/**
 * Builds the split search files (lib/search/layout.ts) for a list of records
 * (ids are list positions): one FlexSearch index over every record, whose
 * exported map is cut by sorted term ranges into buckets, plus the
 * vocabulary, facet and docs files. Framework-free: the build script writes
 * what this returns.
 */
import type { ErrorRecord } from "../record/schema";
import {
  BUCKET_BYTES,
  facetPageSize,
  MAX_BUCKETS,
  SEARCH_DATA_VERSION,
  docsPageSize,
  searchPath,
  splitBySize,
  frequencyTier,
  toGaps,
  typoKey,
  vocabKey,
} from "./layout";
import { loadFlexSearch, makeEncoder, makeIndex, searchText, titleOf } from "./search";
import type { StoredBucket, StoredDocs, StoredFacets, StoredManifest, StoredVocab } from "./stored";

/** Sizes that tests shrink to get several buckets and pages out of a few records. */
export interface SplitOptions {
  bucketBytes?: number;
  maxBuckets?: number;
  docsPage?: number;
  facetPage?: number;
}

/** The search files: path (relative to the asset folder) → JSON value. The manifest is also returned apart. */
export interface SearchFiles {
  manifest: StoredManifest;
  files: Map<string, StoredManifest | StoredVocab | StoredBucket | StoredFacets | StoredDocs>;
}

type Entry = [term: string, slots: number[][]];

/** Builds the index over `records` and splits it into the files the browser fetches piece by piece. */
export async function buildSearchFiles(records: readonly ErrorRecord[], options: SplitOptions = {}): Promise<SearchFiles> {
  const fx = await loadFlexSearch();
  const index = makeIndex(fx, makeEncoder(fx));
  records.forEach((r, i) => index.add(i, searchText(r)));
  const entries: Entry[] = [];
  index.export((key: string, data: string) => {
    // Only the map is needed to search; the register ("reg") serves updates and removals, which the browser never does.
    if (key.endsWith("map"))
      for (const [term, slots] of JSON.parse(data) as [string, (number[] | null)[]][]) entries.push([term, toGaps(slots)]);
  });
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const files: SearchFiles["files"] = new Map();
  const v = SEARCH_DATA_VERSION;

  const buckets = splitBySize(
    entries,
    (e) => JSON.stringify(e).length,
    options.bucketBytes ?? BUCKET_BYTES,
    options.maxBuckets ?? MAX_BUCKETS,
  );
  buckets.forEach((terms, n) => files.set(searchPath.bucket(n), { v, n, terms }));

  // Vocabulary by first character, and again by second and third (for typos in the first letter), most frequent first
  // (frequency: entries over all scoring slots, ties by term).
  const df = (e: Entry) => e[1].reduce((s, gaps) => s + gaps.length, 0);
  const vocabFile = (k: string, list: Entry[]): StoredVocab => {
    list.sort((a, b) => df(b) - df(a) || (a[0] < b[0] ? -1 : 1));
    const tiers: [number, number][] = [];
    list.forEach((e, i) => {
      const t = frequencyTier(df(e));
      if (tiers[tiers.length - 1]?.[1] !== t) tiers.push([i, t]);
    });
    return { v, k, terms: list.map((e) => e[0]), tiers };
  };
  const vocab = groupBy(entries, (e) => vocabKey(e[0]));
  for (const [k, list] of vocab) files.set(searchPath.vocab(k), vocabFile(k, list));
  const typo = groupBy(
    entries.filter((e) => e[0].length >= 3),
    (e) => typoKey(e[0]),
  );
  for (const [k, list] of typo) files.set(searchPath.typo(k), vocabFile(k, list));

  const repos = new Map<string, number>();
  const classes = new Map<string, number>();
  const tags = new Map<string, number>();
  const intern = (m: Map<string, number>, s: string) => {
    let n = m.get(s);
    if (n === undefined) m.set(s, (n = m.size));
    return n;
  };
  const facetPage = options.facetPage ?? facetPageSize(records.length);
  for (let n = 0; n * facetPage < records.length; n++) {
    const page = records.slice(n * facetPage, (n + 1) * facetPage);
    const facets: StoredFacets["facets"] = page.map((r) => [
      intern(repos, r.repo),
      intern(classes, r.errorClass),
      r.tags.map((t) => intern(tags, t)),
    ]);
    files.set(searchPath.facets(n), { v, n, facets });
  }
  const docsPage = options.docsPage ?? docsPageSize(records.length);
  for (let n = 0; n * docsPage < records.length; n++) {
    const docs: StoredDocs["docs"] = records.slice(n * docsPage, (n + 1) * docsPage).map((r) => [r.slug, titleOf(r.errorMessage)]);
    files.set(searchPath.docs(n), { v, n, docs });
  }

  const manifest: StoredManifest = {
    v,
    records: records.length,
    // The first bucket's range starts at the empty string, so every term has a bucket.
    buckets: buckets.length ? buckets.map((b, i) => (i === 0 ? "" : b[0]![0])) : [""],
    vocab: [...vocab.keys()].sort(),
    typo: [...typo.keys()].sort(),
    docsPage,
    facetPage,
    repos: [...repos.keys()],
    classes: [...classes.keys()],
    tags: [...tags.keys()],
  };
  if (!buckets.length) files.set(searchPath.bucket(0), { v, n: 0, terms: [] });
  files.set(searchPath.manifest, manifest);
  return { manifest, files };
}

/** Items grouped by key, in order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = m.get(k);
    if (list) list.push(item);
    else m.set(k, [item]);
  }
  return m;
}
