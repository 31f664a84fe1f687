/**
 * The shapes of the split search files (lib/search/layout.ts says what each
 * holds) and their parsers, used by the browser on every fetched fragment, so
 * a stale or damaged file gives a readable error naming the file instead of a
 * broken search. Kept apart from search.ts so pages that only use its light
 * helpers do not ship the schema.
 */
import * as z from "zod/mini";
import { parseInput } from "../parse";
import { SEARCH_DATA_VERSION } from "./layout";

const version = z.literal(SEARCH_DATA_VERSION, { error: `expected version ${SEARCH_DATA_VERSION} data` });
const count = z.number().check(z.int(), z.nonnegative());

const manifestSchema = z.object({
  v: version,
  /** Number of records (ids are 0 … records − 1). */
  records: count,
  /** The first term of each index bucket, sorted. */
  buckets: z.array(z.string()).check(z.minLength(1)),
  /** Vocabulary file keys present. */
  vocab: z.array(z.string()),
  /** Typo file keys present. */
  typo: z.array(z.string()),
  /** Records per docs page. */
  docsPage: z.number().check(z.int(), z.positive()),
  /** Records per facet page. */
  facetPage: z.number().check(z.int(), z.positive()),
  repos: z.array(z.string()),
  classes: z.array(z.string()),
  tags: z.array(z.string()),
});

const vocabSchema = z.object({
  v: version,
  /** The key this file is for (checked against the one asked for). */
  k: z.string(),
  /** Encoded terms starting with the key (typo files: whose 2nd and 3rd characters are the key), most frequent first. */
  terms: z.array(z.string()),
  /** Where each frequency tier (layout.frequencyTier) starts: [index of its first term, tier], tiers descending. */
  tiers: z.array(z.tuple([count, count])),
});

const bucketSchema = z.object({
  v: version,
  /** The bucket number (checked against the one asked for). */
  n: count,
  /** FlexSearch map entries: a term and its scoring slots, each a list of id gaps (layout.toGaps). */
  terms: z.array(z.tuple([z.string(), z.array(z.array(count))])),
});

const facetsSchema = z.object({
  v: version,
  n: count,
  /** Per record by id: [repo index, class index, tag indexes] into the manifest's lists. */
  facets: z.array(z.tuple([count, count, z.array(count)])),
});

const docsSchema = z.object({
  v: version,
  n: count,
  /** Per record by id: [slug, title]. */
  docs: z.array(z.tuple([z.string(), z.string()])),
});

export type StoredManifest = z.infer<typeof manifestSchema>;
export type StoredVocab = z.infer<typeof vocabSchema>;
export type StoredBucket = z.infer<typeof bucketSchema>;
export type StoredFacets = z.infer<typeof facetsSchema>;
export type StoredDocs = z.infer<typeof docsSchema>;

/** Checks a fetched manifest; throws an InputError naming the source and what is wrong. */
export const parseManifest = (x: unknown, source: string): StoredManifest => parseInput(manifestSchema, x, source);
/** Checks a fetched vocabulary or typo file. */
export const parseVocab = (x: unknown, source: string): StoredVocab => parseInput(vocabSchema, x, source);
/** Checks a fetched index bucket. */
export const parseBucket = (x: unknown, source: string): StoredBucket => parseInput(bucketSchema, x, source);
/** Checks a fetched facet page. */
export const parseFacets = (x: unknown, source: string): StoredFacets => parseInput(facetsSchema, x, source);
/** Checks a fetched docs page. */
export const parseDocs = (x: unknown, source: string): StoredDocs => parseInput(docsSchema, x, source);
