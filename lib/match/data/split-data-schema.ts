/**
 * Parses the split matcher data the worker fetches (lib/match/data/split-data):
 * the filter into the tables a lookup reads, and each shard. A file from
 * another build, a damaged one, or one that disagrees with the filter is
 * refused with an error naming the file and what is wrong.
 *
 * Lists of numbers are checked by a loop inside a Zod custom check: a Zod
 * schema per number costs far more on the filter's 10⁵ numbers.
 */
import * as z from "zod/mini";
import { InputError, parseInput } from "../../parse";
import type { SiteParts } from "../rank/evidence";
import type { KeyFilter, KeyTable } from "./key-filter";
import type { MatcherEntry } from "./matcher-data";
import { checkEntries, versionSchema } from "./matcher-data-schema";
import { WORD_KEY_MAX, wordHash, type FilterFile, type KeyTableFile } from "./split-data";

/** The filter as a lookup reads it. */
export interface SplitFilter {
  datasetVersion: string;
  entryCount: number;
  /** Shards of records with keys; shard `shards` holds the keyless ones. */
  shards: number;
  /** Entries in each shard. */
  shardSizes: Int32Array;
  /** The shard entry `i` is in. */
  shardOf: (i: number) => number;
  keyless: number;
  repos: string[];
  keys: KeyFilter;
  wording: { documents: number; wordShards: number };
  /** Each record's wording weight as candidate selection compares it, by entry index (see WordingStats). */
  selection: Int32Array;
  /** The word shard holding `word`'s records, or -1 when no record has the word. */
  wordShardOf: (word: string) => number;
  sites: SiteParts;
}

const isWhole = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0;
const wholes = z.custom<number[]>((v) => Array.isArray(v) && v.every(isWhole), "expected a list of whole numbers");
const wholeLists = z.custom<number[][]>(
  (v) => Array.isArray(v) && v.every((l) => Array.isArray(l) && l.every(isWhole)),
  "expected a list of lists of whole numbers",
);
const strings = z.custom<string[]>((v) => Array.isArray(v) && v.every((s) => typeof s === "string"), "expected a list of strings");
const count = z.int().check(z.nonnegative());
const positive = z.int().check(z.positive());
const keyTable = z.object({ length: positive, hashes: wholes, shards: wholes });
const versioned = { version: versionSchema, datasetVersion: z.string() };
const filterSchema = z.object({
  ...versioned,
  entries: count,
  shardSize: positive,
  shards: positive,
  keyless: wholes,
  repos: strings,
  keys: z.object({ exact: z.array(keyTable), folded: z.array(keyTable), wrap: z.array(keyTable), wrapFolded: z.array(keyTable) }),
  wording: z.object({ documents: count, wordShards: positive, hashes: wholes, shards: wholes, selection: wholes }),
  sites: z.object({ packages: strings, paths: strings, entries: wholeLists }),
});
const shardSchema = z.object({
  ...versioned,
  shard: count,
  indexes: wholes,
  entries: z.array(z.unknown()),
  words: strings,
  counts: wholes,
});
const wordShardSchema = z.object({ ...versioned, shard: count, words: strings, postings: wholeLists, common: wholeLists });
const idsSchema = z.object({ ...versioned, ids: strings });

type Fail = (path: string, what: string) => never;
const failer =
  (source: string): Fail =>
  (path, what) => {
    throw new InputError([`${source}: ${path ? `${path}: ` : ""}${what}`]);
  };

/** Entry indexes written as gaps (see split-data `gaps`), checked: ascending, below `entryCount`. */
function indexes(list: number[], entryCount: number, path: string, fail: Fail): number[] {
  const out: number[] = [];
  let at = 0;
  list.forEach((gap, k) => {
    at += gap;
    if ((k > 0 && gap === 0) || at >= entryCount) fail(path, `is not a list of entry indexes below ${entryCount}, ascending`);
    out.push(at);
  });
  return out;
}

