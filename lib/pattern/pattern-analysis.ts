/**
 * Static analysis of a translated pattern (JavaScript RegExp source, no `u`
 * flag): the literal text every match must contain (for the prefilter and for
 * specificity), whether the shape is one whose backtracking is bounded, and
 * where a multi-line or multi-sentence pattern can be cut into a shorter
 * "partial" pattern that still identifies the error.
 *
 * It reads only what `python-regex.ts` emits; anything it does not
 * understand makes the pattern "complex", which sends it to the linear-time
 * engine, never to a wrong answer.
 */

/** One required run of literal text; `line` counts the literal `\n`s before it. */
export interface LiteralRun {
  text: string;
  line: number;
}

export interface PatternShape {
  /** Literal runs every match contains, per top-level alternative (one entry when there is no top-level `|`). */
  branches: LiteralRun[][];
  /** Letters and digits in the required literal text (the shortest branch). */
  letters: number;
  /** Literal `\n`s at the top level: the pattern spans this many lines plus one. */
  newlines: number;
  /**
   * The degree of the worst-case backtracking polynomial: unbounded repetitions
   * (`.+?`, `\d+`, `[^x]*`…), plus repetitions whose bound is large enough to
   * backtrack like them (`.{0,50}`), plus optional items past the fourth.
   */
  unbounded: number;
  /** How many of those have a finite bound (or are runs of optional items): recheck still looks at such a pattern at validation. */
  bounded: number;
  /**
   * True for the shape of mined patterns: literals, anchors and groups holding one
   * repeated atom, no nested or repeated groups, no alternation, no backreference.
   * Their backtracking is polynomial, so bounding the input length bounds the time.
   */
  simple: boolean;
  /** Uses features RE2 lacks (backreferences, lookaround). */
  needsBacktracking: boolean;
  /**
   * The shortest prefix, cut at a top-level boundary (before a literal `\n`, or
   * after a literal `.` `!` `?` `:` followed by a space), that still has the
   * requested amount of literal text and is shorter than the whole pattern.
   */
  partial?: { source: string; letters: number; runs: LiteralRun[] };
}

type Atom =
  /** Literal text: one character, or a run of letters and digits. */
  | { kind: "lit"; ch: string }
  | { kind: "class" }
  | { kind: "assert" }
  | { kind: "backref" }
  | { kind: "group"; capture: boolean; look: boolean; alts: Item[][] };

interface Item {
  atom: Atom;
  min: number;
  max: number;
  /** Source offset just after the item (with its quantifier). */
  end: number;
}

/** Escapes that stand for a literal character in non-unicode JavaScript regexes. */
const CONTROL_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", f: "\f", v: "\v", "0": "\0" };
const CLASS_ESCAPES = new Set(["d", "D", "w", "W", "s", "S"]);
/** Characters that start something other than a plain literal. */
const SPECIAL = new Set(["\\", "[", "(", ".", "^", "$"]);
/** How the translator writes Python's `$` (end, or before a final newline). */
export const PY_END_ANCHOR = "(?=\\n?$)";
const QUANTIFIER_START = new Set(["*", "+", "?", "{"]);
const ASSERT_ESCAPES = new Set(["b", "B"]);

class Parser {
  i = 0;
  constructor(readonly src: string) {}

  parseAlternatives(): Item[][] {
    const alts: Item[][] = [this.parseSequence()];
    while (this.src[this.i] === "|") {
      this.i++;
      alts.push(this.parseSequence());
    }
    return alts;
  }

  parseSequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.src.length) {
      const c = this.src[this.i]!;
      if (c === "|" || c === ")") break;
      const atom = this.parseAtom();
      const [min, max] = this.parseQuantifier();
      items.push({ atom, min, max, end: this.i });
    }
    return items;
  }

  parseAtom(): Atom {
    const src = this.src;
    const c = src[this.i]!;
    if (!SPECIAL.has(c)) {
      // A run of letters and digits not followed by a quantifier is one item: fewer objects, same meaning.
      let j = this.i + 1;
      if (isWordChar(c)) {
        while (j < src.length && isWordChar(src[j]!)) j++;
        if (j > this.i + 1 && QUANTIFIER_START.has(src[j] ?? "")) j--;
      }
      const ch = src.slice(this.i, j);
      this.i = j;
      return { kind: "lit", ch };
    }
    if (c === "\\") {
      const n = src[this.i + 1] ?? "";
      this.i += 2;
      if (CLASS_ESCAPES.has(n)) return { kind: "class" };
      if (ASSERT_ESCAPES.has(n)) return { kind: "assert" };
      if (n in CONTROL_ESCAPES && !(n === "0" && isDigit(src[this.i]))) return { kind: "lit", ch: CONTROL_ESCAPES[n]! };
      if (n === "k" || (isDigit(n) && n !== "0")) {
        if (n === "k" && src[this.i] === "<") this.i = src.indexOf(">", this.i) + 1 || src.length;
        else while (isDigit(src[this.i])) this.i++;
        return { kind: "backref" };
      }
      if (n === "x" && /^[0-9a-fA-F]{2}$/.test(src.slice(this.i, this.i + 2))) {
        const ch = String.fromCharCode(parseInt(src.slice(this.i, this.i + 2), 16));
        this.i += 2;
        return { kind: "lit", ch };
      }
      if (n === "u" && /^[0-9a-fA-F]{4}$/.test(src.slice(this.i, this.i + 4))) {
        const ch = String.fromCharCode(parseInt(src.slice(this.i, this.i + 4), 16));
        this.i += 4;
        return { kind: "lit", ch };
      }
      if ((n >= "A" && n <= "Z") || (n >= "a" && n <= "z")) return { kind: "class" }; // \cX and friends: not literal text we can rely on
      return { kind: "lit", ch: n };
    }
    if (c === "[") {
      this.i++;
      if (src[this.i] === "^") this.i++;
      if (src[this.i] === "]") this.i++;
      while (this.i < src.length && src[this.i] !== "]") this.i += src[this.i] === "\\" ? 2 : 1;
      this.i++;
      return { kind: "class" };
    }
    if (c === "(") {
      if (src.startsWith(PY_END_ANCHOR, this.i)) {
        // Python's `$` as the translator writes it: an anchor, not a real lookaround.
        this.i += PY_END_ANCHOR.length;
        return { kind: "assert" };
      }
      this.i++;
      let capture = true;
      let look = false;
      if (src[this.i] === "?") {
        const rest = src.slice(this.i, this.i + 4);
        if (rest.startsWith("?:")) {
          capture = false;
          this.i += 2;
        } else if (rest.startsWith("?=") || rest.startsWith("?!")) {
          capture = false;
          look = true;
          this.i += 2;
        } else if (rest.startsWith("?<=") || rest.startsWith("?<!")) {
          capture = false;
          look = true;
          this.i += 3;
        } else if (rest.startsWith("?<")) {
          this.i = src.indexOf(">", this.i) + 1 || src.length;
        } else {
          capture = false;
          this.i = src.indexOf(":", this.i) + 1 || src.length; // (?i:...) modifiers
        }
      }
      const alts = this.parseAlternatives();
      if (src[this.i] === ")") this.i++;
      return { kind: "group", capture, look, alts };
    }
    this.i++;
    if (c === ".") return { kind: "class" };
    if (c === "^" || c === "$") return { kind: "assert" };
    return { kind: "lit", ch: c };
  }

  parseQuantifier(): [number, number] {
    const src = this.src;
    const c = src[this.i];
    if (c !== "*" && c !== "+" && c !== "?" && c !== "{") return [1, 1];
    let q: [number, number] | null = null;
    if (c === "*") q = [0, Infinity];
    else if (c === "+") q = [1, Infinity];
    else if (c === "?") q = [0, 1];
    if (q) this.i++;
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(this.i, this.i + 24));
      if (m) {
        this.i += m[0].length;
        q = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === "" ? Infinity : Number(m[3])];
      }
    }
    if (!q) return [1, 1];
    if (src[this.i] === "?") this.i++;
    return q;
  }
}

/** Analyses a JavaScript regex source produced by the translator; `partialMinLetters` asks for a partial prefix. */
export function analyzePattern(source: string, flags = "", partialMinLetters = Infinity): PatternShape {
  const parser = new Parser(source);
  const alts = parser.parseAlternatives();
  const ignoreCase = flags.includes("i");
  const branches = alts.map((seq) => requiredRuns(seq, ignoreCase));
  const letters = Math.min(...branches.map((runs) => runs.reduce((n, r) => n + countAlnum(r.text), 0)));
  const stats = {
    unbounded: 0,
    bounded: 0,
    optional: 0,
    complex: alts.length > 1 || parser.i < source.length,
    backref: false,
    look: false,
  };
  walk(alts, 0, stats);
  // `a?a?a?…aaa…` backtracks 2^k ways: a few optional items are harmless, each one past OPTIONAL_FREE counts.
  if (stats.optional > OPTIONAL_FREE) {
    stats.unbounded += stats.optional - OPTIONAL_FREE;
    stats.bounded += stats.optional - OPTIONAL_FREE;
  }
  const partial =
    alts.length === 1 && partialMinLetters < letters ? findPartial(alts[0]!, source, ignoreCase, partialMinLetters) : undefined;
  return {
    branches,
    letters,
    newlines: alts.length === 1 ? alts[0]!.filter((it) => it.atom.kind === "lit" && it.atom.ch === "\n" && it.min >= 1).length : 0,
    unbounded: stats.unbounded,
    bounded: stats.bounded,
    simple: !stats.complex && !stats.backref && !stats.look,
    needsBacktracking: stats.backref || stats.look,
    partial,
  };
}

