/**
 * Parses matcher data fetched by the Web Worker (written at build time by
 * scripts/browser-assets): a file from another build version, or a damaged
 * one, is refused with a readable error instead of matching wrongly.
 */
import * as z from "zod/mini";
import { InputError, parseInput } from "../../parse";
import { MATCHER_DATA_VERSION, type MatcherData, type MatcherEntry } from "./matcher-data";

/**
 * Each entry is checked by hand on the fields the matcher acts on. A full
 * Zod object per entry was measured at 90–260 ms for the corpus's 11,320
 * entries in a fresh worker (Zod's first run is cold), most of the budget
 * of a first lookup; Zod checks the envelope and this loop the entries, in
 * 4–24 ms.
 */
const isStr = (v: unknown): v is string => typeof v === "string";
const isInt = (v: unknown): v is number => Number.isInteger(v);
function isKey(k: unknown): boolean {
  const o = k as Record<string, unknown> | null;
  return typeof o === "object" && o !== null && isStr(o.text) && isInt(o.line) && isStr(o.before) && isStr(o.after);
}
function isEntry(e: unknown): e is MatcherEntry {
  const o = e as Record<string, unknown> | null;
  if (typeof o !== "object" || o === null) return false;
  const partial = o.partial as Record<string, unknown> | undefined;
  return (
    isStr(o.id) &&
    isStr(o.repo) &&
    isStr(o.slug) &&
    isStr(o.errorClass) &&
    isStr(o.filePath) &&
    isInt(o.lineNumber) &&
    (o.sha === undefined || (isStr(o.sha) && /^[0-9a-f]{40}$/.test(o.sha))) &&
    isStr(o.message) &&
    (o.solution === undefined || isStr(o.solution)) &&
    isStr(o.pattern) &&
    isStr(o.source) &&
    isStr(o.flags) &&
    /^[ims]*$/.test(o.flags) &&
    (o.engine === "v8" || o.engine === "re2") &&
    isInt(o.unbounded) &&
    isInt(o.letters) &&
    typeof o.generic === "boolean" &&
    isInt(o.lines) &&
    Array.isArray(o.keys) &&
    o.keys.every(isKey) &&
    (o.names === undefined || (Array.isArray(o.names) && o.names.every(isStr))) &&
    (o.wording === undefined || isStr(o.wording)) &&
    (o.site === undefined || (Array.isArray(o.site) && o.site.every(isStr))) &&
    (partial === undefined || (typeof partial === "object" && partial !== null && isStr(partial.source) && isInt(partial.letters)))
  );
}
/** The version field of fetched matcher data: another build's is refused, saying what to do. */
export const versionSchema = z.literal(MATCHER_DATA_VERSION, {
  error: (i) => `is version ${JSON.stringify(i.input)}; this page reads version ${MATCHER_DATA_VERSION} (reload the page)`,
});
const dataSchema = z.object({
  version: versionSchema,
  datasetVersion: z.string(),
  entries: z.array(z.unknown()),
});

/** The matcher data in `json`; throws an InputError naming what is wrong. */
export function parseMatcherData(json: unknown, source: string): MatcherData {
  const data = parseInput(dataSchema, json, source);
  checkEntries(data.entries, source);
  return data as MatcherData;
}

/** Checks that every item of `entries` is a matcher entry; throws an InputError naming the first that is not. */
export function checkEntries(entries: unknown[], source: string): asserts entries is MatcherEntry[] {
  const bad = entries.findIndex((e) => !isEntry(e));
  if (bad >= 0) throw new InputError([`${source}: entries[${bad}]: is not a matcher entry of version ${MATCHER_DATA_VERSION}`]);
}