/** The filter in `json`; throws an InputError naming what is wrong. */
export function parseFilter(json: unknown, source: string): SplitFilter {
  const f: FilterFile = parseInput(filterSchema, json, source) as FilterFile;
  const fail = failer(source);
  const entryCount = f.entries;
  const keyless = new Set(indexes(f.keyless, entryCount, "keyless", fail));
  if (f.shardSize * f.shards < entryCount) fail("shardSize", `${f.shards} shards of ${f.shardSize} cannot hold ${entryCount} entries`);
  const shardOf = (i: number) => (keyless.has(i) ? f.shards : Math.floor(i / f.shardSize));
  const shardSizes = new Int32Array(f.shards + 1);
  for (let i = 0; i < entryCount; i++) shardSizes[shardOf(i)]!++;
  const table = (t: KeyTableFile, path: string): KeyTable => {
    if (t.hashes.length !== t.shards.length) fail(path, `has ${t.hashes.length} hashes for ${t.shards.length} shards`);
    const hashes = new Uint32Array(t.hashes.length);
    let at = 0;
    t.hashes.forEach((gap, k) => {
      at += gap;
      if (at > 0xffffffff) fail(`${path}.hashes[${k}]`, "goes past a 32-bit hash");
      hashes[k] = at;
    });
    t.shards.forEach((s, k) => s > f.shards && fail(`${path}.shards[${k}]`, `${s} is not a shard`));
    return { length: t.length, hashes, shards: Int32Array.from(t.shards) };
  };
  const tables = (list: KeyTableFile[], name: string) => list.map((t, k) => table(t, `keys.${name}[${k}]`));
  const w = f.wording;
  if (w.documents !== entryCount) fail("wording.documents", `is ${w.documents}, not the filter's ${entryCount} entries`);
  if (w.hashes.length !== w.shards.length) fail("wording.shards", `has ${w.shards.length} shards for ${w.hashes.length} word hashes`);
  const wordHashes = new Uint32Array(w.hashes.length);
  let at = 0;
  w.hashes.forEach((gap, k) => {
    at += gap;
    if ((k > 0 && gap === 0) || at > WORD_KEY_MAX) fail(`wording.hashes[${k}]`, "is not a list of word keys, ascending");
    wordHashes[k] = at;
  });
  w.shards.forEach((n, k) => n >= w.wordShards && fail(`wording.shards[${k}]`, `${n} is not a word shard (there are ${w.wordShards})`));
  if (w.selection.length !== entryCount)
    fail("wording.selection", `has ${w.selection.length} weights for the filter's ${entryCount} entries`);
  const wordShards = Int32Array.from(w.shards);
  const s = f.sites;
  if (s.entries.length !== s.paths.length) fail("sites.entries", `has ${s.entries.length} lists for ${s.paths.length} paths`);
  const byPath = new Map<string, number[]>();
  s.paths.forEach((p, k) => byPath.set(p, indexes(s.entries[k]!, entryCount, `sites.entries[${k}]`, fail)));
  return {
    datasetVersion: f.datasetVersion,
    entryCount,
    shards: f.shards,
    shardSizes,
    shardOf,
    keyless: keyless.size,
    repos: f.repos,
    keys: {
      exact: tables(f.keys.exact, "exact"),
      folded: tables(f.keys.folded, "folded"),
      wrap: tables(f.keys.wrap, "wrap"),
      wrapFolded: tables(f.keys.wrapFolded, "wrapFolded"),
    },
    wording: { documents: w.documents, wordShards: w.wordShards },
    selection: Int32Array.from(w.selection),
    wordShardOf: (word) => {
      const h = wordHash(word);
      let lo = 0;
      let hi = wordHashes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (wordHashes[mid]! < h) lo = mid + 1;
        else hi = mid;
      }
      return wordHashes[lo] === h ? wordShards[lo]! : -1;
    },
    sites: { byPath, packages: s.packages },
  };
}

