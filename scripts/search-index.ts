/**
 * Writes the split search files the header's search box fetches piece by
 * piece (lib/search/layout.ts says what each holds) into
 * `public/_errdex/search/`, beside the matcher data. The folder is emptied
 * first, so no fragment of an earlier build survives.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { buildSearchFiles } from "../lib/search/build";
import type { ErrorRecord } from "../lib/record/schema";
import { ASSET_DIR } from "./browser-assets";
import { writeOut } from "./out-path";

/** The folder of each kind of search file, named for the build log. */
const KINDS: Record<string, string> = { v: "vocabulary", t: "typo files", i: "index buckets", f: "facet pages", d: "docs pages" };

export interface SearchAssetSizes {
  buildMs: number;
  files: number;
  /** Raw and gzip bytes by kind of file: manifest, vocabulary, typo files, index buckets, facet pages, docs pages. */
  kinds: Record<string, { files: number; bytes: number; gzipBytes: number; maxGzipBytes: number }>;
}

/** Builds the search files over the records, writes them and returns the build time and their sizes. */
export async function writeSearchAssets(records: readonly ErrorRecord[], dir = ASSET_DIR): Promise<SearchAssetSizes> {
  const t = performance.now();
  const { files } = await buildSearchFiles(records);
  const buildMs = performance.now() - t;
  fs.rmSync(path.join(dir, "search"), { recursive: true, force: true });
  const kinds: SearchAssetSizes["kinds"] = {};
  for (const [file, value] of files) {
    const json = JSON.stringify(value);
    writeOut(dir, file, json);
    const kind = KINDS[file.split("/")[1] ?? ""] ?? "manifest";
    const k = (kinds[kind] ??= { files: 0, bytes: 0, gzipBytes: 0, maxGzipBytes: 0 });
    const gz = gzipSync(json).length;
    k.files++;
    k.bytes += Buffer.byteLength(json);
    k.gzipBytes += gz;
    k.maxGzipBytes = Math.max(k.maxGzipBytes, gz);
  }
  return { buildMs, files: files.size, kinds };
}
