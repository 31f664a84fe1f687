/**
 * The CLI's cache of compiled matcher data, so `errdex match` in CI does not
 * re-parse and re-compile an unchanged dataset on every run. Keyed by each
 * dataset file's path, size and modification time and by this build of
 * errdex; written only for a dataset without errors. ERRDEX_CACHE_DIR moves
 * it; ERRDEX_NO_CACHE=1 turns it off.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { datasetFiles } from "../server/dataset";
import type { MatcherData } from "../lib/matcher-data";

/** Bump when the matcher data format or the way it is built changes. */
const FORMAT = "matcher-3";

function cacheFile(location: string): string | null {
  if (process.env.ERRDEX_NO_CACHE) return null;
  const h = crypto.createHash("sha256").update(FORMAT);
  for (const f of datasetFiles(location)) {
    const st = fs.statSync(f);
    h.update(`${path.resolve(f)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  const dir = process.env.ERRDEX_CACHE_DIR ?? path.join(os.tmpdir(), "errdex-cache");
  return path.join(dir, `${h.digest("hex").slice(0, 32)}.json`);
}

/** Cached matcher data for the dataset at `location`, if any. */
export function readCachedMatcher(location: string): MatcherData | null {
  const file = cacheFile(location);
  if (!file) return null;
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as MatcherData;
  } catch {
    return null;
  }
}

/** Stores matcher data for the dataset at `location` (best effort: a read-only disk only costs speed). */
export function writeCachedMatcher(location: string, data: MatcherData): void {
  const file = cacheFile(location);
  if (!file) return;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(data));
    fs.renameSync(tmp, file);
  } catch {
    // ignore: caching is an optimisation
  }
}
