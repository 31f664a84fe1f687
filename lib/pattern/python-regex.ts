/**
 * Translates a Python `re` pattern (the dialect of every record's
 * `messagePattern`) into a JavaScript RegExp source and flags that mean the
 * same thing, or says exactly why that is not possible.
 *
 * The output is meant for `new RegExp(source, flags)` in non-unicode mode (no
 * `u`/`v`; callers add only `g`/`y`/`d`), and it is also handed to re2js as is,
 * so it avoids `\u` escapes (RE2 rejects them): characters from U+0100 up are
 * written raw, control characters as `\xHH`.
 *
 * One single-pass scanner over the pattern, written after CPython 3.11's
 * `re._parser`: it accepts what Python accepts, rejects what Python rejects
 * (with Python's wording where there is one), and rejects what JavaScript
 * cannot express. Decisions, construct by construct:
 *
 * - `.` becomes `[^\n]`: Python's `.` excludes only `\n`, JavaScript's also
 *   `\r`, U+2028 and U+2029 (a CRLF log line ends in `\r`). Under a global
 *   `(?s)` the `.` stays and the `s` flag is set; under a scoped `(?s:...)` it
 *   becomes `[\s\S]`.
 * - `^`, `$`, `\A`, `\Z`: the JavaScript `m` flag is never used, because its
 *   `^`/`$` also break lines at `\r`, U+2028 and U+2029 where Python's break
 *   only at `\n`. So `^` and `\A` are `^` (start of input); `\Z` is `$` (very
 *   end, which is what JavaScript's `$` means without `m`); Python's `$`
 *   (end, or before a final `\n`) is `(?=\n?$)`. Under `(?m)`: `^` is
 *   `(?<![^\n])` and `$` is `(?![^\n])`; `\A` and `\Z` keep their meaning.
 * - `\s`/`\S` are spelled out as Python's exact whitespace set (Unicode:
 *   `\t-\r`, `\x1c-\x20`, `\x85`, `\xa0`, U+1680, U+2000-U+200A, U+2028,
 *   U+2029, U+202F, U+205F, U+3000; with `(?a)`: `\t-\r` and space).
 *   JavaScript's `\s` differs (it lacks `\x1c-\x1f` and `\x85`, and matches
 *   U+FEFF, the byte-order mark that starts many log files).
 * - `\B` is `\B(?!^$)`: Python's `\B` never matches in an empty string.
 * - `\d`, `\w`, `\b`, `\B` (and `\D`, `\W`) are kept as JavaScript's ASCII
 *   versions. DELIBERATE DIVERGENCE: Python 3 str patterns make them
 *   Unicode-aware (`\d` matches `٣`, `\w` matches `é`, so `\bcaf\b` does not
 *   match in "café"), JavaScript without `u` does not, and an exact
 *   translation would need thousands of ranges. They agree on ASCII text,
 *   which is what logs almost always are, and agree exactly under `(?a)`.
 * - `(?i)` sets the `i` flag. Python also folds `i`/`I` with `İ`/`ı`, `k`/`K`
 *   with the Kelvin sign, `s`/`S` with `ſ`, `ß` with `ẞ` and a few Greek
 *   letters, which JavaScript does not (CASE_GROUPS, checked over the whole
 *   BMP), so those letters become small classes (`(?i)s` is `[sſ]`).
 *   Remaining divergence: letters outside the BMP, characters newer than
 *   Python 3.11's Unicode 14, and case-insensitive backreferences to the
 *   letters of CASE_GROUPS.
 * - Scoped flags `(?i:...)`, `(?-s:...)`, `(?x:...)`, `(?a:...)`: Node 20 has
 *   no regexp modifiers (`new RegExp("(?i:a)")` throws "Invalid group"), so
 *   they are emulated: `s`, `m`, `x`, `a` by translating `.`, anchors, spaces
 *   and `\s` differently inside the group, `i` by expanding case variants
 *   (`(?i:ab)` is `(?:[aA][bB])`). When a case-sensitive part meets a global
 *   `(?i)` (e.g. `(?i)a(?-i:b)`), or `(?ai)` asks for ASCII-only folding, the
 *   `i` flag is dropped and every case-insensitive letter is expanded; a
 *   backreference inside such an expanded part cannot be translated and is
 *   rejected.
 * - Characters outside the BMP: JavaScript without `u` sees them as two
 *   UTF-16 units. As literals they are kept together (wrapped in `(?:...)`
 *   when quantified); inside a class they are rejected. DELIBERATE
 *   DIVERGENCE: a single `.`, negated class, `\S` or `\W` can match half of
 *   such a character where Python matches the whole code point (runs like
 *   `.+` are unaffected). Lone surrogates in the pattern are rejected.
 * - Backreferences and repeated groups: DELIBERATE DIVERGENCE (JavaScript
 *   has no way to express Python's rules). A backreference to a group that
 *   did not take part matches the empty string in JavaScript and fails in
 *   Python; a quantified group forgets its inner captures on each repetition
 *   in JavaScript, not in Python; and a repetition that matches the empty
 *   string beyond the minimum is refused by JavaScript but taken (once) by
 *   Python, so captures such as `(a*)?` on "b" differ (Python: "", JavaScript:
 *   unset) and so can matches of `(?:x*?)+`-like loops. None of these occur
 *   in the mined `(.+?)` shape.
 * - Lookbehind: JavaScript accepts any width; Python's rule that a
 *   lookbehind has a fixed width is checked here (getwidth() in code points),
 *   so what Python rejects is rejected.
 * - Rejected because JavaScript has no equivalent: possessive quantifiers
 *   (`*+`, `++`, `?+`, `{m,n}+`), atomic groups `(?>...)`, conditionals
 *   `(?(1)yes|no)`, `\N{NAME}` (no Unicode name table here), the `t` flag.
 *   Rejected because Python rejects them: `(?L)` with a str pattern, global
 *   flags not at the start (an error since Python 3.11), bad escapes such as
 *   `\q`, and every other syntax error, with the index where it happens.
 */

