/**
 * Writes the search files the header's search box fetches on first use, into
 * `public/_errdex/` beside the matcher data: the exported index
 * (`search-index.json`) and the result-list fields (`search-docs.json`).
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { performance } from "node:perf_hooks";
import { buildSearchData } from "../lib/search/search";
import type { ErrorRecord } from "../lib/record/schema";
import { ASSET_DIR } from "./browser-assets";

export const SEARCH_FILES = { index: "search-index.json", docs: "search-docs.json" } as const;

export interface SearchAssetSizes {
  buildMs: number;
  indexBytes: number;
  indexGzipBytes: number;
  docsBytes: number;
  docsGzipBytes: number;
}

/** Builds the search index over the records, writes both files and returns the build time and their sizes. */
export async function writeSearchAssets(records: readonly ErrorRecord[], dir = ASSET_DIR): Promise<SearchAssetSizes> {
  const t = performance.now();
  const { index, docs } = await buildSearchData(records);
  const buildMs = performance.now() - t;
  const indexJson = JSON.stringify(index);
  const docsJson = JSON.stringify(docs);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, SEARCH_FILES.index), indexJson);
  fs.writeFileSync(path.join(dir, SEARCH_FILES.docs), docsJson);
  return {
    buildMs,
    indexBytes: Buffer.byteLength(indexJson),
    indexGzipBytes: gzipSync(indexJson).length,
    docsBytes: Buffer.byteLength(docsJson),
    docsGzipBytes: gzipSync(docsJson).length,
  };
}
