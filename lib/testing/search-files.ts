/**
 * The split search files served from memory, as the browser would fetch them
 * (each file through JSON text, so nothing is shared with the build), for the
 * search tests.
 */
import { buildSearchFiles, type SearchFiles, type SplitOptions } from "../search/build";
import { Searcher, type FetchJson } from "../search/searcher";
import type { ErrorRecord } from "../record/schema";
import { FIXTURE_RECORDS } from "./fixtures/records";

/** A fetcher over the built files that records every path asked for; a missing file rejects as a static host's 404 would. */
export function memoryFetch(files: SearchFiles["files"], fetched: string[] = []): FetchJson {
  return async (path) => {
    fetched.push(path);
    const f = files.get(path);
    if (f === undefined) throw new Error(`/_errdex/${path} answered HTTP 404`);
    return JSON.parse(JSON.stringify(f)) as unknown;
  };
}

/** Builds the files for `records` and opens a searcher over them. */
export async function openSearch(records: readonly ErrorRecord[] = FIXTURE_RECORDS, options: SplitOptions = {}): Promise<Searcher> {
  const { files } = await buildSearchFiles(records, options);
  return Searcher.open(memoryFetch(files));
}
