/**
 * Finds the known errors in a log. The cost grows with the log's size and
 * the number of real candidates, not with log size × number of patterns:
 *
 *  1. the log is cleaned line by line (`log-normalize.ts`) in chunks;
 *  2. one rolling-hash pass per key length finds every record's literal keys
 *     (`prefilter.ts`); only those (record, line) pairs become candidates;
 *  3. each candidate's regex runs on its line, on the window of lines a
 *     multi-line pattern spans, then on the line re-joined with its
 *     neighbours (hard-wrapped text), and last as a partial pattern;
 *  4. tracebacks give evidence (`traceback.ts`), and `rank.ts` orders the
 *     records best first.
 *
 * No input can freeze it: V8 only ever sees inputs short enough for the
 * pattern's backtracking degree; longer ones, and complex patterns, go to
 * the linear-time RE2 engine (re2js).
 */
import { RE2JS } from "re2js";
import { normalizeLog, looksLikeError, type LogLine } from "./log-normalize";
import { parseTracebacks, type Traceback } from "./traceback";
import { KeyScanner } from "./prefilter";
import type { MatcherData, MatcherEntry } from "./matcher-data";
import { rankMatches } from "./rank";
import { PY_END_ANCHOR } from "./pattern-analysis";
import { captureGroups } from "./pattern-groups";

export type MatchKind = "full" | "partial";

export interface Capture {
  /** 1-based group number. */
  group: number;
  name?: string;
  value: string;
  /** Span in the cleaned line's text. */
  start: number;
  end: number;
}

export interface MatchedLine {
  /** 1-based line in the original log. */
  line: number;
  /** The cleaned text of that line. */
  text: string;
  /** Span of the match within `text` (the part of the match on this line). */
  start: number;
  end: number;
  /** Captures whose value lies on this line. */
  captures: Capture[];
}

export interface Match {
  entry: MatcherEntry;
  kind: MatchKind;
  score: number;
  /** Why it ranks where it does, in plain words. */
  reasons: string[];
  /** Every line it matched, in log order (first occurrence of each match). */
  lines: MatchedLine[];
  /** How many separate places in the log it matched. */
  occurrences: number;
}

export interface LookupResult {
  matches: Match[];
  /** Number of cleaned lines looked at. */
  lineCount: number;
  tracebacks: Traceback[];
  /** Cleaned lines, for the no-match view and the log view. */
  lines: LogLine[];
  /** Set when a limit stopped the lookup early; says which. */
  stopped?: string;
  elapsedMs: number;
}

export interface LookupOptions {
  /** Called between chunks with the characters processed so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Stop verifying candidates after this many milliseconds (the result says so). */
  budgetMs?: number;
}

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

/** What V8 sees of a line for a pattern RE2 cannot run. */
const FALLBACK_INPUT_LIMIT = 1_000;
/** Most lines a wrapped message is re-joined from. */
const MAX_WRAP_LINES = 6;
/** How far before the candidate line a wrapped message may start. */
const WRAP_BACK = 2;
/** Up to this many breaks, every mix of "joined with a space" and "joined directly" is tried. */
const MAX_COMBO_BREAKS = 3;
/** A line shorter than this was not broken by wrapping. */
const MIN_WRAPPED_LINE = 40;
/** Matches kept per record: enough to show, not enough to flood. */
const MAX_OCCURRENCES_KEPT = 20;
const CHUNK_CHARS = 2_000_000;

interface Found {
  /** Start and end offsets of the match and of each group in `text`, -1 when a group did not take part. */
  spans: number[];
  /** Group names by group number. */
  names: (string | undefined)[];
}

/** A compiled, reusable matcher over one dataset's matcher data. */
export class Matcher {
  readonly entries: MatcherEntry[];
  private readonly exact: KeyScanner;
  private readonly folded: KeyScanner | null;
  /** For each key of each scanner: entry indexes and the pattern line the key is on. */
  private readonly exactOwners: Int32Array[];
  private readonly foldedOwners: Int32Array[];
  private readonly residual: number[];
  private readonly compiled = new Map<string, { v8?: RegExp; re2?: RE2JS | null; names: (string | undefined)[] }>();

