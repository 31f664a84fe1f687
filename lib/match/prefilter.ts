/**
 * Finds every occurrence of many fixed literal keys in a text in one pass per
 * key length, so the matcher runs only the regexes whose literal text is
 * really there (the idea of Hyperscan's and ripgrep's literal prefilters).
 *
 * Hand-written on purpose: a Rabin–Karp scan over fixed-length keys measured
 * ~0.12 s for a 10 MB log and 10,000 keys here, against 0.44–0.75 s and
 * +370 MB of heap for the npm Aho-Corasick packages tried
 * (shared/notes/measurements.md). Keys of one length share a rolling hash; an
 * open-addressed table answers "is any key here?" with one load per position.
 */

/** Key lengths the scanner uses; a literal shorter than the smallest cannot be a key. */
export const KEY_LENGTHS = [16, 8, 4] as const;
/**
 * Keys are found by a rolling hash of their first HASH_LENGTH characters, then
 * checked whole: one pass over the text serves every key of 8 or more
 * characters (a second pass runs only if some key is shorter).
 */
const HASH_LENGTH = 8;

const BASE = 0x01000193; // FNV prime as the polynomial base: odd, well mixed
const MIX = 0x9e3779b1; // Fibonacci hashing multiplier for the slot index

interface LengthTable {
  length: number;
  /** BASE^length mod 2^32: the weight of the character leaving the window. */
  outWeight: number;
  shift: number;
  slotHash: Int32Array;
  /** 1 + index of the first key in the slot's chain; 0 = empty slot. */
  slotKey: Int32Array;
  /**
   * One bit per value of the mixed hash's top FILTER_BITS bits: 128 KB that
   * stays in cache, so the common position (no key) costs no table read.
   */
  filter: Int32Array;
}

const FILTER_BITS = 20;

/** A scanner's tables without its keys: plain numbers and typed arrays, cheap to store and to load. */
export interface ScannerSnapshot {
  keyNext: Int32Array;
  tables: { length: number; outWeight: number; shift: number }[];
  /** slotHash, slotKey and filter of each table in turn. */
  arrays: Int32Array[];
}

export class KeyScanner {
  readonly keys: string[];
  private readonly tables: LengthTable[];
  /** Next key with the same slot (chain), -1 at the end. */
  private readonly keyNext: Int32Array;

  /**
   * Builds the tables for `keys`; every key must have one of KEY_LENGTHS. Or
   * takes them ready-made from `snapshot()` (the CLI's cache), which skips
   * all hashing: start-up then costs what reading the arrays costs.
   */
  constructor(keys: string[], ready?: ScannerSnapshot) {
    this.keys = keys;
    if (ready) {
      this.keyNext = ready.keyNext;
      this.tables = ready.tables.map((t, i) => ({
        ...t,
        slotHash: ready.arrays[3 * i]!,
        slotKey: ready.arrays[3 * i + 1]!,
        filter: ready.arrays[3 * i + 2]!,
      }));
      return;
    }
    this.keyNext = new Int32Array(keys.length).fill(-1);
    const byLength = new Map<number, number[]>();
    keys.forEach((k, i) => {
      const h = Math.min(k.length, HASH_LENGTH);
      const list = byLength.get(h) ?? [];
      list.push(i);
      byLength.set(h, list);
    });
    this.tables = [];
    for (const [length, indexes] of byLength) {
      // A sparse table (≤ 1/16 full) makes the common case one load of an empty slot.
      let bits = 10;
      while (1 << bits < indexes.length * 16) bits++;
      const size = 1 << bits;
      const table: LengthTable = {
        length,
        outWeight: power(BASE, length),
        shift: 32 - bits,
        slotHash: new Int32Array(size),
        slotKey: new Int32Array(size),
        filter: new Int32Array(1 << (FILTER_BITS - 5)),
      };
      for (const k of indexes) {
        const h = hashOf(keys[k]!, 0, length);
        this.insert(table, k, h);
        const f = Math.imul(h, MIX) >>> (32 - FILTER_BITS);
        table.filter[f >>> 5]! |= 1 << (f & 31);
      }
      this.tables.push(table);
    }
  }

  /** The built tables, for `new KeyScanner(keys, snapshot)`. */
  snapshot(): ScannerSnapshot {
    return {
      keyNext: this.keyNext,
      tables: this.tables.map(({ length, outWeight, shift }) => ({ length, outWeight, shift })),
      arrays: this.tables.flatMap((t) => [t.slotHash, t.slotKey, t.filter]),
    };
  }

  private insert(t: LengthTable, key: number, h: number): void {
    let slot = Math.imul(h, MIX) >>> t.shift;
    const mask = t.slotHash.length - 1;
    while (t.slotKey[slot] !== 0) {
      if (t.slotHash[slot] === h) {
        this.keyNext[key] = t.slotKey[slot]! - 1;
        t.slotKey[slot] = key + 1;
        return;
      }
      slot = (slot + 1) & mask;
    }
    t.slotHash[slot] = h;
    t.slotKey[slot] = key + 1;
  }

  /** Calls `onHit(key, position)` for every occurrence of every key in `text`, in position order per key length. */
  scan(text: string, onHit: (key: number, pos: number) => void): void {
    for (const t of this.tables) this.scanLength(t, text, onHit);
  }

  private scanLength(t: LengthTable, text: string, onHit: (key: number, pos: number) => void): void {
    const L = t.length;
    const n = text.length;
    if (n < L) return;
    const { slotHash, slotKey, shift, outWeight, filter } = t;
    const mask = slotHash.length - 1;
    const keys = this.keys;
    const keyNext = this.keyNext;
    let h = 0;
    for (let i = 0; i < L; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
    for (let end = L; ; end++) {
      const mixed = Math.imul(h, MIX);
      const f = mixed >>> (32 - FILTER_BITS);
      if ((filter[f >>> 5]! & (1 << (f & 31))) === 0) {
        if (end === n) break;
        h = (Math.imul(h, BASE) + text.charCodeAt(end) - Math.imul(text.charCodeAt(end - L), outWeight)) | 0;
        continue;
      }
      let slot = mixed >>> shift;
      let head = slotKey[slot]!;
      while (head !== 0) {
        if (slotHash[slot] === h) {
          const start = end - L;
          for (let k = head - 1; k >= 0; k = keyNext[k]!) if (text.startsWith(keys[k]!, start)) onHit(k, start);
          break;
        }
        slot = (slot + 1) & mask;
        head = slotKey[slot]!;
      }
      if (end === n) break;
      h = (Math.imul(h, BASE) + text.charCodeAt(end) - Math.imul(text.charCodeAt(end - L), outWeight)) | 0;
    }
  }
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
