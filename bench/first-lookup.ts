/**
 * One first lookup, as a fresh worker makes it, in a fresh process (run by
 * bench/lookup-bytes.ts): `tsx bench/first-lookup.ts <dir> whole|split <log>`.
 * Reads the data files from `<dir>` the way the worker reads fetched ones
 * (text → JSON.parse → the worker's parsers) and prints, as JSON, the time
 * from the first read to the summary and the records found. Module loading
 * is not counted (the worker's bundle loads before it is asked anything);
 * the cold JIT is.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Lookup } from "../lib/match/lookup";
import { parseMatcherData } from "../lib/match/data/matcher-data-schema";
import { ShardedLookup } from "../lib/match/data/shard-lookup";
import { splitFileName } from "../lib/match/data/split-data";
import { parseFilter, parseIds, parseShard, parseWordShard } from "../lib/match/data/split-data-schema";

const [dir, mode, logFile] = process.argv.slice(2) as [string, string, string];
const log = fs.readFileSync(logFile, "utf8");
const read = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));

const t0 = performance.now();
let ids: string[];
if (mode === "whole") {
  const lookup = new Lookup(parseMatcherData(read("matcher.json"), "matcher.json"));
  ids = lookup.run(log).matches.map((m) => m.id);
} else {
  const filter = parseFilter(read(splitFileName.filter), splitFileName.filter);
  const lookup = new ShardedLookup(filter, {
    shard: async (n) => parseShard(read(splitFileName.shard(n)), splitFileName.shard(n), filter, n),
    words: async (n) => parseWordShard(read(splitFileName.words(n)), splitFileName.words(n), filter, n),
    ids: async () => parseIds(read(splitFileName.ids), splitFileName.ids, filter),
  });
  ids = (await lookup.run(log)).matches.map((m) => m.id);
}
console.log(JSON.stringify({ ms: performance.now() - t0, ids }));
