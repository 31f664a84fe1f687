/**
 * Parses the search data the browser fetches (written by scripts/search-index)
 * against its version and shape, so a stale or damaged file gives a readable
 * error instead of a broken search. Kept apart from search.ts so pages that
 * only use its light helpers do not ship the schema.
 */
import * as z from "zod/mini";
import { parseInput } from "../parse";
import { SEARCH_DATA_VERSION, type StoredDocs, type StoredIndex } from "./old-search.tmp";

const version = z.literal(SEARCH_DATA_VERSION, { error: `expected version ${SEARCH_DATA_VERSION} data` });
const indexSchema = z.object({ v: version, parts: z.array(z.tuple([z.string(), z.unknown()])) });
const docsSchema = z.object({
  v: version,
  repos: z.array(z.string()),
  tags: z.array(z.string()),
  docs: z.array(
    z.tuple([
      z.number().check(z.int(), z.nonnegative()),
      z.string(),
      z.string(),
      z.string(),
      z.array(z.number().check(z.int(), z.nonnegative())),
    ]),
  ),
});

/** Checks fetched JSON is a stored index of this version; throws an InputError naming what is wrong. */
export function parseStoredIndex(x: unknown, source = "search index"): StoredIndex {
  return parseInput(indexSchema, x, source) as StoredIndex;
}

/** Checks fetched JSON is stored result-list fields of this version; throws an InputError naming what is wrong. */
export function parseStoredDocs(x: unknown, source = "search records"): StoredDocs {
  return parseInput(docsSchema, x, source);
}
