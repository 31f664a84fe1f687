/**
 * The fixed facts the Python-regex translator works from: flag bits, Python's
 * case-folding groups and `\s` ranges, how JavaScript and RE2 read an escaped
 * code point, and small character predicates.
 */
/** Flag bits of the Python flags in effect at a point of the pattern. */
export const F_I = 1;
export const F_M = 2;
export const F_S = 4;
export const F_X = 8;
export const F_A = 16;
export const F_U = 32;

/** What the output ends with, for quantifiers: nothing yet, an anchor, an atom, an atom needing `(?:...)`, a quantified atom. */
export const NONE = 0;
export const ANCHOR = 1;
export const ATOM = 2;
export const WRAP = 3;
export const QUANTIFIED = 4;

export const K_CAPTURE = 1;
export const K_GROUP = 2;
export const K_LOOKAHEAD = 3;
export const K_LOOKBEHIND = 4;

/** Python's MAXREPEAT: repeat counts must be below it. */
export const MAXREPEAT = 4294967295;

/**
 * The characters Python's IGNORECASE folds together differently from
 * JavaScript's non-unicode `i` flag, as the full groups Python matches
 * (computed from CPython 3.11's `_sre.unicode_tolower` and `re._casefix`,
 * compared with V8 over the whole BMP; characters newer than Python's
 * Unicode 14 are left out). With the `i` flag, a class of a whole group
 * matches exactly the group.
 */
export const CASE_GROUPS: readonly (readonly number[])[] = (() => {
  const groups: number[][] = [
    [0x69, 0x49, 0x130, 0x131], // i I İ ı
    [0x6b, 0x4b, 0x212a], // k K, Kelvin sign
    [0x73, 0x53, 0x17f], // s S ſ
    [0xe5, 0xc5, 0x212b], // å Å, Angstrom sign
    [0xdf, 0x1e9e], // ß ẞ
    [0x390, 0x1fd3], // ΐ
    [0x3b0, 0x1fe3], // ΰ
    [0x3b8, 0x398, 0x3d1, 0x3f4], // θ Θ ϑ ϴ
    [0x3c9, 0x3a9, 0x2126], // ω Ω, Ohm sign
    [0x1fb3, 0x1fbc],
    [0x1fc3, 0x1fcc],
    [0x1ff3, 0x1ffc],
    [0xfb05, 0xfb06], // ﬅ ﬆ
  ];
  for (let k = 0; k < 8; k++) groups.push([0x1f80 + k, 0x1f88 + k], [0x1f90 + k, 0x1f98 + k], [0x1fa0 + k, 0x1fa8 + k]);
  return groups;
})();
export const CASE_GROUP_OF = new Map<number, readonly number[]>();
for (const g of CASE_GROUPS) for (const c of g) CASE_GROUP_OF.set(c, g);

/** Python's `\s` for str patterns, and with the ASCII flag. */
export const SPACE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x1c, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
export const ASCII_SPACE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];

/** Budget of non-ASCII code units examined for case variants in one expanded class. */
export const CASE_EXPANSION_BUDGET = 2048;

export const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;
export const LETTER = /^\p{L}$/u;

export class Fail {
  constructor(
    readonly message: string,
    readonly index?: number,
  ) {}
}

/** Thrown when the `i` flag cannot be used and the pattern must be translated again with case expansion. */
export class Restart {}

export function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/** Escapes for ASCII characters outside and inside a class. */
export const ESC_OUT: string[] = [];
export const ESC_IN: string[] = [];
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  let plain: string;
  if (c === 9) plain = "\\t";
  else if (c === 10) plain = "\\n";
  else if (c === 11) plain = "\\v";
  else if (c === 12) plain = "\\f";
  else if (c === 13) plain = "\\r";
  else if (c < 0x20 || c === 0x7f) plain = "\\x" + hex(c, 2);
  else plain = ch;
  ESC_OUT.push("^$\\.*+?()[]{}|".includes(ch) ? "\\" + ch : plain);
  ESC_IN.push("\\]^-[".includes(ch) ? "\\" + ch : plain);
}

/** A code point as JavaScript (non-unicode) and RE2 both read it literally. */
export function esc(cp: number, inClass: boolean): string {
  if (cp < 0x80) return (inClass ? ESC_IN : ESC_OUT)[cp]!;
  if (cp <= 0xa0) return "\\x" + hex(cp, 2);
  return String.fromCodePoint(cp);
}

export function rangesText(ranges: readonly (readonly [number, number])[]): string {
  let s = "";
  for (const [lo, hi] of ranges) s += lo === hi ? esc(lo, true) : esc(lo, true) + "-" + esc(hi, true);
  return s;
}

export function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

export const SPACE = rangesText(SPACE_RANGES);
export const NOT_SPACE = rangesText(complement(SPACE_RANGES));
export const ASCII_SPACE = rangesText(ASCII_SPACE_RANGES);
export const NOT_ASCII_SPACE = rangesText(complement(ASCII_SPACE_RANGES));

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
export function isOctal(c: number): boolean {
  return c >= 48 && c <= 55;
}
export function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
export function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
export function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

/** JavaScript's non-unicode case canonicalization (ECMA-262 Canonicalize with rer.[[IgnoreCase]] and no u flag). */
export function canonicalize(cp: number): number {
  const u = String.fromCharCode(cp).toUpperCase();
  if (u.length !== 1) return cp;
  const v = u.charCodeAt(0);
  return cp >= 0x80 && v < 0x80 ? cp : v;
}

let canonClasses: Map<number, number[]> | null = null;

/**
 * The characters Python's IGNORECASE matches for `cp` (a BMP character): its
 * group from CASE_GROUPS, else the characters JavaScript's `i` flag folds with
 * it, which are the same. Built lazily: only a case-insensitive pattern that
 * cannot use the `i` flag needs it.
 */
export function caseClass(cp: number): readonly number[] {
  const g = CASE_GROUP_OF.get(cp);
  if (g) return g;
  if (cp < 0x80) return isAsciiLetter(cp) ? [cp, cp ^ 0x20] : [cp];
  if (!canonClasses) {
    canonClasses = new Map();
    for (let x = 0; x <= 0xffff; x++) {
      if (isSurrogate(x)) continue;
      const k = canonicalize(x);
      if (k === x) continue;
      const list = canonClasses.get(k);
      if (list) list.push(x);
      else canonClasses.set(k, [k, x]);
    }
  }
  return canonClasses.get(canonicalize(cp)) ?? [cp];
}

/** A class member: a code point range, or a category already in JavaScript class syntax. */
export type ClassItem = { lo: number; hi: number; text?: undefined } | { lo: -1; hi: -1; text: string };

export interface Frame {
  /** Index of the `(` in the pattern. */
  start: number;
  kind: number;
  group: number;
  /** Flags to restore when the group closes. */
  outerFlags: number;
  /** Where the group starts in the output. */
  outStart: number;
  /** Python's `lookbehindgroups` before the group opened. */
  savedLookbehind: number;
  /** The enclosing sequence's widths, restored when the group closes. */
  seqLo: number;
  seqHi: number;
  altLo: number;
  altHi: number;
}
