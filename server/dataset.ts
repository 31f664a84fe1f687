/**
 * Node-side access to the dataset for the build, the dev server, scripts and
 * the CLI: finds the files (`ERRDEX_DATA` or `data/`), reads them, validates
 * them with `lib/validate`, and indexes the valid records. The result is
 * cached per process, so every page of a build shares one load.
 */
import fs from "node:fs";
import path from "node:path";
import { isDatasetFileName, type SourceFile } from "../lib/dataset/dataset";
import { validateDataset, type ValidationResult } from "../lib/dataset/validate";
import type { ErrorRecord } from "../lib/record/schema";
import { sortProblems } from "../lib/dataset/problems";
import { checkRedos } from "./redos";

export interface Dataset extends ValidationResult {
  /** Where the data came from, as given. */
  source: string;
  records: ErrorRecord[];
  byId: Map<string, ErrorRecord>;
  /** Newest `datasetVersion` among the records. */
  datasetVersion: string;
  /** datasetVersion of each record id. */
  versionOf: Map<string, string>;
}

/**
 * The dataset location: an explicit path (`--data`), else `ERRDEX_DATA`, else
 * the embedded `data/` (the package's own when run as `npx errdex`, which sets
 * ERRDEX_EMBEDDED_DATA, else the working directory's).
 */
export function dataLocation(explicit?: string): string {
  return explicit ?? process.env.ERRDEX_DATA ?? process.env.ERRDEX_EMBEDDED_DATA ?? path.join(process.cwd(), "data");
}

/** Raised when the dataset cannot be read at all (missing path, no files). */
export class DatasetIOError extends Error {}

/** Lists the dataset files at a file or folder path, sorted, recursing into folders. */
export function datasetFiles(location: string): string[] {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(location);
  } catch {
    throw new DatasetIOError(`${location}: no such file or folder`);
  }
  if (stat.isFile()) return [location];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (isDatasetFileName(entry.name)) out.push(full);
    }
  };
  walk(location);
  if (out.length === 0) throw new DatasetIOError(`${location}: no .jsonl or .json files in this folder`);
  return out;
}

/** Reads the files at a location, named relative to the working directory. */
export function readSources(location: string): SourceFile[] {
  return datasetFiles(location).map((file) => {
    const name = path.relative(process.cwd(), file) || file;
    try {
      return { name, text: fs.readFileSync(file, "utf8") };
    } catch (err) {
      throw new DatasetIOError(`${name}: cannot be read: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
}

/** Loads and validates a dataset (uncached); `quick` skips the per-record checks (see validateDataset). */
export function loadDataset(location = dataLocation(), options: { quick?: boolean } = {}): Dataset {
  const result = validateDataset(readSources(location), options);
  const records = result.valid.map((r) => r.record);
  const versionOf = new Map(result.valid.map((r) => [r.record.id, r.datasetVersion]));
  let datasetVersion = "";
  for (const v of versionOf.values()) if (v > datasetVersion) datasetVersion = v;
  return { ...result, source: location, records, byId: new Map(records.map((r) => [r.id, r])), datasetVersion, versionOf };
}

/** Loads a dataset and adds the ReDoS analysis (async: recheck runs off the main loop). */
export async function loadDatasetChecked(location = dataLocation()): Promise<Dataset> {
  const ds = loadDataset(location);
  const redos = await checkRedos(ds.parsed);
  if (redos.length === 0) return ds;
  const problems = sortProblems([...ds.problems, ...redos]);
  const bad = new Set(redos.filter((p) => p.level === "error").map((p) => p.id));
  const records = ds.records.filter((r) => !bad.has(r.id));
  return { ...ds, problems, records, valid: ds.valid.filter((r) => !bad.has(r.record.id)), byId: new Map(records.map((r) => [r.id, r])) };
}

const cache = new Map<string, Dataset>();

/** The dataset at the configured location, loaded once per process. */
export function getDataset(): Dataset {
  const location = dataLocation();
  let ds = cache.get(location);
  if (!ds) {
    ds = loadDataset(location);
    cache.set(location, ds);
  }
  return ds;
}
