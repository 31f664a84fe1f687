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

import {
  F_I,
  F_M,
  F_S,
  F_X,
  F_A,
  F_U,
  NONE,
  ANCHOR,
  ATOM,
  WRAP,
  K_CAPTURE,
  K_GROUP,
  K_LOOKAHEAD,
  K_LOOKBEHIND,
  MAXREPEAT,
  IDENTIFIER,
  LETTER,
  Fail,
  Restart,
  hex,
  esc,
  SPACE,
  NOT_SPACE,
  ASCII_SPACE,
  NOT_ASCII_SPACE,
  type ClassItem,
  type Frame,
} from "./regex-tables";
import { TranslatorBase } from "./translator-base";

export type Translation =
  | {
      ok: true;
      source: string;
      flags: string;
      /** Each capture group's name, by group number less one (empty for an unnamed group). */
      groupNames: string[];
      groupCount: number;
    }
  | { ok: false; error: string; index?: number };

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

class Translator extends TranslatorBase {
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

  // -- character classes ----------------------------------------------------

  protected charClass(): void {
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
  protected classToken(): ClassItem {
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

  protected openGroup(): void {
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
  protected readName(term: number): string {
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
  protected flagGroup(start: number, c: number): void {
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

  protected globalFlagGroup(start: number, add: number): void {
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
  protected pushGroup(start: number, kind: number, tag: string, innerFlags = this.flags): void {
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
      this.groupNames.push(tag);
      if (tag) {
        this.nameToGroup.set(tag, frame.group);
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

  protected closeGroup(): void {
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
