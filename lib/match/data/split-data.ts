/**
 * The matcher data split for the browser, so a lookup fetches only what its
 * log needs: a filter, fetched first, and shards of entries, fetched when a
 * lookup needs them (lib/match/data/shard-lookup).
 *
 * The filter holds what picks candidates over the whole data, in compact
 * form: each literal key's hash and the shards of its records (key-filter),
 * the records by raise-site file, the repositories, and the records without
 * keys.
 *
 * Each shard holds whole entries with their index in the whole data, a run
 * of them in the data's order, except records with no literal key:
 * they are tried on every error line, so they sit together in one more shard
 * fetched with every lookup. The words' records are in word shards, fetched
 * for the words of the lines a lookup compares by wording (so inverse
 * document frequencies and thresholds are the whole data's); each record's
 * wording weight, which candidate selection compares, is in the filter.
 */
import { SiteIndex } from "../rank/evidence";
import { buildKeyFilter, type KeyTable } from "./key-filter";
import { MATCHER_DATA_VERSION, type MatcherData, type MatcherEntry } from "./matcher-data";
import { wordingTables } from "../find/wording-index";
import { T } from "../rank/tuning";

/** A key table as written: hashes as gaps from the previous one (they are sorted), each with its shard. */
export interface KeyTableFile {
  length: number;
  hashes: number[];
  shards: number[];
}

/** The filter as written (`filter.json`). Lists of sorted indexes are written as gaps from the previous one. */
export interface FilterFile {
  version: typeof MATCHER_DATA_VERSION;
  datasetVersion: string;
  /** Entries in the whole data. */
  entries: number;
  /** Shard n holds the entries with keys whose index is in [n × shardSize, (n + 1) × shardSize). */
  shardSize: number;
  /** Shards of records with keys; shard number `shards` holds the records without. */
  shards: number;
  /** Indexes of the records with no key (their shard is fetched with every lookup when there are any). */
  keyless: number[];
  repos: string[];
  keys: { exact: KeyTableFile[]; folded: KeyTableFile[]; wrap: KeyTableFile[]; wrapFolded: KeyTableFile[] };
  /**
   * Wording: how many records, how many word shards hold the words' records, and the word table: each word's key
   * (`wordHash`; sorted, as gaps) and its word shard. A word not in the table is in no record, and costs no fetch. `selection`:
   * each record's wording weight as candidate selection compares it (lib/match/find/wording-index), by entry index:
   * once here rather than beside each of the record's words in the word shards, where it was most of their bytes.
   */
  wording: { documents: number; wordShards: number; hashes: number[]; shards: number[]; selection: number[] };
  sites: { packages: string[]; paths: string[]; entries: number[][] };
}

interface Versioned {
  version: typeof MATCHER_DATA_VERSION;
  datasetVersion: string;
}

/** One shard of entries as written (`shard-<n>.json`), with their indexes in the whole data, ascending. */
export interface ShardFile extends Versioned {
  shard: number;
  indexes: number[];
  entries: MatcherEntry[];
  /**
   * The content words of these entries' wording and each one's number of records in the whole data: comparing a
   * record's wording weighs its words by rarity, and with these a record found by wording needs no word shard of its own.
   */
  words: string[];
  counts: number[];
}

/**
 * One word shard as written (`words-<n>.json`): the content words filed in
 * it and their records (as gaps). A word in more records than candidate
 * selection reads (T.commonPostings) has no list, `[]`, and its number of
 * records in `common` as `[word's position, records]`: selection skips it,
 * and its weight needs only the count.
 */
export interface WordShardFile extends Versioned {
  shard: number;
  words: string[];
  postings: number[][];
  common: [number, number][];
}

/** Every record's id by entry index (`ids.json`): read only to show a shared lookup's records. */
export interface IdsFile extends Versioned {
  ids: string[];
}

/** About this many records per shard, within MIN_SHARDS..MAX_SHARDS (a site stays a reasonable number of files: 472 for the 11,320-record corpus). */
const RECORDS_PER_SHARD = 24;
export const MIN_SHARDS = 64;
export const MAX_SHARDS = 1024;
/**
 * About this many words per word shard, within MIN_SHARDS / 4..MAX_SHARDS / 2. A real paste compares drifted messages
 * by wording and reads the shards of their words; the words of one record, and of its neighbours in the data, share
 * a shard (see `wordShardOf`), so a drifted message reads few of them.
 */
/**
 * What a word weighs when word shards are filled, in records of its list (a shard holds about 1 / wordShards of the
 * words' total weight). High, so a shard holds about WORDS_PER_SHARD words and a message's words sit in few shards;
 * a word of more records than this fills more of a shard. On the dev-set logs (bench/devset-bytes.ts), 1000 read
 * 38 files and 183 KB at the median; 4 (a shard's weight about its bytes) 43 files and 119 KB.
 */
const WORD_COST = 1000;
const WORDS_PER_SHARD = 16;

/** How many shards `records` records are split into (never more than records: a small dataset needs no empty files). */
export function shardCountFor(records: number): number {
  return Math.max(1, Math.min(records, MAX_SHARDS, Math.max(MIN_SHARDS, Math.round(records / RECORDS_PER_SHARD))));
}

/** A string's FNV-1a hash. */
export function stringHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A word's key in the filter's word table: the top WORD_HASH_BITS of its hash. Words whose keys agree share a word
 * shard; a word no record uses but whose key agrees with one costs a shard fetched for nothing. At 24 bits the
 * corpus's 8,185 words have 3 such pairs, an unknown word a 1 in 2,000 chance, and the table is 10 KB gzip smaller than
 * at 32.
 */