  constructor(data: MatcherData) {
    this.entries = data.entries;
    const exactKeys = new Map<string, number[]>();
    const foldedKeys = new Map<string, number[]>();
    this.residual = [];
    data.entries.forEach((e, i) => {
      if (e.keys.length === 0) this.residual.push(i);
      const target = e.flags.includes("i") ? foldedKeys : exactKeys;
      for (const k of e.keys) {
        const list = target.get(k.text) ?? [];
        list.push(i, k.line);
        target.set(k.text, list);
      }
    });
    this.exact = new KeyScanner([...exactKeys.keys()]);
    this.exactOwners = [...exactKeys.values()].map((v) => Int32Array.from(v));
    this.folded = foldedKeys.size ? new KeyScanner([...foldedKeys.keys()]) : null;
    this.foldedOwners = [...foldedKeys.values()].map((v) => Int32Array.from(v));
  }

  /** Looks a whole log up. */
  lookup(log: string, options: LookupOptions = {}): LookupResult {
    const t0 = now();
    const lines: LogLine[] = [];
    const candidates = new Map<number, Set<number>>(); // entry -> first line index of the window
    const addCandidate = (entry: number, lineIndex: number) => {
      if (lineIndex < 0) lineIndex = 0;
      let set = candidates.get(entry);
      if (!set) candidates.set(entry, (set = new Set()));
      set.add(lineIndex);
    };

    // 1–2. Clean and scan chunk by chunk, so progress can be reported.
    let rawLineOffset = 0;
    for (let pos = 0; pos < log.length || (pos === 0 && log.length === 0); ) {
      let end = Math.min(log.length, pos + CHUNK_CHARS);
      if (end < log.length) {
        const nl = log.indexOf("\n", end);
        end = nl < 0 ? log.length : nl + 1;
      }
      const chunk = log.slice(pos, end);
      const firstIndex = lines.length;
      for (const l of normalizeLog(chunk)) {
        l.line += rawLineOffset;
        lines.push(l);
      }
      rawLineOffset += countNewlines(chunk);
      this.scanLines(lines, firstIndex, addCandidate);
      pos = end;
      options.onProgress?.(pos, log.length);
      if (log.length === 0) break;
    }
    for (const i of this.residual) {
      lines.forEach((l, li) => {
        if (looksLikeError(l)) addCandidate(i, li);
      });
    }

    // 3. Verify candidates.
    const budgetEnd = options.budgetMs === undefined ? Infinity : t0 + options.budgetMs;
    let stopped: string | undefined;
    const raw: { entry: number; kind: MatchKind; lines: MatchedLine[]; occurrences: number }[] = [];
    for (const [entryIndex, starts] of candidates) {
      if (now() > budgetEnd) {
        stopped = `stopped after ${options.budgetMs} ms; ${candidates.size - raw.length} candidate records were not checked`;
        break;
      }
      const entry = this.entries[entryIndex]!;
      let best: { kind: MatchKind; lines: MatchedLine[] } | null = null;
      let occurrences = 0;
      const covered = new Set<number>();
      for (const li of [...starts].sort((a, b) => a - b)) {
        if (covered.has(li)) continue;
        const found = this.verify(entry, lines, li);
        if (!found) continue;
        occurrences++;
        for (const m of found.lines) covered.add(lineIndexOf(lines, m, li));
        if (!best || (best.kind === "partial" && found.kind === "full")) best = { kind: found.kind, lines: [...found.lines] };
        else if (found.kind === best.kind && best.lines.length < MAX_OCCURRENCES_KEPT) best.lines.push(...found.lines);
      }
      if (best) raw.push({ entry: entryIndex, kind: best.kind, lines: best.lines, occurrences });
    }

    // 4. Rank with traceback evidence.
    const tracebacks = parseTracebacks(lines);
    const matches = rankMatches(
      raw.map((r) => ({ entry: this.entries[r.entry]!, kind: r.kind, lines: r.lines, occurrences: r.occurrences })),
      tracebacks,
    );
    return { matches, lineCount: lines.length, tracebacks, lines, stopped, elapsedMs: now() - t0 };
  }

