/**
 * The long tail's wire format (lib/site/page-plan): what scripts/tail-shards
 * writes and the browser reads back. A shard is fetched JSON, so it is
 * parsed, never cast: a damaged or hostile shard gives a clear error.
 */
import * as z from "zod/mini";
import { parseInput } from "../parse";
import { ID_RE } from "../record/ids";
import { PERMALINK_RE } from "../record/permalink";
import { recordSchema } from "../record/schema";
import type { Neighbours } from "./site-index";

/** One long-tail record as its shard holds it. */
export interface TailEntry {
  record: z.infer<typeof recordSchema>;
  datasetVersion?: string;
  neighbours?: Neighbours;
}

const refSchema = z.pick(recordSchema, {
  id: true,
  repo: true,
  slug: true,
  errorClass: true,
  errorMessage: true,
  severity: true,
  errorType: true,
});
const tailEntrySchema = z.object({
  record: recordSchema,
  datasetVersion: z.optional(z.string()),
  neighbours: z.optional(
    z.object({ tag: z.nullable(z.string()), prev: z.nullable(refSchema), next: z.nullable(refSchema), related: z.array(refSchema) }),
  ),
});
const shardSchema = z.record(z.string(), z.unknown());
const idShardSchema = z.record(z.string().check(z.regex(ID_RE)), z.string().check(z.regex(PERMALINK_RE, "is not a permalink")));

/** The entry of `permalink` in a fetched record shard, or undefined when the shard does not hold it. */
export function tailEntryFrom(shard: unknown, permalink: string, source: string): TailEntry | undefined {
  const entries = parseInput(shardSchema, shard, source);
  if (!Object.hasOwn(entries, permalink)) return undefined;
  return parseInput(tailEntrySchema, entries[permalink], `${source}: ${permalink}`);
}

/** The permalink of `id` in a fetched id shard, or undefined. */
export function tailPermalinkFrom(shard: unknown, id: string, source: string): string | undefined {
  const ids = parseInput(idShardSchema, shard, source);
  return Object.hasOwn(ids, id) ? ids[id] : undefined;
}
