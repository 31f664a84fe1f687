/**
 * The first step of a lookup over split data (lib/match/data/shard-lookup): which
 * shards may hold a record whose literal key is in the log. The filter keeps
 * a 32-bit hash of each key and the shard of each record owning it, not the
 * keys themselves, so it stays a fraction of the data's size.
 *
 * It answers a superset of what the matcher's own scans find: the exact scan
 * (`Matcher.scanTexts`) and the case-folded one look for keys in the cleaned
 * lines, and the junction scan (`wrapped.ts`) for keys without blanks across
 * a line break, in text that is always part of the cleaned lines without
 * blanks, joined. A hash that agrees by chance only costs a shard fetched for
 * nothing; the matcher over the fetched shards then finds exactly what the
 * whole data would.
 *
 * Hand-written rather than reusing KeyScanner: that one checks each hit
 * against the key's text, which the filter does not carry.
 */
import type { LogLine } from "../../log/log-line";
import { withoutJsWhitespace } from "../../text";
import { foldCase } from "../find/key-index";
import type { MatcherEntry } from "./matcher-data";
import { buildWrapTables } from "../find/wrapped";
import type { KeyIndex } from "../find/key-index";

/** Hashes of the keys of one length, sorted, and the shard of a record owning each (a hash repeats for several shards). */
export interface KeyTable {
  length: number;
  hashes: Uint32Array;
  shards: Int32Array;
}

/** The key hashes of each scan: exact and case-folded keys in the lines, and without blanks across line breaks. */
export interface KeyFilter {
  exact: KeyTable[];
  folded: KeyTable[];
  wrap: KeyTable[];
  wrapFolded: KeyTable[];
}

/**
 * Wrapped-scan keys are 8–16 characters; the filter hashes at most their
 * first WRAP_HASH, so the scan makes fewer passes (one per length below it).
 * Measured on the corpus: 14 halves the scan's time (0.5 s for a 10 MB log)
 * and fetches what full keys fetch; 12 fetched up to a third more for logs
 * with many errors.
 */
const WRAP_HASH = 14;
const BASE = 0x01000193;
const FILTER_BITS = 20;