  private scanLines(lines: LogLine[], from: number, add: (entry: number, line: number) => void): void {
    if (from >= lines.length) return;
    const starts = new Int32Array(lines.length - from + 1);
    let text = "";
    const parts: string[] = [];
    let offset = 0;
    for (let i = from; i < lines.length; i++) {
      starts[i - from] = offset;
      const t = lines[i]!.text;
      parts.push(t);
      offset += t.length + 1;
    }
    starts[lines.length - from] = offset;
    text = parts.join("\n");
    const onHit = (owners: Int32Array[]) => (key: number, pos: number) => {
      const li = from + upperBound(starts, pos) - 1;
      const own = owners[key]!;
      for (let j = 0; j < own.length; j += 2) add(own[j]!, li - own[j + 1]!);
    };
    this.exact.scan(text, onHit(this.exactOwners));
    this.folded?.scan(foldCase(text), onHit(this.foldedOwners));
  }

  /**
   * Tries a candidate, best kind first: the line (or, for a multi-line message,
   * the following lines of the same process), then the line re-joined with its
   * wrapped continuation lines, then the partial pattern.
   */
  private verify(entry: MatcherEntry, lines: LogLine[], li: number): { kind: MatchKind; lines: MatchedLine[] } | null {
    const direct = entry.lines > 1 ? sameStream(lines, li, entry.lines + 2) : [lines[li]!];
    const full = this.tryWindow(entry, entry.source, direct, ["\n"]);
    if (full) return { kind: "full", lines: full };
    const wrapped = this.tryWrapped(entry, entry.source, lines, li);
    if (wrapped) return { kind: "full", lines: wrapped };
    if (!entry.partial) return null;
    const partial = this.tryWindow(entry, entry.partial.source, [lines[li]!], []) ?? this.tryWrapped(entry, entry.partial.source, lines, li);
    return partial ? { kind: "partial", lines: partial } : null;
  }

  /**
   * Hard-wrapped text: a terminal breaks at its width (mid-word, or at a space
   * it then loses), an issue tracker at spaces. The window holds the candidate
   * line and the continuation lines around it (same process, no new log record);
   * every way of re-joining up to MAX_COMBO_BREAKS breaks is tried, else all
   * with a space and all without. A match only counts if it crosses a break and
   * every line between its first and last is long enough to have been wrapped.
   */
  private tryWrapped(entry: MatcherEntry, source: string, lines: LogLine[], li: number): MatchedLine[] | null {
    const window = wrapWindow(lines, li);
    if (window.length < 2) return null;
    const breaks = window.length - 1;
    const seps: string[][] = [Array(breaks).fill(" "), Array(breaks).fill("")];
    if (breaks <= MAX_COMBO_BREAKS) {
      for (let mask = 1; mask < (1 << breaks) - 1; mask++) seps.push(Array.from({ length: breaks }, (_, k) => ((mask >> k) & 1 ? "" : " ")));
    }
    for (const sep of seps) {
      const found = this.tryWindow(entry, source, window, sep);
      // The first line may be short (its prefix took the room); the ones in the middle were full rows.
      if (found && found.length >= 2 && found.slice(1, -1).every((l) => l.text.length >= MIN_WRAPPED_LINE)) return found;
    }
    return null;
  }

  /** Joins `window` with `seps[k]` after line k (the last separator repeats) and runs the pattern. */
  private tryWindow(entry: MatcherEntry, source: string, window: LogLine[], seps: string[]): MatchedLine[] | null {
    let text = window[0]!.text;
    const starts = [0];
    for (let k = 1; k < window.length; k++) {
      text += seps[Math.min(k - 1, seps.length - 1)] ?? "\n";
      starts.push(text.length);
      text += window[k]!.text;
    }
    const found = this.exec(entry, source, text);
    return found ? locate(found, window, starts) : null;
  }

