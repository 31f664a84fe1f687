/**
 * The CLI's cache of the built matcher (a snapshot: lib/snapshot-file), so
 * `errdex match` in CI does not re-parse, re-compile and re-hash an unchanged
 * dataset on every run. Keyed by each
 * dataset file's path, size and modification time and by this build of
 * errdex; written only for a dataset without errors. ERRDEX_CACHE_DIR moves
 * it; ERRDEX_NO_CACHE=1 turns it off.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { datasetFiles } from "../server/dataset";
import { Matcher, SNAPSHOT_FORMAT } from "../lib/match/matcher";
import { decodeSnapshot, encodeSnapshot } from "../lib/match/data/snapshot-file";

/** Bump when the matcher data or the way it is built changes (the snapshot's own format is part of the key). */
const FORMAT = `matcher-4/snapshot-${SNAPSHOT_FORMAT}`;

function cacheFile(location: string): string | null {
  if (process.env.ERRDEX_NO_CACHE) return null;
  const h = crypto.createHash("sha256").update(FORMAT);
  for (const f of datasetFiles(location)) {
    const st = fs.statSync(f);
    h.update(`${path.resolve(f)}\0${st.size}\0${st.mtimeMs}\n`);
  }
  const dir = process.env.ERRDEX_CACHE_DIR ?? path.join(os.tmpdir(), "errdex-cache");
  return path.join(dir, `${h.digest("hex").slice(0, 32)}.bin`);
}

/** The cached matcher for the dataset at `location`, if any (a damaged file counts as none). */
export function readCachedMatcher(location: string): Matcher | null {
  const file = cacheFile(location);
  if (!file) return null;
  try {
    return Matcher.fromSnapshot(decodeSnapshot(fs.readFileSync(file)));
  } catch {
    return null;
  }
}

/** Stores the matcher for the dataset at `location` (best effort: a read-only disk only costs speed). */
export function writeCachedMatcher(location: string, matcher: Matcher): void {
  const file = cacheFile(location);
  if (!file) return;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, encodeSnapshot(matcher.snapshot()));
    fs.renameSync(tmp, file);
  } catch {
    // ignore: caching is an optimisation
  }
}