export type Translation =
  { ok: true; source: string; flags: string; groupNames: string[]; groupCount: number } | { ok: false; error: string; index?: number };

/** Translates a Python `re` pattern into an equivalent JavaScript RegExp source + flags, or says precisely why it cannot be translated faithfully. */
export function translatePythonRegex(pattern: string): Translation {
  try {
    let result: Translation;
    try {
      result = new Translator(pattern, false).run();
    } catch (e) {
      if (!(e instanceof Restart)) throw e;
      result = new Translator(pattern, true).run();
    }
    if (!result.ok) return result;
    try {
      new RegExp(result.source, result.flags);
    } catch (e) {
      return { ok: false, error: "does not compile in JavaScript: " + (e instanceof Error ? e.message : String(e)) };
    }
    return result;
  } catch (e) {
    if (e instanceof Fail) return e.index === undefined ? { ok: false, error: e.message } : { ok: false, error: e.message, index: e.index };
    return { ok: false, error: "internal error while translating: " + (e instanceof Error ? e.message : String(e)) };
  }
}

// ---------------------------------------------------------------------------

/** Flag bits of the Python flags in effect at a point of the pattern. */
const F_I = 1;
const F_M = 2;
const F_S = 4;
const F_X = 8;
const F_A = 16;
const F_U = 32;

/** What the output ends with, for quantifiers: nothing yet, an anchor, an atom, an atom needing `(?:...)`, a quantified atom. */
const NONE = 0;
const ANCHOR = 1;
const ATOM = 2;
const WRAP = 3;
const QUANTIFIED = 4;

const K_CAPTURE = 1;
const K_GROUP = 2;
const K_LOOKAHEAD = 3;
const K_LOOKBEHIND = 4;

/** Python's MAXREPEAT: repeat counts must be below it. */
const MAXREPEAT = 4294967295;

/**
 * The characters Python's IGNORECASE folds together differently from
 * JavaScript's non-unicode `i` flag, as the full groups Python matches
 * (computed from CPython 3.11's `_sre.unicode_tolower` and `re._casefix`,
 * compared with V8 over the whole BMP; characters newer than Python's
 * Unicode 14 are left out). With the `i` flag, a class of a whole group
 * matches exactly the group.
 */
