/**
 * Runs one record's pattern on a text with the engine its shape and the
 * text's length allow. No input can freeze it: V8 only ever sees inputs short
 * enough for the pattern's backtracking degree; longer ones, and complex
 * patterns, go to the linear-time RE2 engine (re2js).
 */
import { RE2JS } from "re2js";
import type { LogLine } from "../../log/log-normalize";
import { PY_END_ANCHOR, analyzePattern, type groupBlanks } from "../../pattern/pattern-analysis";
import { withoutJsWhitespace } from "../../text";
import type { MatcherEntry } from "../data/matcher-data";
import type { Capture, MatchedLine } from "../types";

/**
 * Largest input V8's backtracking engine sees for a pattern with this many
 * unbounded repetitions; longer inputs go to RE2. An unanchored search with k
 * lazy groups can take on the order of n^(k+1) steps on a crafted line, so the
 * bound keeps the worst case near 10–50 ms; three or more groups always use RE2
 * (re2js: ~14 µs a line against V8's ~1 µs, but linear).
 */
export function v8InputLimit(unbounded: number): number {
  if (unbounded <= 0) return Infinity;
  if (unbounded === 1) return 2_000;
  if (unbounded === 2) return 300;
  return 0;
}

/** What V8 sees of a line for a pattern RE2 cannot run (lookaround, backreference): bounded by its degree too. */
function fallbackInputLimit(unbounded: number): number {
  return unbounded <= 1 ? 2_000 : unbounded === 2 ? 300 : 60;
}

/** Where a program matched. */
export interface Found {
  /** Start and end offsets of the match and of each group in `text`, -1 when a group did not take part. */
  spans: number[];
  /** Group names by group number. */
  names: (string | undefined)[];
}

/** One runnable pattern (a record's full or partial pattern), compiled on first use. */
export interface Program {
  source: string;
  flags: string;
  engine: MatcherEntry["engine"];
  unbounded: number;
  names: (string | undefined)[];
  v8?: RegExp;
  re2?: RE2JS | null;
  /** Required literal runs without blanks, for the wrapped pre-check. */
  literals?: string[];
  /** The same pattern without its literal blanks, for wrapped text (null: cannot be squeezed). */
  squeezed?: Program | null;
  /** Its top-level groups with a literal blank before or after them (pattern-analysis `groupBlanks`). */
  groupBlanks?: ReturnType<typeof groupBlanks>;
}

/** The program of an entry's full or partial pattern (not compiled until it runs). */
export function programOf(e: MatcherEntry, partial: boolean): Program {
  const source = partial ? e.partial!.source : e.source;
  const names = (e.names ?? []).map((n) => n || undefined);
  return { source, flags: e.flags, engine: e.engine, unbounded: e.unbounded, names: [undefined, ...names] };
}

/** Runs a program on a text with the engine its shape and the text's length allow. */
export function exec(p: Program, text: string): Found | null {
  const found = execEngine(p, text);
  if (found && TAIL_DOT.test(p.source)) toMessageEnd(found, text);
  return found;
}

/** A pattern ending in a lazy group and the message's full stop: `got (.+?)\.` (`.` as the translator writes it). */
const TAIL_DOT = /(?<!\\)\((?:\.|\[\^\\n\])[+*]\?\)\\\.$/;

/**
 * A lazy last group stops a value at its own first dot (`got 0.0.` captures `0`): when the dot the match ended on
 * has a letter, digit or dot right after it, the group and the match run on to the next dot that ends the message
 * (no letter, digit or dot after it) on the same line, if there is one. Whether the pattern matched is unchanged.
 */
