/**
 * The translator's state and its lower layers: output, quantifiers and
 * escapes. `Translator` (python-regex.ts) adds classes and groups on top.
 */
import {
  F_I,
  F_S,
  F_A,
  NONE,
  ANCHOR,
  ATOM,
  WRAP,
  QUANTIFIED,
  MAXREPEAT,
  CASE_GROUP_OF,
  CASE_GROUPS,
  CASE_EXPANSION_BUDGET,
  type ClassItem,
  Fail,
  hex,
  esc,
  SPACE,
  ASCII_SPACE,
  isDigit,
  isOctal,
  isAsciiLetter,
  hexValue,
  isSurrogate,
  caseClass,
  type Frame,
} from "./regex-tables";

export abstract class TranslatorBase {
  protected readonly p: string;
  protected readonly n: number;
  protected readonly noJsIgnoreCase: boolean;
  protected i = 0;
  protected out = "";
  /** Python flags in effect at the current position. */
  protected flags = 0;
  protected globalFlags = 0;
  /** True until the first item: global flags `(?i)` may still appear. */
  protected globalOpen = true;
  /** JavaScript flags, fixed at the first item. */
  protected jsI = false;
  protected jsS = false;
  protected atomStart = -1;
  protected atomKind = NONE;
  /**
   * Widths in code points, as Python's getwidth() computes them, to reject
   * variable-width lookbehinds as Python does: the current sequence (and
   * before its last atom), the alternatives already closed in the group.
   */
  protected seqLo = 0;
  protected seqHi = 0;
  protected preLo = 0;
  protected preHi = 0;
  protected lastLo = 0;
  protected lastHi = 0;
  protected altLo = Infinity;
  protected altHi = -1;
  protected readonly groupWidths: [number, number][] = [[0, 0]];
  /** The output ends with a numeric backreference: a following digit needs `(?:)` between. */
  protected digitGuard = false;
  protected readonly stack: Frame[] = [];
  protected groupCount = 0;
  protected readonly closed: boolean[] = [false];
  protected readonly groupNames: string[] = [];
  protected readonly nameToGroup = new Map<string, number>();
  /** Python's `state.lookbehindgroups`: -1 outside lookbehinds, else the group count where the outermost lookbehind began. */
  protected lookbehind = -1;

  constructor(pattern: string, noJsIgnoreCase: boolean) {
    this.p = pattern;
    this.n = pattern.length;
    this.noJsIgnoreCase = noJsIgnoreCase;
  }

  // -- output ---------------------------------------------------------------

  /** The first item fixes the global flags and with them the JavaScript flags. */
  protected commit(): void {
    if (!this.globalOpen) return;
    this.globalOpen = false;
    const g = this.globalFlags;
    this.jsI = !this.noJsIgnoreCase && (g & F_I) !== 0 && (g & F_A) === 0;
    this.jsS = (g & F_S) !== 0;
  }

  protected append(text: string): void {
    this.out += text;
    this.digitGuard = false;
  }

  /** Appends an atom matching `lo`..`hi` code points (an anchor: none, a character: one). */
  protected atom(text: string, kind: number, lo = kind === ANCHOR ? 0 : 1, hi = lo): void {
    if (this.digitGuard && isDigit(text.charCodeAt(0))) this.out += "(?:)";
    this.digitGuard = false;
    this.atomStart = this.out.length;
    this.atomKind = kind;
    this.out += text;
    this.addWidth(lo, hi);
  }

  protected addWidth(lo: number, hi: number): void {
    this.preLo = this.seqLo;
    this.preHi = this.seqHi;
    this.lastLo = lo;
    this.lastHi = hi;
    this.seqLo += lo;
    this.seqHi += hi;
  }

  /** Code point at `at`; lone surrogates are rejected. */
  protected codePointAt(at: number): number {
    const cp = this.p.codePointAt(at)!;
    if (isSurrogate(cp)) throw this.surrogate(cp, at);
    return cp;
  }

  protected surrogate(cp: number, at: number): Fail {
    return new Fail(
      `lone surrogate U+${hex(cp, 4).toUpperCase()} at index ${at} is not supported (Python matches it only as a lone code point, JavaScript would match half of a character)`,
      at,
    );
  }

  protected literal(cp: number, at: number): void {
    this.commit();
    if (isSurrogate(cp)) throw this.surrogate(cp, at);
    this.atom(this.literalText(cp), cp > 0xffff ? WRAP : ATOM);
  }

  /** A literal character, with its case variants when case-insensitivity is emulated or Python folds more than JavaScript. */
  protected literalText(cp: number): string {
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
  protected quantify(qStart: number, qEnd: number, text: string, min: number, max: number): void {
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
  protected brace(): void {
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

  protected escape(): void {
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
  protected simpleEscape(start: number, d: number): number {
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

  protected hexEscape(start: number, digits: number): number {
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

  protected namedEscape(start: number): never {
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
  protected numericEscape(start: number, d: number): void {
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

  protected checkBackreference(group: number, text: string, start: number): void {
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
  protected jsIAt(): boolean {
    this.commit();
    return this.jsI;
  }

  protected skipVerboseComment(): void {
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

  /** Adds what Python's IGNORECASE matches and the JavaScript class (with or without the i flag) would not. */
  protected addCaseVariants(items: ClassItem[], start: number): void {
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
}
