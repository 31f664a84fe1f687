/**
 * A built matcher as plain parts (`MatcherSnapshot`), and back. Loading one
 * skips every hash and map the build makes; entries are parsed only when a
 * candidate needs them. lib/match/data/snapshot-file stores it as bytes (the CLI's
 * cache).
 *
 * The parts are the typed `MatcherTables` walked generically: every
 * Int32Array becomes `{ $i: n }` (for `ints[n]`), every list of strings
 * `{ $s: n }` (for `strs[n]`) and every KeyScanner `{ $scanner: … }`; a
 * field is named once, in the type. Loading checks the result against the
 * same layout, so a damaged or foreign snapshot is refused with the field
 * that is wrong.
 */
import * as z from "zod/mini";
import "../../parse";
import type { KeyIndex } from "../find/key-index";
import { KeyScanner } from "../find/prefilter";
import type { WordingParts } from "../find/wording-index";
import type { WrapTables } from "../find/wrapped";

/** Everything a matcher builds from its entries. */
export interface MatcherTables {
  /** Entries with no literal key: tried on every line that looks like an error. */
  residual: Int32Array;
  /** Keys as written and lower-cased keys (case-insensitive patterns); owners are triples (entry, pattern line, context index). */
  exact: KeyIndex;
  folded: KeyIndex | null;
  /** Each owned key's literal context (indexed by the third number of an owner triple). */
  keyBefore: string[];
  keyAfter: string[];
  /** The junction scan's keys (wrapped text). */
  wrap: WrapTables;
  /** The repositories the entries come from (for the whole log's repository evidence, without parsing every entry). */
  repos: string[];
  /** Each entry's package-relative file (`vllm/config/model.py`; "" outside its repository's package): the site index, without parsing every entry. */
  files: string[];
}

/** A built matcher as plain parts: JSON `meta` plus the integer arrays and string lists it refers to. */
export interface MatcherSnapshot {
  meta: Record<string, unknown>;
  ints: Int32Array[];
  strs: string[][];
}

/** Bump when the snapshot's parts or their meaning change (7: each entry's package-relative file). */
export const SNAPSHOT_FORMAT = 7;

/** Packs a matcher's entries (as JSON, one string each), tables and, when built, its wording index's parts. */
export function packSnapshot(entryJson: string[], tables: MatcherTables, datasetVersion: string, wording?: WordingParts): MatcherSnapshot {
  const ints: Int32Array[] = [];
  const strs: string[][] = [];
  const pack = (v: unknown): unknown => {
    if (v instanceof Int32Array) return { $i: ints.push(v) - 1 };
    if (v instanceof KeyScanner) return { $scanner: pack({ keys: v.keys, ...v.snapshot() }) };
    if (Array.isArray(v)) return v.length > 0 && v.every((x) => typeof x === "string") ? { $s: strs.push(v) - 1 } : v.map(pack);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, pack(x)]));
    return v;
  };
  const meta = {
    format: SNAPSHOT_FORMAT,
    datasetVersion,
    entries: { $s: strs.push(entryJson) - 1 },
    tables: pack(tables),
    ...(wording ? { wording: pack(wording) } : {}),
  };
  return { meta, ints, strs };
}

const intArray = z.instanceof(Int32Array);
const stringList = z.custom<string[]>((v) => Array.isArray(v), "a list of strings");
const keyIndex = z.object({ scanner: z.instanceof(KeyScanner), owners: z.object({ start: intArray, data: intArray }) });
const Tables = z.object({
  residual: intArray,
  exact: keyIndex,
  folded: z.nullable(keyIndex),
  keyBefore: stringList,
  keyAfter: stringList,
  wrap: z.object({ exact: keyIndex, folded: z.nullable(keyIndex), before: stringList, after: stringList }),
  repos: stringList,
  files: stringList,
});
const Meta = z.object({
  format: z.number(),
  datasetVersion: z.string(),
  entries: z.object({ $s: z.number() }),
  tables: z.unknown(),
  wording: z.optional(z.unknown()),
});
const Wording = z.object({ words: stringList, selection: z.array(z.number()) });

/** Unpacks what packSnapshot made; throws, naming the part, on anything else. */
export function unpackSnapshot(snap: MatcherSnapshot): {
  entryJson: string[];
  tables: MatcherTables;
  datasetVersion: string;
  wording?: WordingParts;
} {
  const meta = z.parse(Meta, snap.meta);
  if (meta.format !== SNAPSHOT_FORMAT) throw new Error(`matcher snapshot format ${meta.format} is not ${SNAPSHOT_FORMAT}`);
  const part = <T>(list: T[], n: unknown, what: string): T => {
    const v = typeof n === "number" ? list[n] : undefined;
    if (v === undefined) throw new Error(`matcher snapshot: ${what} ${String(n)} is missing`);
    return v;
  };
  const unpack = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(unpack);
    if (v === null || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    if ("$i" in o) return part(snap.ints, o.$i, "int array");
    if ("$s" in o) return part(snap.strs, o.$s, "string list");
    if ("$scanner" in o) {
      const s = z.parse(ScannerParts, unpack(o.$scanner));
      return new KeyScanner(s.keys, s);
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unpack(x)]));
  };
  const tables = z.parse(Tables, unpack(meta.tables));
  const entryJson = part(snap.strs, meta.entries.$s, "string list");
  if (meta.wording === undefined) return { entryJson, tables, datasetVersion: meta.datasetVersion };
  const wording = z.parse(Wording, unpack(meta.wording));
  for (const [name, list] of [
    ["words", wording.words],
    ["selection", wording.selection],
  ] as const) {
    if (list.length !== entryJson.length)
      throw new Error(`matcher snapshot: the wording index's ${name} cover ${list.length} entries, not ${entryJson.length}`);
  }
  return { entryJson, tables, datasetVersion: meta.datasetVersion, wording };
}

const ScannerParts = z.object({
  keys: stringList,
  tables: z.array(z.object({ gram: z.number(), stride: z.number(), outWeight: z.number(), shift: z.number(), filterBits: z.number() })),
  arrays: z.array(intArray),
});