/**
 * Conservatively, whether trimLineBlanks may have work: a line break (written,
 * or any escape that could spell one: `\n` outside the placeholder class
 * `[^\n]`, `\x0a`, `\u000a`, `\012`), or a blank at either end.
 */
const NEEDS_TRIM = /\n|(?<!\[\^)\\n|\\[xuU0-7]|^(?:\s|\\[\st])|(?:\s|\\[\st])$/;

/**
 * Removes literal spaces and tabs at the start and end of each line of a
 * pattern (next to a top-level `\n`, and at either end). Cleaned log lines
 * never start or end with blanks (lib/log-normalize), so a pattern that asks
 * for them — an indented continuation line, a message ending in a space —
 * could never match its own message.
 */
export function trimLineBlanks(source: string): string {
  // Most patterns are one line with no blank at either end: nothing to parse.
  return NEEDS_TRIM.test(source) ? trimLineBlanksParsed(source) : source;
}

/** trimLineBlanks without the shortcut (exported for the test that the shortcut changes nothing). */
export function trimLineBlanksParsed(source: string): string {
  const parser = new Parser(source);
  const alts = parser.parseAlternatives();
  if (alts.length !== 1 || parser.i < source.length) return source;
  const seq = alts[0]!;
  const isBlank = (it: Item | undefined) =>
    it !== undefined && it.atom.kind === "lit" && (it.atom.ch === " " || it.atom.ch === "\t") && it.min === 1 && it.max === 1;
  const isBreak = (it: Item | undefined) =>
    it === undefined || (it.atom.kind === "lit" && it.atom.ch === "\n" && it.min === 1 && it.max === 1);
  const drop = new Set<number>();
  for (let k = 0; k < seq.length; k++) {
    if (!isBreak(seq[k]) && k !== 0) continue;
    // Blanks after a break (or at the start) …
    for (let j = isBreak(seq[k]) && k < seq.length ? k + 1 : k; j < seq.length && isBlank(seq[j]); j++) drop.add(j);
  }
  for (let k = seq.length; k >= 0; k--) {
    if (k !== seq.length && !isBreak(seq[k])) continue;
    // … and before a break (or at the end).
    for (let j = k - 1; j >= 0 && isBlank(seq[j]); j--) drop.add(j);
  }
  if (drop.size === 0) return source;
  let out = "";
  let start = 0;
  seq.forEach((it, k) => {
    if (!drop.has(k)) out += source.slice(start, it.end);
    start = it.end;
  });
  return out;
}

/**
 * The pattern with its top-level literal blanks and line breaks removed, for
 * matching text whose blanks were removed too: however a message was wrapped
 * (mid-word, at a space, between paragraphs), its text without blanks is the
 * same. Returns null when the pattern is not a single top-level sequence.
 */
export function squeezePattern(source: string): string | null {
  const parser = new Parser(source);
  const alts = parser.parseAlternatives();
  if (alts.length !== 1 || parser.i < source.length) return null;
  let out = "";
  let start = 0;
  for (const it of alts[0]!) {
    const blank = it.atom.kind === "lit" && /^\s$/.test(it.atom.ch) && it.min <= 1 && it.max === 1;
    if (!blank) out += source.slice(start, it.end);
    start = it.end;
  }
  return out;
}

/**
 * For each capturing group of `source` at its top level, by group number: whether a literal blank stands right before
 * it and right after it. Squeezing drops those blanks (squeezePattern), so a match over text without blanks must check
 * that the text had a blank, or a line break, there. Null when squeezePattern gives null.
 */
export function groupBlanks(source: string): Map<number, { before: boolean; after: boolean }> | null {
  const parser = new Parser(source);
  const alts = parser.parseAlternatives();
  if (alts.length !== 1 || parser.i < source.length) return null;
  const items = alts[0]!;
  const blank = (it: Item | undefined) => !!it && it.atom.kind === "lit" && /^\s$/.test(it.atom.ch) && it.min === 1 && it.max === 1;
  const out = new Map<number, { before: boolean; after: boolean }>();
  let group = 0;
  const count = (list: Item[]): void => {
    for (const it of list)
      if (it.atom.kind === "group") {
        if (it.atom.capture) group++;
        for (const alt of it.atom.alts) count(alt);
      }
  };
  items.forEach((it, k) => {
    if (it.atom.kind !== "group") return;
    if (it.atom.capture) {
      group++;
      if (it.min === 1 && it.max === 1) out.set(group, { before: blank(items[k - 1]), after: blank(items[k + 1]) });
    }
    for (const alt of it.atom.alts) count(alt);
  });
  return out;
}

/** Literal runs a match of `seq` must contain, split at `\n` (which the prefilter never spans). */
function requiredRuns(seq: Item[], ignoreCase: boolean): LiteralRun[] {
  const runs: LiteralRun[] = [];
  let line = 0;
  let cur = "";
  const flush = () => {
    if (cur) runs.push({ text: ignoreCase ? cur.toLowerCase() : cur, line });
    cur = "";
  };
  for (const item of seq) {
    const a = item.atom;
    if (a.kind === "lit" && item.min >= 1) {
      if (a.ch === "\n") {
        flush();
        line++;
        continue;
      }
      cur += a.ch;
      if (item.max !== 1 || item.min !== 1) flush(); // `a+`: one `a` is certain, what follows is not adjacent
    } else if (a.kind === "group" && !a.look && a.alts.length === 1 && item.min === 1 && item.max === 1) {
      // A plain group's literals are required too, but we keep runs simple: cut at its edges.
      flush();
      for (const r of requiredRuns(a.alts[0]!, ignoreCase)) runs.push({ text: r.text, line: line + r.line });
    } else if (a.kind === "assert") {
      continue;
    } else {
      flush();
    }
  }
  flush();
  return runs;
}

/** A repetition bound at least this large backtracks like an unbounded one (`.{0,50}` three times is degree 3). */
const BOUND_AS_UNBOUNDED = 8;
/** Optional items (`s?`) a pattern may hold before they count towards the degree. */
const OPTIONAL_FREE = 4;

type WalkStats = { unbounded: number; bounded: number; optional: number; complex: boolean; backref: boolean; look: boolean };

function walk(alts: Item[][], depth: number, stats: WalkStats): void {
  for (const seq of alts) {
    for (const item of seq) {
      const a = item.atom;
      if (item.max === Infinity) stats.unbounded++;
      else if (item.max >= BOUND_AS_UNBOUNDED) {
        stats.unbounded++;
        stats.bounded++;
      } else if (item.min === 0 && item.max === 1) stats.optional++;
      if (a.kind === "backref") stats.backref = true;
      if (a.kind !== "group") continue;
      if (a.look) stats.look = true;
      const single = a.alts.length === 1 && a.alts[0]!.length === 1 && a.alts[0]![0]!.atom.kind !== "group";
      if (depth > 0 || !single || item.min !== 1 || item.max !== 1) stats.complex = true;
      walk(a.alts, depth + 1, stats);
    }
  }
}

/** Walks the top-level sequence like `requiredRuns`, stopping at the first boundary with enough literal text before it. */
function findPartial(seq: Item[], source: string, ignoreCase: boolean, minLetters: number): PatternShape["partial"] {
  let letters = 0;
  let start = 0;
  for (let k = 0; k < seq.length; k++) {
    const item = seq[k]!;
    const a = item.atom;
    const plain = a.kind === "lit" && item.min === 1 && item.max === 1;
    let cut = -1;
    if (plain && a.ch === "\n") cut = start;
    else if (plain && ".!:?".includes(a.ch)) {
      const next = seq[k + 1];
      if (next && next.atom.kind === "lit" && next.atom.ch === " ") cut = item.end;
    }
    if (a.kind === "lit" && item.min >= 1) letters += countAlnum(a.ch);
    else if (a.kind === "group" && !a.look && a.alts.length === 1 && item.min === 1 && item.max === 1)
      letters += requiredRuns(a.alts[0]!, false).reduce((n, r) => n + countAlnum(r.text), 0);
    if (cut > 0 && letters >= minLetters) {
      const prefix = source.slice(0, cut);
      return { source: prefix, letters, runs: requiredRuns(new Parser(prefix).parseSequence(), ignoreCase) };
    }
    start = item.end;
  }
  return undefined;
}

function isWordChar(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9");
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

function countAlnum(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c > 127) n++;
  }
  return n;
}
