/**
 * Finds every occurrence of many fixed literal keys in a text, so the matcher
 * runs only the regexes whose literal text is really there (the idea of
 * Hyperscan's and ripgrep's literal prefilters).
 *
 * Hand-written on purpose: a hash scan over fixed-length keys measured
 * ~0.12 s for a 10 MB log and 10,000 keys here, against 0.44–0.75 s and
 * +370 MB of heap for the npm Aho-Corasick packages tried
 * (shared/notes/measurements.md); the sampled scan below does the same work
 * in about a fifth of that.
 *
 * Sampling: every key of a group is at least `m` long and is indexed by each
 * of its grams of G characters at offsets 0 … S − 1, where S = m − G + 1. Any
 * occurrence of such a key covers one text position that is a multiple of S
 * with a whole gram after it, so only those positions are hashed: one window
 * in S instead of every position (Wu–Manber's observation that a long key
 * cannot hide between samples). A gram hit names (key, offset); the key is
 * then compared whole at position − offset. Keys shorter than 8 are scanned
 * at every position with a rolling hash of their own length (S = 1).
 */

/** Key lengths the scanner uses; a literal shorter than the smallest cannot be a key. */
export const KEY_LENGTHS = [16, 8, 4] as const;

const BASE = 0x01000193; // FNV prime as the polynomial base: odd, well mixed
const MIX = 0x9e3779b1; // Fibonacci hashing multiplier for the slot index

/**
 * One group of keys scanned together: keys of at least `gram + stride - 1`
 * characters, indexed by their grams of `gram` characters at offsets
 * 0 … stride − 1.
 */
interface GroupTable {
  gram: number;
  stride: number;
  /** BASE^gram mod 2^32: the weight of the character leaving a rolling window (stride 1). */
  outWeight: number;
  shift: number;
  filterBits: number;
  slotHash: Int32Array;
  /** 1 + index of the first entry in the slot's chain; 0 = empty slot. */
  slotHead: Int32Array;
  /**
   * One bit per value of the mixed hash's top `filterBits` bits: small enough
   * to stay in cache, so the common position (no key) costs no table read.
   */
  filter: Int32Array;
  /** Entries (a key and the offset of the gram in it), chained by slot: key, offset, next entry (−1 at the end). */
  entryKey: Int32Array;
  entryOffset: Int32Array;
  entryNext: Int32Array;
  /** Where in the key its check gram starts (the key's first or last gram, the one farther from the entry's), and the gram's hash. */
  entryCheckAt: Int32Array;
  entryCheck: Int32Array;
  /**
   * Each entry's key's first character and, above bit 16, the index of its last one (see keyEnds); and that last character. Derived from
   * the keys (not stored in a snapshot): a common gram chains many keys, and two character reads rule out most
   * of them before any hashing.
   */
  entryShape: Int32Array;
  entryLast: Uint16Array;
}

/** A scanner's tables without its keys: plain numbers and typed arrays, cheap to store and to load. */
export interface ScannerSnapshot {
  tables: { gram: number; stride: number; outWeight: number; shift: number; filterBits: number }[];
  /** slotHash, slotHead, filter, entryKey, entryOffset, entryNext, entryCheckAt and entryCheck of each table in turn. */
  arrays: Int32Array[];
}

const ARRAYS_PER_TABLE = 8;

/** Above this many keys, grams of 4 characters are too common in text to sample with: 8 are used. */
const MAX_SHORT_GRAM_KEYS = 1024;

/** The gram length and stride for `count` keys of at least `min` characters. */
function groupShape(min: number, count: number): { gram: number; stride: number } {
  if (min >= 12 || (min >= 8 && count > MAX_SHORT_GRAM_KEYS)) return { gram: 8, stride: min - 7 };
  if (min >= 8) return { gram: 4, stride: min - 3 };
  return { gram: min, stride: 1 };
}

/** The group a key of this length is scanned in: 16+, 12–15, 8–11, and each shorter length alone. */
function groupOf(length: number): number {
  return length >= 16 ? 16 : length >= 12 ? 12 : length >= 8 ? 8 : length;
}