/** The hash of `text.slice(from, from + length)`, as the scan's rolling hash computes it. */
export function keyHash(text: string, from: number, length: number): number {
  let h = 0;
  for (let i = from; i < from + length; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h >>> 0;
}

/** Builds the filter of `entries` (the whole data), each record's keys filed under `shardOf(entry index)`. */
export function buildKeyFilter(entries: readonly MatcherEntry[], shardOf: (entry: number) => number): KeyFilter {
  const exact = new Map<number, Set<string>>();
  const folded = new Map<number, Set<string>>();
  const wrap = new Map<number, Set<string>>();
  const wrapFolded = new Map<number, Set<string>>();
  const file = (target: Map<number, Set<string>>, text: string, length: number, shard: number) => {
    const set = target.get(length) ?? new Set<string>();
    set.add(`${keyHash(text, 0, length)} ${shard}`);
    target.set(length, set);
  };
  // Keys without blanks, as the wrapped scan looks for them, with their owners.
  const w = buildWrapTables(entries as MatcherEntry[]);
  const owned = new Set<string>();
  const wrapKeys = (index: KeyIndex | null, target: Map<number, Set<string>>) => {
    if (!index) return;
    index.scanner.keys.forEach((text, k) => {
      for (let j = index.owners.start[k]!; j < index.owners.start[k + 1]!; j += 2) {
        file(target, text, Math.min(text.length, WRAP_HASH), shardOf(index.owners.data[j]!));
        owned.add(`${index.owners.data[j]!} ${text}`);
      }
    });
  };
  wrapKeys(w.exact, wrap);
  wrapKeys(w.folded, wrapFolded);
  // A key in a line is, without blanks, in the lines without blanks: when it is its own wrapped-scan key, that
  // one finds it too. The others (a short key whose wrapped-scan key borrowed context) are filed as they are.
  entries.forEach((e, i) => {
    for (const k of e.keys)
      if (!owned.has(`${i} ${withoutJsWhitespace(k.text)}`))
        file(e.flags.includes("i") ? folded : exact, k.text, k.text.length, shardOf(i));
  });
  return { exact: tables(exact), folded: tables(folded), wrap: tables(wrap), wrapFolded: tables(wrapFolded) };
}

function tables(byLength: Map<number, Set<string>>): KeyTable[] {
  return [...byLength]
    .sort((a, b) => b[0] - a[0])
    .map(([length, pairs]) => {
      const sorted = [...pairs].map((p) => p.split(" ").map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return { length, hashes: Uint32Array.from(sorted, (p) => p[0]), shards: Int32Array.from(sorted, (p) => p[1]) };
    });
}

/**
 * Characters kept from each side of a line break for the wrapped keys: the matcher's junction keeps at most
 * JUNCTION_KEEP (16) non-blank ones of each side (lib/match/find/wrapped), and the filter hashes at most WRAP_HASH
 * of a key, so a window it hashes across a break lies within these.
 */
const JUNCTION_SIDE = 16;

/**
 * The shards holding a record whose key may be in a log's cleaned lines (lib/match/find/clean-log). Each distinct
 * text is scanned once, and so is each distinct text without blanks, for keys within a line; for keys a line
 * break cut, the end of a line without blanks is scanned joined to the start of the next, wherever the next
 * could continue it (the matcher's junction scan looks at fewer: text, no new record).
 */
export function keyShards(filter: KeyFilter, lines: readonly LogLine[], hitTexts?: Set<string>): Set<number> {
  const out = new Set<number>();
  const texts = new Set<string>();
  // Each text without blanks, and each junction, with the lines' texts it comes from (a hit there names them).
  const squeezed = new Map<string, string[]>();
  const junctions = new Map<string, string[]>();
  let prev = "";
  let prevText = "";
  for (const l of lines) {
    texts.add(l.text);
    const q = withoutJsWhitespace(l.text);
    const from = squeezed.get(q) ?? [];
    if (from.length < 2) from.push(l.text);
    squeezed.set(q, from);
    if (prev !== "" && q !== "" && !l.recordStart) {
      const j = prev.slice(-JUNCTION_SIDE) + q.slice(0, JUNCTION_SIDE);
      if (!junctions.has(j)) junctions.set(j, [prevText, l.text]);
    }
    prev = q;
    prevText = l.text;
  }
  // Joined by a line end, which no key holds: a window across two texts finds nothing that matters.
  const list = [...texts];
  const text = list.join("\n");
  const segments = [...squeezed.keys(), ...junctions.keys()];
  const owners = [...squeezed.values(), ...junctions.values()];
  const joined = segments.join("\n");
  const onHit =
    hitTexts &&
    textAt(
      list,
      list.map((t) => [t]),
      hitTexts,
    );
  const onWrapHit = hitTexts && textAt(segments, owners, hitTexts);
  for (const t of filter.exact) scan(t, text, out, onHit);
  for (const t of filter.wrap) scan(t, joined, out, onWrapHit);
  if (filter.folded.length) {
    const folded = foldCase(text);
    for (const t of filter.folded) scan(t, folded, out, onHit); // foldCase keeps every position
  }
  if (filter.wrapFolded.length) {
    const folded = foldCase(joined);
    for (const t of filter.wrapFolded) scan(t, folded, out, onWrapHit);
  }
  return out;
}

/** A bit per value of a hash's top FILTER_BITS bits, so most positions cost one read; built once per table. */
const bits = new WeakMap<KeyTable, Int32Array>();
function bitsOf(t: KeyTable): Int32Array {
  let b = bits.get(t);
  if (!b) {
    b = new Int32Array(1 << (FILTER_BITS - 5));
    for (const h of t.hashes) {
      const f = h >>> (32 - FILTER_BITS);
      b[f >>> 5]! |= 1 << (f & 31);
    }
    bits.set(t, b);
  }
  return b;
}

/** A hit's end in `list` joined by line ends, to the texts `owners` gives for the part it is in, added to `hits`. */
function textAt(list: string[], owners: string[][], hits: Set<string>): (end: number) => void {
  const ends: number[] = [];
  let at = 0;
  for (const t of list) ends.push((at += t.length + 1) - 1);
  return (end) => {
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid]! < end) lo = mid + 1;
      else hi = mid;
    }
    for (const t of owners[lo]!) hits.add(t);
  };
}

/** Adds to `out` the shards of every key hash of `t` found in a window of `text` (and tells `onHit` where the window ends). */
function scan(t: KeyTable, text: string, out: Set<number>, onHit?: (end: number) => void): void {
  const L = t.length;
  if (text.length < L || t.hashes.length === 0) return;
  const b = bitsOf(t);
  let outWeight = 1;
  for (let i = 0; i < L; i++) outWeight = Math.imul(outWeight, BASE);
  let h = 0;
  for (let i = 0; i < L; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  for (let end = L; ; end++) {
    const u = h >>> 0;
    const f = u >>> (32 - FILTER_BITS);
    if ((b[f >>> 5]! & (1 << (f & 31))) !== 0) {
      let k = lowerBound(t.hashes, u);
      if (onHit && t.hashes[k] === u) onHit(end);
      for (; k < t.hashes.length && t.hashes[k] === u; k++) out.add(t.shards[k]!);
    }
    if (end === text.length) break;
    h = (Math.imul(h, BASE) + text.charCodeAt(end) - Math.imul(text.charCodeAt(end - L), outWeight)) | 0;
  }
}

function lowerBound(a: Uint32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
