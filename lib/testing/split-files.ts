/**
 * Split matching data held in memory as the files the build writes (JSON
 * text by name), and a ShardedLookup that reads them through the same
 * parsers as the worker, recording every file it asks for: for the tests
 * and the benchmarks of lookups over shards.
 */
import type { MatcherData } from "../match/data/matcher-data";
import { ShardedLookup } from "../match/data/shard-lookup";
import { splitFileName, splitMatcherData } from "../match/data/split-data";
import { parseFilter, parseIds, parseShard, parseWordShard } from "../match/data/split-data-schema";

/** The files of `data` split (`splitMatcherData`), as JSON text by file name. */
export function splitFiles(data: MatcherData, shards?: number): Map<string, string> {
  const split = splitMatcherData(data, shards);
  const files = new Map<string, string>();
  files.set(splitFileName.filter, JSON.stringify(split.filter));
  files.set(splitFileName.ids, JSON.stringify(split.ids));
  for (const s of split.shards) files.set(splitFileName.shard(s.shard), JSON.stringify(s));
  for (const w of split.words) files.set(splitFileName.words(w.shard), JSON.stringify(w));
  return files;
}

/**
 * A fresh lookup over `files` (as a fresh worker would start): `fetched` lists the files it read, filter first, in
 * order. With `slowWords`, word shards arrive a turn of the event loop after the rest, as on a network where the
 * entry shards come in first.
 */
export function lookupOver(files: Map<string, string>, slowWords = false): { lookup: ShardedLookup; fetched: string[] } {
  const fetched: string[] = [];
  const read = (name: string): unknown => {
    fetched.push(name);
    const text = files.get(name);
    if (text === undefined) throw new Error(`could not load the matching data ${name} (404 Not Found)`);
    return JSON.parse(text);
  };
  const filter = parseFilter(read(splitFileName.filter), splitFileName.filter);
  const lookup = new ShardedLookup(filter, {
    shard: async (n) => parseShard(read(splitFileName.shard(n)), splitFileName.shard(n), filter, n),
    words: async (n) => {
      if (slowWords) await new Promise((resolve) => setTimeout(resolve, 0));
      return parseWordShard(read(splitFileName.words(n)), splitFileName.words(n), filter, n);
    },
    ids: async () => parseIds(read(splitFileName.ids), splitFileName.ids, filter),
  });
  return { lookup, fetched };
}
