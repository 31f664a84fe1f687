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

/** Largest input V8's backtracking engine sees for a pattern with this many unbounded repetitions; longer inputs go to RE2. */
export function v8InputLimit(unbounded: number): number {
  if (unbounded <= 0) return Infinity;
  if (unbounded === 1) return 20_000;
  if (unbounded === 2) return 4_000;
  return 1_000;
}

/** Lines a wrapped message may have been broken into. */
const WRAP_SPAN = 3;
/** Matches kept per record: enough to show, not enough to flood. */
const MAX_OCCURRENCES_KEPT = 20;
const CHUNK_CHARS = 2_000_000;

interface Found {
  /** Start and end offsets of the match and of each group in `text`, -1 when a group did not take part. */
  spans: number[];
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
      let lastCovered = -1;
      for (const li of [...starts].sort((a, b) => a - b)) {
        if (li <= lastCovered) continue;
        const found = this.verify(entry, lines, li);
        if (!found) continue;
        occurrences++;
        lastCovered = Math.max(li, ...found.lines.map((m) => lineIndexOf(lines, m.line, li)));
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
    this.folded?.scan(text.toLowerCase(), onHit(this.foldedOwners));
  }

  /** Tries a candidate: the line (or multi-line window), then wrapped joins, then the partial pattern. */
  private verify(entry: MatcherEntry, lines: LogLine[], li: number): { kind: MatchKind; lines: MatchedLine[] } | null {
    const span = Math.max(1, entry.lines);
    const attempts: { kind: MatchKind; source: string; from: number; to: number; sep: string }[] = [];
    attempts.push({ kind: "full", source: entry.source, from: li, to: Math.min(lines.length, li + span + (span > 1 ? 2 : 0)), sep: "\n" });
    for (const sep of [" ", ""]) {
      attempts.push({ kind: "full", source: entry.source, from: Math.max(0, li - 1), to: Math.min(lines.length, li + span + WRAP_SPAN), sep });
    }
    if (entry.partial) {
      attempts.push({ kind: "partial", source: entry.partial.source, from: li, to: li + 1, sep: "\n" });
      attempts.push({ kind: "partial", source: entry.partial.source, from: li, to: Math.min(lines.length, li + WRAP_SPAN), sep: " " });
    }
    for (const a of attempts) {
      const window = lines.slice(a.from, a.to);
      const text = window.map((l) => l.text).join(a.sep);
      const found = this.exec(entry, a.source, text);
      if (!found) continue;
      const located = locate(found, window, a.sep);
      // A wrapped join only counts when the match really crosses a line break near the candidate.
      if (a.sep !== "\n" && located.length < 2) continue;
      return { kind: a.kind, lines: located };
    }
    return null;
  }

  /** Runs a pattern on a text with the engine its shape and the text's length allow. */
  private exec(entry: MatcherEntry, source: string, text: string): Found | null {
    let c = this.compiled.get(source);
    if (!c) {
      c = { names: [] };
      this.compiled.set(source, c);
    }
    if (entry.engine === "v8" && text.length <= v8InputLimit(entry.unbounded)) {
      c.v8 ??= new RegExp(source, entry.flags + "d");
      c.v8.lastIndex = 0;
      const m = c.v8.exec(text);
      if (!m || !m.indices) return null;
      if (c.names.length === 0) c.names = groupNames(m);
      const spans: number[] = [];
      for (const pair of m.indices) spans.push(pair ? pair[0] : -1, pair ? pair[1] : -1);
      return { spans };
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
      // Patterns RE2 cannot run were proven safe at validation; still bound what V8 sees.
      return this.exec({ ...entry, engine: "v8", unbounded: Math.max(entry.unbounded, 3) }, source, text.slice(0, v8InputLimit(3)));
    }
    const m = c.re2.matcher(text);
    if (!m.find()) return null;
    const spans: number[] = [];
    for (let g = 0; g <= m.groupCount(); g++) spans.push(m.start(g), m.end(g));
    if (c.names.length === 0) {
      const byIndex: (string | undefined)[] = [];
      for (const [name, index] of Object.entries(c.re2.namedGroups())) byIndex[index] = name;
      c.names = byIndex;
    }
    return { spans };
  }
}

/** Turns spans in a joined window back into per-line spans and captures. */
function locate(found: Found, window: LogLine[], sep: string): MatchedLine[] {
  const starts: number[] = [];
  let off = 0;
  for (const l of window) {
    starts.push(off);
    off += l.text.length + sep.length;
  }
  const [mStart, mEnd] = [found.spans[0]!, found.spans[1]!];
  const out: MatchedLine[] = [];
  window.forEach((l, i) => {
    const ls = starts[i]!;
    const le = ls + l.text.length;
    if (mEnd < ls || mStart > le || (mEnd === ls && mStart !== mEnd)) return;
    const captures: Capture[] = [];
    for (let g = 1; g * 2 < found.spans.length; g++) {
      const s = found.spans[g * 2]!;
      const e = found.spans[g * 2 + 1]!;
      if (s < 0 || s < ls || s > le) continue;
      captures.push({ group: g, value: l.text.slice(s - ls, Math.min(e, le) - ls), start: s - ls, end: Math.min(e, le) - ls });
    }
    out.push({ line: l.line, text: l.text, start: Math.max(0, mStart - ls), end: Math.min(l.text.length, mEnd - ls), captures });
  });
  return out;
}

function groupNames(m: RegExpExecArray): (string | undefined)[] {
  const names: (string | undefined)[] = [];
  if (m.groups) {
    // Named groups keep their order of appearance; map them onto group numbers by value identity is unreliable, so use indices.groups.
    const ig = m.indices?.groups ?? {};
    for (const [name, pair] of Object.entries(ig)) {
      const i = m.indices!.findIndex((p, k) => k > 0 && p === pair);
      if (i > 0) names[i] = name;
    }
  }
  return names;
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

function lineIndexOf(lines: LogLine[], line: number, near: number): number {
  for (let i = near; i < lines.length && i < near + 64; i++) if (lines[i]!.line === line) return i;
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