  /** Runs a pattern on a text with the engine its shape and the text's length allow. */
  private exec(entry: MatcherEntry, source: string, text: string): Found | null {
    const key = `${entry.flags}/${source}`;
    let c = this.compiled.get(key);
    if (!c) {
      c = { names: groupNamesOf(source) };
      this.compiled.set(key, c);
    }
    if (entry.engine === "v8" && text.length <= v8InputLimit(entry.unbounded)) {
      c.v8 ??= new RegExp(source, entry.flags + "d");
      c.v8.lastIndex = 0;
      const m = c.v8.exec(text);
      if (!m || !m.indices) return null;
      const spans: number[] = [];
      for (const pair of m.indices) spans.push(pair ? pair[0] : -1, pair ? pair[1] : -1);
      return { spans, names: c.names };
    }
    if (c.re2 === undefined) {
      try {
        // RE2 has no lookahead; Python's `$` becomes the equivalent `\n?$` there.
        c.re2 = RE2JS.compile(source.split(PY_END_ANCHOR).join("(?:\\n?$)"), re2Flags(entry.flags));
      } catch {
        c.re2 = null;
      }
    }
    if (c.re2 === null) {
      // RE2 cannot run it (backreference, lookaround): validation rejected such patterns when recheck
      // found them vulnerable, so V8 runs it, on a bounded prefix all the same.
      return this.exec({ ...entry, engine: "v8", unbounded: 0 }, source, text.slice(0, FALLBACK_INPUT_LIMIT));
    }
    const m = c.re2.matcher(text);
    if (!m.find()) return null;
    const spans: number[] = [];
    for (let g = 0; g <= m.groupCount(); g++) spans.push(m.start(g), m.end(g));
    return { spans, names: c.names };
  }
}

/** Group names by group number, read from a JavaScript source. */
function groupNamesOf(source: string): (string | undefined)[] {
  const names: (string | undefined)[] = [];
  for (const g of captureGroups(source)) {
    const m = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(source.slice(g.start, g.start + 40));
    names[g.group] = m?.[1];
  }
  return names;
}

/** Turns spans in a joined window (line k starts at `starts[k]`) back into per-line spans and captures. */
function locate(found: Found, window: LogLine[], starts: number[]): MatchedLine[] {
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
      const c: Capture = { group: g, value: l.text.slice(s - ls, Math.min(e, le) - ls), start: s - ls, end: Math.min(e, le) - ls };
      const name = found.names[g];
      if (name !== undefined) c.name = name;
      captures.push(c);
    }
    out.push({ line: l.line, text: l.text, start: Math.max(0, mStart - ls), end: Math.min(l.text.length, mEnd - ls), captures });
  });
  return out;
}

/**
 * Up to `count` lines from `li` on written by the same process, so interleaved
 * ranks stay apart; lines with no prefix at all continue whatever came before.
 */
function sameStream(lines: LogLine[], li: number, count: number): LogLine[] {
  const stream = lines[li]!.stream;
  const out: LogLine[] = [];
  for (let i = li; i < lines.length && out.length < count && i < li + count * 8; i++) {
    if (sameWriter(lines[i]!.stream, stream)) out.push(lines[i]!);
  }
  return out;
}

/**
 * Whether two lines can come from the same writer: the same stream, a line
 * with no prefix, or nested tags of one process (`ray/EngineCore` and `ray`).
 */
function sameWriter(a: string | undefined, b: string | undefined): boolean {
  return a === b || a === undefined || b === undefined || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The candidate line with the wrapped continuation lines before and after it. */
function wrapWindow(lines: LogLine[], li: number): LogLine[] {
  const stream = lines[li]!.stream;
  // A wrapped continuation carries no prefix of its own: no stream, or the same one.
  const continues = (i: number) => {
    const l = lines[i];
    return l !== undefined && l.text !== "" && sameWriter(l.stream, stream) && !l.recordStart;
  };
  let start = li;
  while (start > li - WRAP_BACK && start > 0 && continues(start) && lines[start - 1]!.text !== "") start--;
  let end = li;
  while (end < start + MAX_WRAP_LINES - 1 && continues(end + 1)) end++;
  return lines.slice(start, end + 1);
}

/** Lower-cases without changing length (İ lower-cases to two characters), so offsets still map to lines. */
function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

function re2Flags(flags: string): number {
  let f = 0;
  if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes("s")) f |= RE2JS.DOTALL;
  if (flags.includes("m")) f |= RE2JS.MULTILINE;
  return f;
}

function upperBound(a: Int32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index in `lines` of the line object a match reported (searched near the candidate). */
function lineIndexOf(lines: LogLine[], m: MatchedLine, near: number): number {
  for (let i = Math.max(0, near - WRAP_BACK); i < lines.length && i < near + 64; i++) if (lines[i]!.line === m.line && lines[i]!.text === m.text) return i;
  return near;
}

/** Line ends in a chunk, counted as normalizeLog does: `\r\n`, `\n` and a lone `\r`. */
function countNewlines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13 && s.charCodeAt(i + 1) !== 10) n++;
  }
  return n;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