export function wordHash(word: string): number {
  return stringHash(word) >>> (32 - WORD_HASH_BITS);
}
const WORD_HASH_BITS = 24;
/** The largest word key. */
export const WORD_KEY_MAX = 2 ** WORD_HASH_BITS - 1;

/** File names of the parts, beside the filter. */
export const splitFileName = {
  filter: "filter.json",
  ids: "ids.json",
  shard: (n: number) => `shard-${n}.json`,
  words: (n: number) => `words-${n}.json`,
};

/**
 * Splits matcher data into its filter, shards (shard `shards` is the keyless
 * one, possibly empty), word shards and id list. Shards are runs of entries in
 * the data's order, so the records of one file, raised in one traceback, sit
 * together.
 */
export function splitMatcherData(
  data: MatcherData,
  shards = shardCountFor(data.entries.length),
): { filter: FilterFile; shards: ShardFile[]; words: WordShardFile[]; ids: IdsFile } {
  const { entries, datasetVersion } = data;
  const v = { version: MATCHER_DATA_VERSION, datasetVersion } as const;
  const shardSize = Math.max(1, Math.ceil(entries.length / shards));
  const shardOf = entries.map((e, i) => (e.keys.length === 0 ? shards : Math.floor(i / shardSize)));
  const files: ShardFile[] = Array.from({ length: shards + 1 }, (_, shard) => ({
    ...v,
    shard,
    indexes: [],
    entries: [],
    words: [],
    counts: [],
  }));
  entries.forEach((e, i) => {
    files[shardOf[i]!]!.indexes.push(i);
    files[shardOf[i]!]!.entries.push(e);
  });
  const keys = buildKeyFilter(entries, (i) => shardOf[i]!);
  const wording = wordingTables(entries);
  const vocabulary = wording.postings.size;
  const wordShards = Math.max(1, Math.min(vocabulary, MAX_SHARDS / 2, Math.max(MIN_SHARDS / 4, Math.round(vocabulary / WORDS_PER_SHARD))));
  const shardOfHash = wordShardOf(entries.length, wording.postings, wordShards);
  const words: WordShardFile[] = Array.from({ length: wordShards }, (_, shard) => ({ ...v, shard, words: [], postings: [], common: [] }));
  for (const w of [...wording.postings.keys()].sort()) {
    const f = words[shardOfHash.get(wordHash(w))!]!;
    const list = wording.postings.get(w)!;
    for (const s of new Set(list.map((e) => shardOf[e]!))) {
      files[s]!.words.push(w);
      files[s]!.counts.push(list.length);
    }
    if (list.length > T.commonPostings) f.common.push([f.words.length, list.length]);
    f.words.push(w);
    f.postings.push(list.length > T.commonPostings ? [] : gaps(list));
  }
  const wordHashes = [...shardOfHash.keys()].sort((a, b) => a - b);
  const sites = new SiteIndex(entries).parts();
  const paths = [...sites.byPath.keys()].sort();
  const filter: FilterFile = {
    ...v,
    entries: entries.length,
    shardSize,
    shards,
    keyless: gaps(files[shards]!.indexes),
    repos: [...new Set(entries.map((e) => e.repo))],
    keys: {
      exact: keys.exact.map(tableFile),
      folded: keys.folded.map(tableFile),
      wrap: keys.wrap.map(tableFile),
      wrapFolded: keys.wrapFolded.map(tableFile),
    },
    wording: {
      documents: wording.documents,
      wordShards,
      hashes: gaps(wordHashes),
      shards: wordHashes.map((h) => shardOfHash.get(h)!),
      selection: wording.selection,
    },
    sites: { packages: sites.packages, paths, entries: paths.map((p) => gaps(sites.byPath.get(p)!)) },
  };
  return { filter, shards: files, words, ids: { ...v, ids: entries.map((e) => e.id) } };
}

/**
 * Each word's word shard, by the word's key (`wordHash`; words whose keys agree share one): the words of the records in the
 * data's order, each where it first appears, about `vocabulary / wordShards` to a shard. The words of one message are
 * so mostly in one or two shards, where hashing them scattered them over one shard each.
 */
function wordShardOf(records: number, postings: Map<string, number[]>, wordShards: number): Map<number, number> {
  const byRecord: string[][] = Array.from({ length: records }, () => []);
  let total = 0;
  for (const w of [...postings.keys()].sort()) {
    const list = postings.get(w)!;
    total += WORD_COST + list.length;
    for (const e of list) byRecord[e]!.push(w);
  }
  const perShard = total / wordShards;
  const out = new Map<number, number>();
  let placed = 0;
  for (const list of byRecord)
    for (const w of list) {
      const h = wordHash(w);
      if (out.has(h)) continue;
      out.set(h, Math.min(wordShards - 1, Math.floor(placed / perShard)));
      placed += WORD_COST + postings.get(w)!.length;
    }
  return out;
}

function tableFile(t: KeyTable): KeyTableFile {
  return { length: t.length, hashes: gaps(t.hashes), shards: Array.from(t.shards) };
}

/** A sorted list as gaps from the previous value (the first from 0): small numbers, which compress well. */
export function gaps(sorted: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < sorted.length; i++) out.push(sorted[i]! - (i ? sorted[i - 1]! : 0));
  return out;
}
