/**
 * Permalinks are forever. Every build writes a manifest of each record's id
 * and permalink; given the previous build's manifest, `planHistory` says
 * which old URLs must redirect (the slug or repository changed) and which
 * records were removed (their old URLs get a page saying so, pointing to the
 * closest current records, instead of a bare 404).
 */
import * as z from "zod/mini";
import { parseInput } from "../parse";
import { ID_RE } from "../record/ids";
import type { ErrorRecord } from "../record/schema";
import { PERMALINK_RE, recordPath } from "../record/permalink";
import { firstLine } from "../text";

const permalink = z
  .string()
  .check(z.regex(PERMALINK_RE, "is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)"));
const id = z.string().check(z.regex(ID_RE, "is not a record id (16 lower-case hex digits)"));
const entrySchema = z.object({
  id,
  permalink,
  errorClass: z.string().check(z.maxLength(1000)),
  /** First line of the message, for the removed-record page. */
  message: z.string().check(z.maxLength(10_000)),
});

/** A build's manifest, as the next build reads it back (untrusted: often downloaded from the live site). */
export const manifestSchema = z.object({
  version: z.literal(1),
  datasetVersion: z.string().check(z.maxLength(100)),
  records: z.array(entrySchema),
  /** Old permalinks still served as redirects (carried from earlier manifests so chains never break). */
  redirects: z.array(z.object({ from: permalink, id })),
  /** Records removed in earlier versions, kept so their pages stay. */
  removed: z.array(z.extend(entrySchema, { removedIn: z.string().check(z.maxLength(100)) })),
});

export type ManifestEntry = z.infer<typeof entrySchema>;
export type Manifest = z.infer<typeof manifestSchema>;

/** Parses a previous manifest; throws an InputError naming each bad entry (`manifest.json: records[3].permalink: "…" is not …`). */
export function parseManifest(json: unknown, source = "manifest.json"): Manifest {
  return parseInput(manifestSchema, json, source);
}

/** The manifest of the current build, carrying the history of the previous one. */
export function buildManifest(records: ErrorRecord[], datasetVersion: string, previous?: Manifest): Manifest {
  const plan = previous ? planHistory(previous, records, datasetVersion) : { redirects: [], removed: [] };
  return {
    version: 1,
    datasetVersion,
    records: records.map((r) => ({
      id: r.id,
      permalink: recordPath(r),
      errorClass: r.errorClass,
      message: firstLine(r.errorMessage).slice(0, 300),
    })),
    redirects: plan.redirects.map(({ from, id }) => ({ from, id })),
    removed: plan.removed,
  };
}

export interface HistoryPlan {
  /** Old permalink → the record's current permalink. */
  redirects: { from: string; id: string; to: string }[];
  /** Records no longer in the dataset, with the version that dropped them. */
  removed: (ManifestEntry & { removedIn: string })[];
}

/** What the previous manifest asks of this build: redirects for moved records, pages for removed ones. */
export function planHistory(previous: Manifest, records: ErrorRecord[], datasetVersion: string): HistoryPlan {
  const current = new Map(records.map((r) => [r.id, recordPath(r)]));
  const live = new Set(current.values());
  const redirects = new Map<string, { from: string; id: string; to: string }>();
  const addRedirect = (from: string, id: string) => {
    const to = current.get(id);
    if (to && from !== to && !live.has(from)) redirects.set(from, { from, id, to });
  };
  for (const r of previous.redirects) addRedirect(r.from, r.id);
  for (const e of previous.records) addRedirect(e.permalink, e.id);
  const removed = new Map<string, ManifestEntry & { removedIn: string }>();
  for (const e of previous.removed) if (!current.has(e.id)) removed.set(e.id, e);
  for (const e of previous.records) if (!current.has(e.id) && !removed.has(e.id)) removed.set(e.id, { ...e, removedIn: datasetVersion });
  // A removed record's old permalink now used by another record is that record's page.
  return { redirects: [...redirects.values()], removed: [...removed.values()].filter((e) => !live.has(e.permalink)) };
}
