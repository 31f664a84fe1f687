/**
 * Writes what the browser fetches lazily, into `public/_errdex/` (copied to
 * `out/` by next build): the matcher data for the lookup worker and the
 * worker bundle itself. Built once per build, never per page.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { buildMatcherData } from "../lib/match/matcher-data";
import type { Dataset } from "../server/dataset";

export const ASSET_DIR = path.join("public", "_errdex");

export interface AssetSizes {
  matcherBytes: number;
  matcherGzipBytes: number;
  workerBytes: number;
}

/** Writes the matcher data and the worker bundle; returns their sizes. */
export async function writeBrowserAssets(ds: Dataset, dir = ASSET_DIR): Promise<AssetSizes> {
  fs.mkdirSync(dir, { recursive: true });
  const data = JSON.stringify(buildMatcherData(ds.records, ds.datasetVersion));
  fs.writeFileSync(path.join(dir, "matcher.json"), data);
  await build({
    entryPoints: ["scripts/worker-entry.ts"],
    outfile: path.join(dir, "match-worker.js"),
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    logLevel: "warning",
  });
  return {
    matcherBytes: Buffer.byteLength(data),
    matcherGzipBytes: gzipSync(data).length,
    workerBytes: fs.statSync(path.join(dir, "match-worker.js")).size,
  };
}