function toMessageEnd(found: Found, text: string): void {
  const s = found.spans;
  const g = s.length - 2;
  const end = s[1]!;
  if (g < 2 || s[g + 1] !== end - 1 || !VALUE_CHAR.test(text.charAt(end))) return;
  const nl = text.indexOf("\n", end);
  const lineEnd = nl < 0 ? text.length : nl;
  for (let d = text.indexOf(".", end); d >= 0 && d < lineEnd; d = text.indexOf(".", d + 1)) {
    if (!VALUE_CHAR.test(text.charAt(d + 1))) {
      s[g + 1] = d;
      s[1] = d + 1;
      return;
    }
  }
}
const VALUE_CHAR = /[\w.]/;

function execEngine(p: Program, text: string): Found | null {
  if (p.engine === "v8" && text.length <= v8InputLimit(p.unbounded)) return execV8(p, text);
  if (p.re2 === undefined) {
    try {
      // RE2 has no lookahead; Python's `$` becomes the equivalent `\n?$` there.
      p.re2 = RE2JS.compile(p.source.split(PY_END_ANCHOR).join("(?:\\n?$)"), re2Flags(p.flags));
    } catch {
      p.re2 = null;
    }
  }
  // RE2 cannot run it (backreference, lookaround): validation rejected such patterns when recheck
  // found them vulnerable, so V8 runs it, on a bounded prefix all the same.
  if (p.re2 === null) return execV8(p, text.slice(0, fallbackInputLimit(p.unbounded)));
  const m = p.re2.matcher(text);
  if (!m.find()) return null;
  const spans: number[] = [];
  for (let g = 0; g <= m.groupCount(); g++) spans.push(m.start(g), m.end(g));
  return { spans, names: p.names };
}

function execV8(p: Program, text: string): Found | null {
  p.v8 ??= new RegExp(p.source, p.flags + "d");
  p.v8.lastIndex = 0;
  const m = p.v8.exec(text);
  if (!m || !m.indices) return null;
  const spans: number[] = [];
  for (const pair of m.indices) spans.push(pair ? pair[0] : -1, pair ? pair[1] : -1);
  return { spans, names: p.names };
}

/** A program's required literal runs with blanks removed (none for case-insensitive ones). */
export function requiredLiterals(p: Program): string[] {
  if (p.flags.includes("i")) return [];
  const shape = analyzePattern(p.source, p.flags);
  return shape.branches.length === 1 ? shape.branches[0]!.map((r) => withoutJsWhitespace(r.text)).filter((t) => t.length >= 4) : [];
}

/** A capture of group `g`, named when the pattern names it. */
export function captureOf(found: Found, g: number, value: string, start: number, end: number): Capture {
  const c: Capture = { group: g, value, start, end };
  const name = found.names[g];
  if (name !== undefined) c.name = name;
  return c;
}

/** Turns spans in a joined window (line k starts at `starts[k]`) back into per-line spans and captures. */
export function locate(found: Found, window: LogLine[], starts: number[]): MatchedLine[] {
  const [mStart, mEnd] = [found.spans[0]!, found.spans[1]!];
  const out: MatchedLine[] = [];
  window.forEach((l, i) => {
    const ls = starts[i]!;
    const le = ls + l.text.length;
    if (mEnd < ls || mStart > le || (mEnd === ls && mStart !== mEnd) || (mStart === le && mStart !== mEnd)) return;
    const captures: Capture[] = [];
    for (let g = 1; g * 2 < found.spans.length; g++) {
      const s = found.spans[g * 2]!;
      const e = found.spans[g * 2 + 1]!;
      if (s < 0 || s < ls || s > le || (s === le && e > s)) continue;
      captures.push(captureOf(found, g, l.text.slice(s - ls, Math.min(e, le) - ls), s - ls, Math.min(e, le) - ls));
    }
    out.push({ line: l.line, text: l.text, start: Math.max(0, mStart - ls), end: Math.min(l.text.length, mEnd - ls), captures });
  });
  return out;
}

function re2Flags(flags: string): number {
  let f = 0;
  if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("s")) f |= RE2JS.DOTALL;
  if (flags.includes("m")) f |= RE2JS.MULTILINE;
  return f;
}