/** Refuses a part of another dataset version than the filter's. */
function sameDataset(d: { datasetVersion: string }, filter: SplitFilter, fail: Fail): void {
  if (d.datasetVersion !== filter.datasetVersion)
    fail(
      "",
      `is from dataset version ${JSON.stringify(d.datasetVersion)}, the filter from ${JSON.stringify(filter.datasetVersion)} (reload the page)`,
    );
}

/** Shard `shard` in `json`, which must agree with the filter; throws an InputError naming what is wrong. */
export function parseShard(
  json: unknown,
  source: string,
  filter: SplitFilter,
  shard: number,
): { indexes: number[]; entries: MatcherEntry[]; counts: Map<string, number> } {
  const d = parseInput(shardSchema, json, source);
  const fail = failer(source);
  sameDataset(d, filter, fail);
  if (d.shard !== shard) fail("shard", `is shard ${d.shard}, not ${shard}`);
  if (d.indexes.length !== d.entries.length) fail("indexes", `has ${d.indexes.length} indexes for ${d.entries.length} entries`);
  if (d.indexes.length !== filter.shardSizes[shard])
    fail("indexes", `has ${d.indexes.length} entries; the filter says ${filter.shardSizes[shard]}`);
  d.indexes.forEach((i, k) => {
    if (i >= filter.entryCount || filter.shardOf(i) !== shard || (k > 0 && i <= d.indexes[k - 1]!))
      fail(`indexes[${k}]`, `${i} is not an entry of this shard`);
  });
  checkEntries(d.entries, source);
  if (d.counts.length !== d.words.length) fail("counts", `has ${d.counts.length} counts for ${d.words.length} words`);
  const counts = new Map<string, number>();
  d.words.forEach((w, k) => {
    if (d.counts[k]! < 1 || d.counts[k]! > filter.entryCount)
      fail(`counts[${k}]`, `${d.counts[k]} is not a number of records from 1 to ${filter.entryCount}`);
    counts.set(w, d.counts[k]!);
  });
  return { indexes: d.indexes, entries: d.entries, counts };
}

/**
 * Word shard `shard` in `json`: each word's records, and the number of records of the words too common to list
 * (see WordShardFile); throws an InputError naming what is wrong.
 */
export function parseWordShard(
  json: unknown,
  source: string,
  filter: SplitFilter,
  shard: number,
): { postings: Map<string, number[]>; counts: Map<string, number> } {
  const d = parseInput(wordShardSchema, json, source);
  const fail = failer(source);
  sameDataset(d, filter, fail);
  if (d.shard !== shard) fail("shard", `is word shard ${d.shard}, not ${shard}`);
  if (d.postings.length !== d.words.length) fail("postings", `has ${d.postings.length} lists for ${d.words.length} words`);
  const postings = new Map<string, number[]>();
  d.words.forEach((w, k) => postings.set(w, indexes(d.postings[k]!, filter.entryCount, `postings[${k}]`, fail)));
  const counts = new Map<string, number>();
  d.common.forEach((pair, k) => {
    const [at, n] = pair;
    if (pair.length !== 2 || at! >= d.words.length || d.postings[at!]!.length > 0)
      fail(`common[${k}]`, "is not [the position of a word without a list, its number of records]");
    if (n! > filter.entryCount) fail(`common[${k}]`, `${n} is not a number of records up to ${filter.entryCount}`);
    counts.set(d.words[at!]!, n!);
  });
  return { postings, counts };
}

/** The ids of every entry, by index. */
export function parseIds(json: unknown, source: string, filter: SplitFilter): string[] {
  const d = parseInput(idsSchema, json, source);
  const fail = failer(source);
  sameDataset(d, filter, fail);
  if (d.ids.length !== filter.entryCount) fail("ids", `has ${d.ids.length} ids for the filter's ${filter.entryCount} entries`);
  return d.ids;
}