const CASE_GROUPS: readonly (readonly number[])[] = (() => {
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
const CASE_GROUP_OF = new Map<number, readonly number[]>();
for (const g of CASE_GROUPS) for (const c of g) CASE_GROUP_OF.set(c, g);

/** Python's `\s` for str patterns, and with the ASCII flag. */
const SPACE_RANGES: readonly (readonly [number, number])[] = [
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
const ASCII_SPACE_RANGES: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];

/** Budget of non-ASCII code units examined for case variants in one expanded class. */
const CASE_EXPANSION_BUDGET = 2048;

const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;
const LETTER = /^\p{L}$/u;

class Fail {
  constructor(
    readonly message: string,
    readonly index?: number,
  ) {}
}

/** Thrown when the `i` flag cannot be used and the pattern must be translated again with case expansion. */
class Restart {}

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/** Escapes for ASCII characters outside and inside a class. */
const ESC_OUT: string[] = [];
const ESC_IN: string[] = [];
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
function esc(cp: number, inClass: boolean): string {
  if (cp < 0x80) return (inClass ? ESC_IN : ESC_OUT)[cp]!;
  if (cp <= 0xa0) return "\\x" + hex(cp, 2);
  return String.fromCodePoint(cp);
}

function rangesText(ranges: readonly (readonly [number, number])[]): string {
  let s = "";
  for (const [lo, hi] of ranges) s += lo === hi ? esc(lo, true) : esc(lo, true) + "-" + esc(hi, true);
  return s;
}

function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

const SPACE = rangesText(SPACE_RANGES);
const NOT_SPACE = rangesText(complement(SPACE_RANGES));
const ASCII_SPACE = rangesText(ASCII_SPACE_RANGES);
const NOT_ASCII_SPACE = rangesText(complement(ASCII_SPACE_RANGES));

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isOctal(c: number): boolean {
  return c >= 48 && c <= 55;
}
function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}
function isSurrogate(cp: number): boolean {
  return cp >= 0xd800 && cp <= 0xdfff;
}

/** JavaScript's non-unicode case canonicalization (ECMA-262 Canonicalize with rer.[[IgnoreCase]] and no u flag). */
function canonicalize(cp: number): number {
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
function caseClass(cp: number): readonly number[] {
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
type ClassItem = { lo: number; hi: number; text?: undefined } | { lo: -1; hi: -1; text: string };

interface Frame {
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

class Translator {
  private readonly p: string;
  private readonly n: number;
  private readonly noJsIgnoreCase: boolean;
  private i = 0;
  private out = "";
  /** Python flags in effect at the current position. */
  private flags = 0;
  private globalFlags = 0;
  /** True until the first item: global flags `(?i)` may still appear. */
  private globalOpen = true;
  /** JavaScript flags, fixed at the first item. */
  private jsI = false;
  private jsS = false;
  private atomStart = -1;
  private atomKind = NONE;
  /**
   * Widths in code points, as Python's getwidth() computes them, to reject
   * variable-width lookbehinds as Python does: the current sequence (and
   * before its last atom), the alternatives already closed in the group.
   */
  private seqLo = 0;
  private seqHi = 0;
  private preLo = 0;
  private preHi = 0;
  private lastLo = 0;
  private lastHi = 0;
  private altLo = Infinity;
  private altHi = -1;
  private readonly groupWidths: [number, number][] = [[0, 0]];
  /** The output ends with a numeric backreference: a following digit needs `(?:)` between. */
  private digitGuard = false;
  private readonly stack: Frame[] = [];
  private groupCount = 0;
  private readonly closed: boolean[] = [false];
  private readonly groupNames: string[] = [];
  private readonly nameToGroup = new Map<string, number>();
  /** Python's `state.lookbehindgroups`: -1 outside lookbehinds, else the group count where the outermost lookbehind began. */
  private lookbehind = -1;

  constructor(pattern: string, noJsIgnoreCase: boolean) {
    this.p = pattern;
    this.n = pattern.length;
    this.noJsIgnoreCase = noJsIgnoreCase;
  }

  run(): Translation {
    const p = this.p;
    while (this.i < this.n) {
      const c = p.charCodeAt(this.i);
      if (this.flags & F_X) {
        if (c === 32 || (c >= 9 && c <= 13)) {
          this.i++;
          continue;
        }
        if (c === 35) {
          this.skipVerboseComment();
          continue;
        }
      }
      switch (c) {
        case 92: // \
          this.escape();
          break;
        case 91: // [
          this.charClass();
          break;
        case 40: // (
          this.openGroup();
          break;
        case 41: // )
          this.closeGroup();
          break;
        case 124: // |
          this.commit();
          this.append("|");
          this.atomKind = NONE;
          this.altLo = Math.min(this.altLo, this.seqLo);
          this.altHi = Math.max(this.altHi, this.seqHi);
          this.seqLo = this.seqHi = 0;
          this.i++;
          break;
        case 42: // *
        case 43: // +
        case 63: // ?
          this.quantify(this.i, this.i + 1, String.fromCharCode(c), c === 43 ? 1 : 0, c === 63 ? 1 : Infinity);
          break;
        case 123: // {
          this.brace();
          break;
        case 46: // .
          this.commit();
          this.atom(this.flags & F_S ? (this.jsS ? "." : "[\\s\\S]") : "[^\\n]", ATOM);
          this.i++;
          break;
        case 94: // ^
          this.commit();
          this.atom(this.flags & F_M ? "(?<![^\\n])" : "^", ANCHOR);
          this.i++;
          break;
        case 36: // $
          this.commit();
          this.atom(this.flags & F_M ? "(?![^\\n])" : "(?=\\n?$)", ANCHOR);
          this.i++;
          break;
        default: {
          const at = this.i;
          const cp = this.codePointAt(at);
          this.i += cp > 0xffff ? 2 : 1;
          this.literal(cp, at);
        }
      }
    }
    const open = this.stack[this.stack.length - 1];
    if (open) throw new Fail(`missing ), unterminated subpattern at index ${open.start}`, open.start);
    this.commit();
    return {
      ok: true,
      source: this.out,
      flags: (this.jsI ? "i" : "") + (this.jsS ? "s" : ""),
      groupNames: this.groupNames,
      groupCount: this.groupCount,
    };
  }

  // -- output ---------------------------------------------------------------

  /** The first item fixes the global flags and with them the JavaScript flags. */
  private commit(): void {
    if (!this.globalOpen) return;
    this.globalOpen = false;
    const g = this.globalFlags;
    this.jsI = !this.noJsIgnoreCase && (g & F_I) !== 0 && (g & F_A) === 0;
    this.jsS = (g & F_S) !== 0;
  }

  private append(text: string): void {
    this.out += text;
    this.digitGuard = false;
  }

  /** Appends an atom matching `lo`..`hi` code points (an anchor: none, a character: one). */
  private atom(text: string, kind: number, lo = kind === ANCHOR ? 0 : 1, hi = lo): void {
    if (this.digitGuard && isDigit(text.charCodeAt(0))) this.out += "(?:)";
    this.digitGuard = false;
    this.atomStart = this.out.length;
    this.atomKind = kind;
    this.out += text;
    this.addWidth(lo, hi);
  }

  private addWidth(lo: number, hi: number): void {
    this.preLo = this.seqLo;
    this.preHi = this.seqHi;
    this.lastLo = lo;
    this.lastHi = hi;
    this.seqLo += lo;
    this.seqHi += hi;
  }

  /** Code point at `at`; lone surrogates are rejected. */
  private codePointAt(at: number): number {
    const cp = this.p.codePointAt(at)!;
    if (isSurrogate(cp)) throw this.surrogate(cp, at);
    return cp;
  }

  private surrogate(cp: number, at: number): Fail {
    return new Fail(
      `lone surrogate U+${hex(cp, 4).toUpperCase()} at index ${at} is not supported (Python matches it only as a lone code point, JavaScript would match half of a character)`,
      at,
    );
  }

  private literal(cp: number, at: number): void {
    this.commit();
    if (isSurrogate(cp)) throw this.surrogate(cp, at);
    this.atom(this.literalText(cp), cp > 0xffff ? WRAP : ATOM);
  }

  /** A literal character, with its case variants when case-insensitivity is emulated or Python folds more than JavaScript. */
  private literalText(cp: number): string {
    const f = this.flags;
    if (!(f & F_I) || cp > 0xffff) return esc(cp, false);
    if (f & F_A) {
      // ASCII-only folding, never with the JavaScript i flag (see flagGroup and commit).
      return isAsciiLetter(cp) ? "[" + esc(cp, true) + esc(cp ^ 0x20, true) + "]" : esc(cp, false);
    }
    let members: readonly number[];
    if (this.jsI) {
      const g = CASE_GROUP_OF.get(cp);
      if (!g) return esc(cp, false);
      // The i flag folds ASCII letters itself: keep one case of them.
      members = g.filter((m) => m >= 0x80 || m === cp || (cp >= 0x80 && m >= 0x61));
    } else {
      members = caseClass(cp);
    }
    if (members.length < 2) return esc(cp, false);
    let text = "[" + esc(cp, true);
    for (const m of members) if (m !== cp) text += esc(m, true);
    return text + "]";
  }

  // -- quantifiers ----------------------------------------------------------

  /** Applies the quantifier written at `qStart..qEnd` (JavaScript text `text`) to the last atom. */
  private quantify(qStart: number, qEnd: number, text: string, min: number, max: number): void {
    if (this.atomKind === NONE || this.atomKind === ANCHOR) throw new Fail(`nothing to repeat at index ${qStart}`, qStart);
    if (this.atomKind === QUANTIFIED) throw new Fail(`multiple repeat at index ${qStart}`, qStart);
    let i = qEnd;
    let lazy = false;
    const c = this.p.charCodeAt(i);
    if (c === 63) {
      lazy = true;
      i++;
    } else if (c === 43) {
      throw new Fail(`possessive quantifier "${this.p.slice(qStart, i + 1)}" at index ${qStart} is not supported in JavaScript`, qStart);
    }
    if (this.atomKind === WRAP) this.out = this.out.slice(0, this.atomStart) + "(?:" + this.out.slice(this.atomStart) + ")";
    this.out += text + (lazy ? "?" : "");
    this.digitGuard = false;
    this.atomKind = QUANTIFIED;
    this.seqLo = this.preLo + this.lastLo * min;
    this.seqHi = this.preHi + (this.lastHi === 0 || max === 0 ? 0 : this.lastHi * max);
    this.i = i;
  }

  /** `{`: a quantifier `{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}`, or else a literal `{` (Python's rule). */
  private brace(): void {
    const p = this.p;
    const start = this.i;
    let j = start + 1;
    const loStart = j;
    while (isDigit(p.charCodeAt(j))) j++;
    const loText = p.slice(loStart, j);
    let hiText = loText;
    let comma = false;
    if (p.charCodeAt(j) === 44) {
      comma = true;
      const hiStart = ++j;
      while (isDigit(p.charCodeAt(j))) j++;
      hiText = p.slice(hiStart, j);
    }
    if (p.charCodeAt(j) !== 125 || (!comma && loText === "")) {
      this.i = start + 1;
      this.literal(123, start);
      return;
    }
    const min = loText === "" ? 0 : Number(loText);
    const max = hiText === "" ? Infinity : Number(hiText);
    if (min >= MAXREPEAT || (max !== Infinity && max >= MAXREPEAT))
      throw new Fail(`the repetition number is too large at index ${start}`, start);
    if (max < min) throw new Fail(`min repeat greater than max repeat at index ${start}`, start);
    const text = !comma ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
    this.quantify(start, j + 1, text, min, max);
  }

  // -- escapes --------------------------------------------------------------

  private escape(): void {
    const p = this.p;
    const start = this.i;
    if (start + 1 >= this.n) throw new Fail(`bad escape (end of pattern) at index ${start}`, start);
    const d = p.charCodeAt(start + 1);
    this.i = start + 2;
    switch (d) {
      case 65: // \A
        this.commit();
        return this.atom("^", ANCHOR);
      case 90: // \Z
        this.commit();
        return this.atom("$", ANCHOR);
      case 98: // \b
        this.commit();
        return this.atom("\\b", ANCHOR);
      case 66: // \B, which in Python (before 3.14) never matches in an empty string
        this.commit();
        return this.atom("\\B(?!^$)", ANCHOR);
      case 100: // \d \D \w \W
      case 68:
      case 119:
      case 87:
        this.commit();
        return this.atom("\\" + String.fromCharCode(d), ATOM);
      case 115: // \s
        this.commit();
        return this.atom("[" + (this.flags & F_A ? ASCII_SPACE : SPACE) + "]", ATOM);
      case 83: // \S
        this.commit();
        return this.atom("[^" + (this.flags & F_A ? ASCII_SPACE : SPACE) + "]", ATOM);
      case 49:
      case 50:
      case 51:
      case 52:
      case 53:
      case 54:
      case 55:
      case 56:
      case 57:
        return this.numericEscape(start, d);
      default: {
        const cp = this.simpleEscape(start, d);
        this.literal(cp, start);
      }
    }
  }

  /**
   * Escapes meaning one character, shared by patterns and classes; `this.i` is
   * just after the escaped character and moves past any digits read.
   */
  private simpleEscape(start: number, d: number): number {
    const p = this.p;
    switch (d) {
      case 97: // \a
        return 7;
      case 102: // \f
        return 12;
      case 110: // \n
        return 10;
      case 114: // \r
        return 13;
      case 116: // \t
        return 9;
      case 118: // \v
        return 11;
      case 92: // \\
        return 92;
      case 120: // \x
        return this.hexEscape(start, 2);
      case 117: // \u
        return this.hexEscape(start, 4);
      case 85: // \U
        return this.hexEscape(start, 8);
      case 78: // \N{...}
        return this.namedEscape(start);
    }
    if (isOctal(d)) {
      // \0 (and, in a class, \1-\7) with up to two more octal digits
      let j = this.i;
      const stop = Math.min(j + 2, this.n);
      while (j < stop && isOctal(p.charCodeAt(j))) j++;
      const digits = p.slice(start + 1, j);
      const value = parseInt(digits, 8);
      if (value > 0o377) throw new Fail(`octal escape value \\${digits} outside of range 0-0o377 at index ${start}`, start);
      this.i = j;
      return value;
    }
    if (isDigit(d) || isAsciiLetter(d)) {
      throw new Fail(`bad escape \\${String.fromCharCode(d)} at index ${start}`, start);
    }
    // Any other escaped character is itself.
    const cp = this.codePointAt(start + 1);
    this.i = start + 1 + (cp > 0xffff ? 2 : 1);
    return cp;
  }

  private hexEscape(start: number, digits: number): number {
    const p = this.p;
    let j = this.i;
    let value = 0;
    while (j < this.i + digits && j < this.n) {
      const h = hexValue(p.charCodeAt(j));
      if (h < 0) break;
      value = value * 16 + h;
      j++;
    }
    const text = p.slice(start, j);
    if (j - this.i !== digits) throw new Fail(`incomplete escape ${text} at index ${start}`, start);
    if (value > 0x10ffff) throw new Fail(`bad escape ${text} at index ${start}`, start);
    if (isSurrogate(value)) throw this.surrogate(value, start);
    this.i = j;
    return value;
  }

  private namedEscape(start: number): never {
    const p = this.p;
    if (p.charCodeAt(this.i) !== 123) throw new Fail(`missing { at index ${this.i}`, this.i);
    const close = p.indexOf("}", this.i + 1);
    if (close === this.i + 1) throw new Fail(`missing character name at index ${this.i + 1}`, this.i + 1);
    if (close < 0) throw new Fail(`missing }, unterminated name at index ${this.i + 1}`, this.i + 1);
    throw new Fail(
      `named Unicode escape ${p.slice(start, close + 1)} at index ${start} is not supported (no Unicode name table here): write the character itself or a \\x/\\u escape`,
      start,
    );
  }

  /** `\1`-`\99` backreference, or a three-digit octal escape (Python's rule). */
  private numericEscape(start: number, d: number): void {
    const p = this.p;
    let num = d - 48;
    const d2 = p.charCodeAt(this.i);
    if (isDigit(d2)) {
      const d3 = p.charCodeAt(this.i + 1);
      if (isOctal(d) && isOctal(d2) && isOctal(d3)) {
        const digits = p.slice(start + 1, this.i + 2);
        const value = parseInt(digits, 8);
        if (value > 0o377) throw new Fail(`octal escape value \\${digits} outside of range 0-0o377 at index ${start}`, start);
        this.i += 2;
        return this.literal(value, start);
      }
      num = num * 10 + (d2 - 48);
      this.i++;
    }
    if (num > this.groupCount) throw new Fail(`invalid group reference ${num} at index ${start}`, start);
    this.checkBackreference(num, `\\${num}`, start);
    this.commit();
    const [lo, hi] = this.groupWidths[num]!;
    this.atom("\\" + num, ATOM, lo, hi);
    this.digitGuard = true;
  }

  private checkBackreference(group: number, text: string, start: number): void {
    if (!this.closed[group]) throw new Fail(`cannot refer to an open group: ${text} at index ${start}`, start);
    if (this.lookbehind >= 0 && group >= this.lookbehind) {
      throw new Fail(`cannot refer to group defined in the same lookbehind subpattern: ${text} at index ${start}`, start);
    }
    if (this.flags & F_I && !this.jsIAt()) {
      throw new Fail(
        `case-insensitive backreference ${text} at index ${start} cannot be translated: the JavaScript i flag cannot be used here (the pattern mixes case-sensitive and case-insensitive parts, or asks for ASCII-only case folding)`,
        start,
      );
    }
  }

  /** Whether the JavaScript `i` flag will be set (fixes the global flags if not yet done). */
  private jsIAt(): boolean {
    this.commit();
    return this.jsI;
  }

  private skipVerboseComment(): void {
    const p = this.p;
    let j = this.i + 1;
    while (j < this.n) {
      const c = p.charCodeAt(j);
      if (c === 10) {
        j++;
        break;
      }
      if (c === 92) {
        if (j + 1 >= this.n) throw new Fail(`bad escape (end of pattern) at index ${j}`, j);
        j += 2;
      } else j++;
    }
    this.i = j;
  }

  // -- character classes ----------------------------------------------------

  private charClass(): void {
    const p = this.p;
    const start = this.i;
    this.commit();
    this.i++;
    let negate = false;
    if (p.charCodeAt(this.i) === 94) {
      negate = true;
      this.i++;
    }
    const items: ClassItem[] = [];
    for (;;) {
      if (this.i >= this.n) throw new Fail(`unterminated character set at index ${start}`, start);
      if (p.charCodeAt(this.i) === 93 && items.length > 0) {
        this.i++;
        break;
      }
      const tokStart = this.i;
      const first = this.classToken();
      if (p.charCodeAt(this.i) === 45) {
        this.i++;
        if (this.i >= this.n) throw new Fail(`unterminated character set at index ${start}`, start);
        if (p.charCodeAt(this.i) === 93) {
          this.i++;
          items.push(first, { lo: 45, hi: 45 });
          break;
        }
        const second = this.classToken();
        const rangeText = p.slice(tokStart, this.i);
        if (first.text !== undefined || second.text !== undefined || second.lo < first.lo) {
          throw new Fail(`bad character range ${rangeText} at index ${tokStart}`, tokStart);
        }
        items.push({ lo: first.lo, hi: second.hi });
      } else {
        items.push(first);
      }
    }
    for (const it of items) {
      if (it.hi > 0xffff) {
        throw new Fail(
          `character class at index ${start} contains U+${hex(it.hi, 4).toUpperCase()}, outside the Basic Multilingual Plane, which JavaScript cannot match inside a class without the u flag`,
          start,
        );
      }
    }
    if (this.flags & F_I) this.addCaseVariants(items, start);
    let text = negate ? "[^" : "[";
    for (const it of items) {
      if (it.text !== undefined) text += it.text;
      else if (it.lo === it.hi) text += esc(it.lo, true);
      else text += esc(it.lo, true) + "-" + esc(it.hi, true);
    }
    this.atom(text + "]", ATOM);
  }

  /** One class member: a character, or a category escape. */
  private classToken(): ClassItem {
    const p = this.p;
    const start = this.i;
    const c = p.charCodeAt(start);
    if (c !== 92) {
      const cp = this.codePointAt(start);
      this.i += cp > 0xffff ? 2 : 1;
      return { lo: cp, hi: cp };
    }
    if (start + 1 >= this.n) throw new Fail(`bad escape (end of pattern) at index ${start}`, start);
    const d = p.charCodeAt(start + 1);
    this.i = start + 2;
    switch (d) {
      case 100:
      case 68:
      case 119:
      case 87:
        return { lo: -1, hi: -1, text: "\\" + String.fromCharCode(d) };
      case 115:
        return { lo: -1, hi: -1, text: this.flags & F_A ? ASCII_SPACE : SPACE };
      case 83:
        return { lo: -1, hi: -1, text: this.flags & F_A ? NOT_ASCII_SPACE : NOT_SPACE };
      case 98: // \b is backspace in a class
        return { lo: 8, hi: 8 };
    }
    const cp = this.simpleEscape(start, d);
    return { lo: cp, hi: cp };
  }

  /** Adds what Python's IGNORECASE matches and the JavaScript class (with or without the i flag) would not. */
  private addCaseVariants(items: ClassItem[], start: number): void {
    const ascii = (this.flags & F_A) !== 0;
    const ranges: [number, number][] = [];
    const singles: number[] = [];
    let budget = CASE_EXPANSION_BUDGET;
    for (const it of items) {
      if (it.text !== undefined) continue;
      const { lo, hi } = it;
      if (!this.jsI) {
        const a = Math.max(lo, 65);
        const b = Math.min(hi, 90);
        if (a <= b) ranges.push([a + 32, b + 32]);
        const c = Math.max(lo, 97);
        const d = Math.min(hi, 122);
        if (c <= d) ranges.push([c - 32, d - 32]);
        if (!ascii && hi >= 0x80) {
          const from = Math.max(lo, 0x80);
          budget -= hi - from + 1;
          if (budget < 0) {
            throw new Fail(
              `case-insensitive character class at index ${start} has a wide non-ASCII range, which cannot be expanded into case variants here (the JavaScript i flag cannot be used in this pattern)`,
              start,
            );
          }
          for (let u = from; u <= hi; u++) if (!isSurrogate(u)) for (const m of caseClass(u)) if (m !== u) singles.push(m);
        }
      }
      if (!ascii) {
        for (const g of CASE_GROUPS) if (g.some((m) => m >= lo && m <= hi)) singles.push(...g);
      }
    }
    const inItems = (u: number) => items.some((it) => it.text === undefined && u >= it.lo && u <= it.hi);
    const covered = (u: number) =>
      inItems(u) || ranges.some(([a, b]) => u >= a && u <= b) || (this.jsI && isAsciiLetter(u) && inItems(u ^ 0x20));
    for (const [a, b] of ranges) items.push({ lo: a, hi: b });
    const seen = new Set<number>();
    for (const u of singles) {
      if (seen.has(u) || covered(u)) continue;
      seen.add(u);
      items.push({ lo: u, hi: u });
    }
  }

  // -- groups ---------------------------------------------------------------

  private openGroup(): void {
    const p = this.p;
    const start = this.i;
    this.i++;
    if (p.charCodeAt(this.i) !== 63) return this.pushGroup(start, K_CAPTURE, "");
    this.i++;
    if (this.i >= this.n) throw new Fail(`unexpected end of pattern at index ${this.i}`, this.i);
    const c = p.charCodeAt(this.i);
    const ch = p[this.i]!;
    this.i++;
    switch (c) {
      case 80: {
        // P
        const k = p.charCodeAt(this.i);
        if (k === 60) {
          // (?P<name>...)
          this.i++;
          const name = this.readName(62);
          if (this.nameToGroup.has(name)) throw new Fail(`duplicate group name ${JSON.stringify(name)} at index ${start}`, start);
          return this.pushGroup(start, K_CAPTURE, name);
        }
        if (k === 61) {
          // (?P=name)
          this.i++;
          const name = this.readName(41);
          const group = this.nameToGroup.get(name);
          if (group === undefined) throw new Fail(`unknown group name ${JSON.stringify(name)} in (?P=${name}) at index ${start}`, start);
          this.checkBackreference(group, `(?P=${name})`, start);
          this.commit();
          const [lo, hi] = this.groupWidths[group]!;
          return this.atom(`\\k<${name}>`, ATOM, lo, hi);
        }
        if (this.i >= this.n) throw new Fail(`unexpected end of pattern at index ${this.i}`, this.i);
        throw new Fail(`unknown extension ?P${String.fromCodePoint(p.codePointAt(this.i)!)} at index ${start}`, start);
      }
      case 58: // :
        return this.pushGroup(start, K_GROUP, "");
      case 35: {
        // (?#comment)
        let j = this.i;
        for (;;) {
          if (j >= this.n) throw new Fail(`missing ), unterminated comment at index ${start}`, start);
          const x = p.charCodeAt(j);
          if (x === 41) break;
          if (x === 92) {
            if (j + 1 >= this.n) throw new Fail(`bad escape (end of pattern) at index ${j}`, j);
            j += 2;
          } else j++;
        }
        this.i = j + 1;
        return;
      }
      case 61: // =
      case 33: // !
        return this.pushGroup(start, K_LOOKAHEAD, ch);
      case 60: {
        // <
        if (this.i >= this.n) throw new Fail(`unexpected end of pattern at index ${this.i}`, this.i);
        const k = p.charCodeAt(this.i);
        if (k === 61 || k === 33) {
          this.i++;
          return this.pushGroup(start, K_LOOKBEHIND, "<" + String.fromCharCode(k));
        }
        throw new Fail(
          `unknown extension ?<${String.fromCodePoint(p.codePointAt(this.i)!)} at index ${start} (a named group is written (?P<name>...) in Python)`,
          start,
        );
      }
      case 40: // (
        throw new Fail(`conditional group "(?(...)yes|no)" at index ${start} is not supported in JavaScript`, start);
      case 62: // >
        throw new Fail(`atomic group "(?>...)" at index ${start} is not supported in JavaScript`, start);
    }
    if ("aiLmstux-".includes(ch)) return this.flagGroup(start, c);
    throw new Fail(`unknown extension ?${String.fromCodePoint(p.codePointAt(this.i - 1)!)} at index ${start}`, start);
  }

  /** Reads a group name up to `term`; `this.i` is at its first character. */
  private readName(term: number): string {
    const p = this.p;
    const begin = this.i;
    let j = begin;
    while (j < this.n && p.charCodeAt(j) !== term) j += p.charCodeAt(j) === 92 ? 2 : 1;
    if (j === begin) throw new Fail(`missing group name at index ${begin}`, begin);
    if (j >= this.n) throw new Fail(`missing ${String.fromCharCode(term)}, unterminated name at index ${begin}`, begin);
    const name = p.slice(begin, j);
    if (!IDENTIFIER.test(name)) throw new Fail(`bad character in group name ${JSON.stringify(name)} at index ${begin}`, begin);
    this.i = j + 1;
    return name;
  }

  /** `(?flags)` or `(?flags-flags:...)`; `this.i` is just past the first flag letter `c`. */
  private flagGroup(start: number, c: number): void {
    const p = this.p;
    let add = 0;
    let del = 0;
    let ch = String.fromCharCode(c);
    const bit = (f: string, at: number): number => {
      switch (f) {
        case "i":
          return F_I;
        case "m":
          return F_M;
        case "s":
          return F_S;
        case "x":
          return F_X;
        case "a":
          return F_A;
        case "u":
          return F_U;
        case "L":
          throw new Fail(`bad inline flags: cannot use 'L' flag with a str pattern at index ${at}`, at);
        case "t":
          throw new Fail(`inline flag "t" (TEMPLATE) at index ${at} is not supported: it is deprecated and forbids repetition`, at);
      }
      return 0;
    };
    const isFlag = (f: string) => f.length === 1 && "aiLmstux".includes(f);
    const next = (): string => {
      if (this.i >= this.n) return "";
      return String.fromCodePoint(p.codePointAt(this.i)!);
    };
    if (ch !== "-") {
      for (;;) {
        const b = bit(ch, this.i - 1);
        add |= b;
        if ((b & (F_A | F_U)) !== 0 && (add & (F_A | F_U)) !== b) {
          throw new Fail(`bad inline flags: flags 'a', 'u' and 'L' are incompatible at index ${this.i - 1}`, this.i - 1);
        }
        ch = next();
        if (ch === "") throw new Fail(`missing -, : or ) at index ${this.i}`, this.i);
        this.i += ch.length;
        if (ch === ")" || ch === "-" || ch === ":") break;
        if (!isFlag(ch))
          throw new Fail(`${LETTER.test(ch) ? "unknown flag" : "missing -, : or )"} at index ${this.i - ch.length}`, this.i - ch.length);
      }
    }
    if (ch === ")") return this.globalFlagGroup(start, add);
    if (ch === "-") {
      ch = next();
      if (ch === "") throw new Fail(`missing flag at index ${this.i}`, this.i);
      if (!isFlag(ch)) throw new Fail(`${LETTER.test(ch) ? "unknown flag" : "missing flag"} at index ${this.i}`, this.i);
      for (;;) {
        this.i += ch.length;
        if (ch === "a" || ch === "u" || ch === "L") {
          throw new Fail(`bad inline flags: cannot turn off flags 'a', 'u' and 'L' at index ${this.i - 1}`, this.i - 1);
        }
        if (ch === "t") throw new Fail(`bad inline flags: cannot turn off global flag at index ${this.i - 1}`, this.i - 1);
        del |= bit(ch, this.i - 1);
        ch = next();
        if (ch === "") throw new Fail(`missing : at index ${this.i}`, this.i);
        if (ch === ":") {
          this.i++;
          break;
        }
        if (!isFlag(ch)) throw new Fail(`${LETTER.test(ch) ? "unknown flag" : "missing :"} at index ${this.i}`, this.i);
      }
    }
    if (add & del) throw new Fail(`bad inline flags: flag turned on and off at index ${this.i - 1}`, this.i - 1);
    // Scoped flags: a, u replace the type flag; the others are turned on or off.
    let inner = this.flags;
    if (add & (F_A | F_U)) inner &= ~(F_A | F_U);
    inner = (inner | add) & ~del;
    this.commit();
    if (this.jsI && (!(inner & F_I) || inner & F_A)) throw new Restart();
    this.pushGroup(start, K_GROUP, "", inner);
  }

  private globalFlagGroup(start: number, add: number): void {
    if (this.stack.length > 0 || !this.globalOpen) {
      throw new Fail(
        `global flags "${this.p.slice(start, this.i)}" at index ${start} are not at the start of the pattern (an error since Python 3.11); use a scoped group such as (?i:...)`,
        start,
      );
    }
    const type = (this.globalFlags | add) & (F_A | F_U);
    if (type === (F_A | F_U)) throw new Fail(`ASCII and UNICODE flags are incompatible at index ${start}`, start);
    this.globalFlags |= add;
    this.flags |= add;
  }

  /** Opens a group; `tag` is the name of a capture, or `=`, `!`, `<=`, `<!` for lookarounds. */
  private pushGroup(start: number, kind: number, tag: string, innerFlags = this.flags): void {
    this.commit();
    const frame: Frame = {
      start,
      kind,
      group: 0,
      outerFlags: this.flags,
      outStart: this.out.length,
      savedLookbehind: this.lookbehind,
      seqLo: this.seqLo,
      seqHi: this.seqHi,
      altLo: this.altLo,
      altHi: this.altHi,
    };
    this.seqLo = this.seqHi = 0;
    this.altLo = Infinity;
    this.altHi = -1;
    if (kind === K_CAPTURE) {
      frame.group = ++this.groupCount;
      this.closed.push(false);
      this.groupWidths.push([0, 0]);
      if (tag) {
        this.nameToGroup.set(tag, frame.group);
        this.groupNames.push(tag);
        this.append(`(?<${tag}>`);
      } else this.append("(");
    } else if (kind === K_GROUP) {
      this.append("(?:");
    } else {
      if (kind === K_LOOKBEHIND && this.lookbehind < 0) this.lookbehind = this.groupCount + 1;
      this.append("(?" + tag);
    }
    this.stack.push(frame);
    this.flags = innerFlags;
    this.atomKind = NONE;
  }

  private closeGroup(): void {
    const frame = this.stack.pop();
    if (!frame) throw new Fail(`unbalanced parenthesis at index ${this.i}`, this.i);
    this.i++;
    this.append(")");
    if (frame.group) this.closed[frame.group] = true;
    this.flags = frame.outerFlags;
    this.lookbehind = frame.savedLookbehind;
    this.atomStart = frame.outStart;
    const look = frame.kind === K_LOOKAHEAD || frame.kind === K_LOOKBEHIND;
    this.atomKind = look ? WRAP : ATOM;
    const lo = Math.min(this.altLo, this.seqLo);
    const hi = Math.max(this.altHi, this.seqHi);
    if (frame.kind === K_LOOKBEHIND) {
      if (lo > MAXREPEAT) throw new Fail(`looks too much behind: lookbehind at index ${frame.start}`, frame.start);
      if (lo !== hi) throw new Fail(`look-behind requires fixed-width pattern: lookbehind at index ${frame.start}`, frame.start);
    }
    if (frame.group) this.groupWidths[frame.group] = [lo, hi];
    this.seqLo = frame.seqLo;
    this.seqHi = frame.seqHi;
    this.altLo = frame.altLo;
    this.altHi = frame.altHi;
    if (look) this.addWidth(0, 0);
    else this.addWidth(lo, hi);
  }
}