export class KeyScanner {
  readonly keys: string[];
  private readonly tables: GroupTable[];

  /**
   * Builds the tables for `keys` (each non-empty). Or takes them ready-made
   * from `snapshot()` (the CLI's cache), which skips all hashing: start-up
   * then costs what reading the arrays costs.
   */
  constructor(keys: string[], ready?: ScannerSnapshot) {
    this.keys = keys;
    if (ready) {
      this.tables = ready.tables.map((t, i) => {
        const a = ready.arrays.slice(ARRAYS_PER_TABLE * i, ARRAYS_PER_TABLE * (i + 1));
        return {
          ...t,
          slotHash: a[0]!,
          slotHead: a[1]!,
          filter: a[2]!,
          entryKey: a[3]!,
          entryOffset: a[4]!,
          entryNext: a[5]!,
          entryCheckAt: a[6]!,
          entryCheck: a[7]!,
          ...keyEnds(keys, a[3]!),
        };
      });
      return;
    }
    const byGroup = new Map<number, number[]>();
    keys.forEach((k, i) => {
      if (k.length === 0) return;
      const g = groupOf(k.length);
      const list = byGroup.get(g) ?? [];
      list.push(i);
      byGroup.set(g, list);
    });
    // Longest keys first, as before: the order hits of different groups come in.
    this.tables = [...byGroup.keys()].sort((a, b) => b - a).map((g) => buildTable(keys, byGroup.get(g)!));
  }

  /** The built tables, for `new KeyScanner(keys, snapshot)`. */
  snapshot(): ScannerSnapshot {
    return {
      tables: this.tables.map(({ gram, stride, outWeight, shift, filterBits }) => ({ gram, stride, outWeight, shift, filterBits })),
      arrays: this.tables.flatMap((t) => [
        t.slotHash,
        t.slotHead,
        t.filter,
        t.entryKey,
        t.entryOffset,
        t.entryNext,
        t.entryCheckAt,
        t.entryCheck,
      ]),
    };
  }

  /** Calls `onHit(key, position)` for every occurrence of every key in `text`, in position order within each key group. */
  scan(text: string, onHit: (key: number, pos: number) => void): void {
    for (const t of this.tables) {
      if (t.stride === 1) this.scanRolling(t, text, onHit);
      else this.scanSampled(t, text, onHit);
    }
  }

