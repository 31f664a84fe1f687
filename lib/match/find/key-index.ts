/**
 * A set of literal keys and, for each key, the records that own it: the
 * prefilter's scanner plus packed owner lists. Both the line scan and the
 * wrapped-text scan of the matcher are built from these.
 */
import type { KeyScanner } from "./prefilter";

/** Each key's owners, packed: key k's numbers are `data[start[k]] … data[start[k + 1] - 1]`. */
export interface Owners {
  start: Int32Array;
  data: Int32Array;
}

/** A scanner over keys and who owns each key (the tuple width depends on the index). */
export interface KeyIndex {
  scanner: KeyScanner;
  owners: Owners;
}

/** Packs the owner lists of a key map (in its key order) into two arrays instead of one small array per key. */
export function packOwners(byKey: Map<string, number[]>): Owners {
  const start = new Int32Array(byKey.size + 1);
  let total = 0;
  let k = 0;
  for (const list of byKey.values()) {
    start[k++] = total;
    total += list.length;
  }
  start[k] = total;
  const data = new Int32Array(total);
  k = 0;
  for (const list of byKey.values()) data.set(list, start[k++]!);
  return { start, data };
}

/**
 * Whether the text around a key hit agrees with the key's literal run, up to
 * the line's edges (a wrapped line may cut the run there).
 */
export function contextAgrees(text: string, pos: number, keyLength: number, before: string, after: string): boolean {
  for (let i = 1; i <= before.length; i++) {
    const j = pos - i;
    if (j < 0) break;
    const c = text.charCodeAt(j);
    if (c === 10) break;
    if (c !== before.charCodeAt(before.length - i)) return false;
  }
  const end = pos + keyLength;
  for (let i = 0; i < after.length; i++) {
    const j = end + i;
    if (j >= text.length) break;
    const c = text.charCodeAt(j);
    if (c === 10) break;
    if (c !== after.charCodeAt(i)) return false;
  }
  return true;
}

/** Lower-cases without changing length (İ lower-cases to two characters), so offsets still map to lines. */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

/** Index of the first element of sorted `a` greater than `x`. */
export function upperBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
