/**
 * Writes what the browser fetches lazily, into `public/_errdex/` (copied to
 * `out/` by next build): the matching data for the lookup worker, split into
 * a filter and shards (`match/`, lib/match/data/split-data), and the worker
 * bundle itself. Built once per build, never per page.
 *
 * Their names carry a hash of their content: the data's folder is
 * `match/<hash of every part>/`, the worker `match-worker.<hash>.js`. A
 * file's address never serves other content, so hosts can cache them for a
 * year (`immutable`), and a new dataset is a new address.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { splitFileName, splitMatcherData } from "../lib/match/data/split-data";
import type { Dataset } from "../server/dataset";
import { insideOut, writeOut } from "./out-path";

export const ASSET_DIR = path.join("public", "_errdex");
/** Folder of the split matching data, inside ASSET_DIR (the page points the worker at its filter). */
export const MATCH_DIR = "match";

export interface AssetSizes {
  /** The filter every lookup fetches first. */
  filterBytes: number;
  filterGzipBytes: number;
  /** All the parts together (filter, shards, word shards, id list), and how many files. */
  totalBytes: number;
  totalGzipBytes: number;
  files: number;
  workerBytes: number;
  /** The addresses the page gives the lookup: the worker's, and the filter's (the parts are beside it). */
  workerUrl: string;
  dataUrl: string;
}

/** The first 12 hex digits of the SHA-256 of `parts`: enough to tell builds apart. */
function contentHash(parts: Iterable<string>): string {
  const h = crypto.createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex").slice(0, 12);
}

/** Writes the split matching data and the worker bundle; returns their sizes. */
export async function writeBrowserAssets(ds: Dataset, dir = ASSET_DIR): Promise<AssetSizes> {
  fs.mkdirSync(dir, { recursive: true });
  // A previous build's parts (another dataset may have had more shards) must not linger, nor the whole-data file of version 2.
  fs.rmSync(insideOut(dir, MATCH_DIR), { recursive: true, force: true });
  fs.rmSync(insideOut(dir, "matcher.json"), { force: true });
  for (const f of fs.readdirSync(dir)) if (/^match-worker(\.[0-9a-f]+)?\.js$/.test(f)) fs.rmSync(insideOut(dir, f));
  const split = splitMatcherData(buildMatcherData(ds.records, ds.datasetVersion));
  const files: [string, unknown][] = [
    [splitFileName.filter, split.filter],
    [splitFileName.ids, split.ids],
    ...split.shards.map((s): [string, unknown] => [splitFileName.shard(s.shard), s]),
    ...split.words.map((w): [string, unknown] => [splitFileName.words(w.shard), w]),
  ];
  const texts = files.map(([name, value]): [string, string] => [name, JSON.stringify(value)]);
  const dataHash = contentHash(texts.flat());
  const sizes: AssetSizes = {
    filterBytes: 0,
    filterGzipBytes: 0,
    totalBytes: 0,
    totalGzipBytes: 0,
    files: files.length,
    workerBytes: 0,
    workerUrl: "",
    dataUrl: `/_errdex/${MATCH_DIR}/${dataHash}/${splitFileName.filter}`,
  };
  for (const [name, text] of texts) {
    writeOut(dir, `${MATCH_DIR}/${dataHash}/${name}`, text);
    const gz = gzipSync(text).length;
    sizes.totalBytes += Buffer.byteLength(text);
    sizes.totalGzipBytes += gz;
    if (name === splitFileName.filter) Object.assign(sizes, { filterBytes: Buffer.byteLength(text), filterGzipBytes: gz });
  }
  const bundle = await build({
    entryPoints: ["scripts/worker-entry.ts"],
    write: false,
    outfile: "match-worker.js",
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    logLevel: "warning",
  });
  const code = bundle.outputFiles[0]!.contents;
  const worker = `match-worker.${contentHash([Buffer.from(code).toString("utf8")])}.js`;
  writeOut(dir, worker, Buffer.from(code));
  sizes.workerBytes = code.length;
  sizes.workerUrl = `/_errdex/${worker}`;
  return sizes;
}