  /** Hashes the window at every sampled position (a multiple of the stride). */
  private scanSampled(t: GroupTable, text: string, onHit: (key: number, pos: number) => void): void {
    const G = t.gram;
    const S = t.stride;
    const n = text.length;
    const { slotHash, slotHead, filter, entryKey, entryOffset, entryNext, entryCheckAt, entryCheck, entryShape, entryLast, shift } = t;
    const fshift = 32 - t.filterBits;
    const mask = slotHash.length - 1;
    const keys = this.keys;
    for (let p = 0; p + G <= n; p += S) {
      let h = 0;
      if (G === 8) h = hash8(text, p);
      else for (let i = p; i < p + G; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
      const mixed = Math.imul(h, MIX);
      const f = mixed >>> fshift;
      if ((filter[f >>> 5]! & (1 << (f & 31))) === 0) continue;
      let slot = mixed >>> shift;
      let head = slotHead[slot]!;
      while (head !== 0) {
        if (slotHash[slot] === h) {
          // Chains hold higher offsets first: hits come in position order. Before a key is compared
          // whole, the gram of it farthest from this one is hashed in the text and checked.
          let at = -1;
          let check = 0;
          for (let e = head - 1; e >= 0; e = entryNext[e]!) {
            const start = p - entryOffset[e]!;
            if (start < 0) continue;
            const shape = entryShape[e]!;
            if (text.charCodeAt(start) !== (shape & 0xffff) || text.charCodeAt(start + (shape >>> 16)) !== entryLast[e]) continue;
            if (start + entryCheckAt[e]! !== at) {
              at = start + entryCheckAt[e]!;
              check = 0;
              for (let i = at; i < at + G; i++) check = (Math.imul(check, BASE) + text.charCodeAt(i)) | 0;
            }
            const k = entryKey[e]!;
            if (check === entryCheck[e] && text.startsWith(keys[k]!, start)) onHit(k, start);
          }
          break;
        }
        slot = (slot + 1) & mask;
        head = slotHead[slot]!;
      }
    }
  }

  /** A rolling hash over every position, for keys too short to sample. */
  private scanRolling(t: GroupTable, text: string, onHit: (key: number, pos: number) => void): void {
    const L = t.gram;
    const n = text.length;
    if (n < L) return;
    const { slotHash, slotHead, filter, entryKey, entryNext, shift, outWeight } = t;
    const fshift = 32 - t.filterBits;
    const mask = slotHash.length - 1;
    const keys = this.keys;
    let h = 0;
    for (let i = 0; i < L; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    for (let end = L; ; end++) {
      const mixed = Math.imul(h, MIX);
      const f = mixed >>> fshift;
      if ((filter[f >>> 5]! & (1 << (f & 31))) !== 0) {
        let slot = mixed >>> shift;
        let head = slotHead[slot]!;
        while (head !== 0) {
          if (slotHash[slot] === h) {
            const start = end - L;
            for (let e = head - 1; e >= 0; e = entryNext[e]!) if (text.startsWith(keys[entryKey[e]!]!, start)) onHit(entryKey[e]!, start);
            break;
          }
          slot = (slot + 1) & mask;
          head = slotHead[slot]!;
        }
      }
      if (end === n) break;
      h = (Math.imul(h, BASE) + text.charCodeAt(end) - Math.imul(text.charCodeAt(end - L), outWeight)) | 0;
    }
  }
}

/** The table of one group: every key's grams at offsets 0 … stride − 1. */
function buildTable(keys: string[], indexes: number[]): GroupTable {
  const min = indexes.reduce((m, k) => Math.min(m, keys[k]!.length), Infinity);
  const { gram, stride } = groupShape(min, indexes.length);
  const count = indexes.length * stride;
  // A table at most half full; the filter keeps misses off it.
  let bits = 10;
  while (1 << bits < count * 2) bits++;
  let filterBits = 16;
  while (filterBits < 23 && 1 << filterBits < count * 24) filterBits++;
  const t: GroupTable = {
    gram,
    stride,
    outWeight: power(BASE, gram),
    shift: 32 - bits,
    filterBits,
    slotHash: new Int32Array(1 << bits),
    slotHead: new Int32Array(1 << bits),
    filter: new Int32Array(Math.max(1, 1 << (filterBits - 5))),
    entryKey: new Int32Array(count),
    entryOffset: new Int32Array(count),
    entryNext: new Int32Array(count).fill(-1),
    entryCheckAt: new Int32Array(count),
    entryCheck: new Int32Array(count),
    entryShape: new Int32Array(0),
    entryLast: new Uint16Array(0),
  };
  const mask = t.slotHash.length - 1;
  let e = 0;
  // Offsets in increasing order, each chain prepended to: a chain lists higher offsets (earlier starts) first.
  for (let o = 0; o < stride; o++) {
    for (const k of indexes) {
      const h = hashOf(keys[k]!, o, gram);
      t.entryKey[e] = k;
      t.entryOffset[e] = o;
      const key = keys[k]!;
      const at = o * 2 > key.length - gram ? 0 : key.length - gram;
      t.entryCheckAt[e] = at;
      t.entryCheck[e] = hashOf(key, at, gram);
      let slot = Math.imul(h, MIX) >>> t.shift;
      while (t.slotHead[slot] !== 0 && t.slotHash[slot] !== h) slot = (slot + 1) & mask;
      if (t.slotHead[slot] !== 0) t.entryNext[e] = t.slotHead[slot]! - 1;
      t.slotHash[slot] = h;
      t.slotHead[slot] = e + 1;
      const f = Math.imul(h, MIX) >>> (32 - filterBits);
      t.filter[f >>> 5]! |= 1 << (f & 31);
      e++;
    }
  }
  const laid = contiguousChains(t);
  return { ...laid, ...keyEnds(keys, laid.entryKey) };
}

/**
 * The same table with each slot's chain stored in consecutive entries, in chain order: a common gram chains
 * many entries, and walking them in place reads memory in order instead of jumping across the whole table.
 */
function contiguousChains(t: GroupTable): GroupTable {
  const count = t.entryKey.length;
  const order = new Int32Array(count);
  const slotHead = new Int32Array(t.slotHead.length);
  let n = 0;
  for (let slot = 0; slot < t.slotHead.length; slot++) {
    if (t.slotHead[slot] === 0) continue;
    slotHead[slot] = n + 1;
    for (let e = t.slotHead[slot]! - 1; e >= 0; e = t.entryNext[e]!) order[n++] = e;
  }
  const entryNext = new Int32Array(count);
  for (let i = 0; i < count; i++) entryNext[i] = i + 1 < count && t.entryNext[order[i]!] !== -1 ? i + 1 : -1;
  // A loop, not `Int32Array.from(order, map)`: V8 runs that through the iterator protocol, ~20× slower (2M entries: 240 ms against 11).
  const pick = (a: Int32Array) => {
    const out = new Int32Array(count);
    for (let i = 0; i < count; i++) out[i] = a[order[i]!]!;
    return out;
  };
  return {
    ...t,
    slotHead,
    entryKey: pick(t.entryKey),
    entryOffset: pick(t.entryOffset),
    entryNext,
    entryCheckAt: pick(t.entryCheckAt),
    entryCheck: pick(t.entryCheck),
  };
}

/** Each entry's key's first character, and a character near its end with its index (GroupTable.entryShape, entryLast). */
function keyEnds(keys: string[], entryKey: Int32Array): { entryShape: Int32Array; entryLast: Uint16Array } {
  const entryShape = new Int32Array(entryKey.length);
  const entryLast = new Uint16Array(entryKey.length);
  for (let e = 0; e < entryKey.length; e++) {
    const key = keys[entryKey[e]!]!;
    // The last character, or the 65,536th of a longer key: its index must fit in the 16 bits above the first.
    const last = Math.min(key.length, 0x10000) - 1;
    entryShape[e] = (last << 16) | key.charCodeAt(0);
    entryLast[e] = key.charCodeAt(last);
  }
  return { entryShape, entryLast };
}

/** BASE^k mod 2^32, for hash8. */
const B2 = power(BASE, 2);
const B3 = power(BASE, 3);
const B4 = power(BASE, 4);
const B5 = power(BASE, 5);
const B6 = power(BASE, 6);
const B7 = power(BASE, 7);

/**
 * hashOf(s, from, 8) as one sum of independent products instead of eight dependent steps (the same value:
 * arithmetic mod 2^32, and the sum of eight 32-bit terms is exact in a double), so the CPU works on them at once.
 */
function hash8(s: string, from: number): number {
  return (
    (Math.imul(s.charCodeAt(from), B7) +
      Math.imul(s.charCodeAt(from + 1), B6) +
      Math.imul(s.charCodeAt(from + 2), B5) +
      Math.imul(s.charCodeAt(from + 3), B4) +
      Math.imul(s.charCodeAt(from + 4), B3) +
      Math.imul(s.charCodeAt(from + 5), B2) +
      Math.imul(s.charCodeAt(from + 6), BASE) +
      s.charCodeAt(from + 7)) |
    0
  );
}

function hashOf(s: string, from: number, length: number): number {
  let h = 0;
  for (let i = from; i < from + length; i++) h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
  return h;
}

function power(base: number, exp: number): number {
  let r = 1;
  for (let i = 0; i < exp; i++) r = Math.imul(r, base);
  return r;
}
