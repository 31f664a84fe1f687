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
import { normalizeLog, looksLikeError, type LogLine } from "../log/log-normalize";
import { parseTracebacks, type Traceback } from "../log/traceback";
import { KeyScanner, type ScannerSnapshot } from "./prefilter";
import type { MatcherData, MatcherEntry } from "./matcher-data";
import { rankMatches } from "./rank";
import { PY_END_ANCHOR, analyzePattern, squeezePattern } from "../pattern/pattern-analysis";
import { captureGroups } from "../pattern/pattern-groups";

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

/** What V8 sees of a line for a pattern RE2 cannot run (lookaround, backreference): bounded by its degree too. */
function fallbackInputLimit(unbounded: number): number {
  return unbounded <= 1 ? 2_000 : unbounded === 2 ? 300 : 60;
}
/** Most lines a wrapped message is re-joined from. */
const MAX_WRAP_LINES = 6;
/** How far before the candidate line a wrapped message may start. */
const WRAP_BACK = 2;
/** Raw characters read from each side of a line break, and non-blank characters kept (a key is at most 16). */
const JUNCTION = 24;
const JUNCTION_KEEP = 16;
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

/** One runnable pattern (a record's full or partial pattern), compiled on first use. */
interface Program {
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
}

/** A compiled, reusable matcher over one dataset's matcher data. */
/**
 * A built Matcher as plain parts: `meta` is JSON with `{ $i: n }` standing
 * for `ints[n]` and `{ $s: n }` for `strs[n]`. Loading one skips every
 * hash and map of the constructor; entries are parsed only when a candidate
 * needs them. lib/snapshot-file stores it as bytes (the CLI's cache).
 */
export interface MatcherSnapshot {
  meta: Record<string, unknown>;
  ints: Int32Array[];
  strs: string[][];
}

/** Bump when the snapshot's parts or their meaning change. */
export const SNAPSHOT_FORMAT = 2;

export class Matcher {
  /** Entries by index; from a snapshot, parsed from `entryJson` on first use. */
  private readonly entryList: (MatcherEntry | undefined)[];
  private readonly entryJson: string[] | null = null;
  readonly entryCount: number;
  private readonly exact: KeyScanner;
  private readonly folded: KeyScanner | null;
  /** For each key of each scanner: triples of entry index, the pattern line the key is on, and its context index. */
  private readonly exactOwners: Owners;
  private readonly foldedOwners: Owners;
  private readonly residual: Int32Array;
  /** Lines without blanks, for the wrapped pre-check; dropped with the lines after each lookup. */
  private squeezed = new WeakMap<LogLine, string>();
  /** Keys without blanks and their entries, scanned over wrapped groups of lines without blanks. */
  private readonly wrapExact: KeyScanner;
  private readonly wrapExactOwners: Owners;
  private readonly wrapFolded: KeyScanner | null;
  private readonly wrapFoldedOwners: Owners;
  private readonly wrapBefore: string[];
  private readonly wrapAfter: string[];
  /** Each owned key's literal context (indexed by the third number of an owner triple). */
  private readonly keyBefore: string[];
  private readonly keyAfter: string[];
  /** Programs by entry index: [2i] the full pattern, [2i + 1] the partial one. */
  private readonly programs: (Program | undefined)[] = [];

  /** Builds the matcher for `data`, or loads one built before (`snapshot()`). */
  constructor(data: MatcherData | MatcherSnapshot) {
    if ("strs" in data) {
      const m = data.meta;
      const ref = (k: string) => m[k] as { $i?: number; $s?: number } | null;
      const ints = (k: string) => data.ints[ref(k)!.$i!]!;
      const strs = (k: string) => data.strs[ref(k)!.$s!]!;
      const scanner = (k: string): KeyScanner | null => {
        const r = m[k] as {
          keys: { $s: number };
          keyNext: { $i: number };
          tables: ScannerSnapshot["tables"];
          arrays: { $i: number }[];
        } | null;
        if (!r) return null;
        return new KeyScanner(data.strs[r.keys.$s]!, {
          keyNext: data.ints[r.keyNext.$i]!,
          tables: r.tables,
          arrays: r.arrays.map((a) => data.ints[a.$i]!),
        });
      };
      if (m.format !== SNAPSHOT_FORMAT) throw new Error(`matcher snapshot format ${String(m.format)} is not ${SNAPSHOT_FORMAT}`);
      this.entryJson = strs("entries");
      this.entryCount = this.entryJson.length;
      this.entryList = new Array(this.entryCount);
      this.residual = ints("residual");
      this.exact = scanner("exact")!;
      this.folded = scanner("folded");
      this.wrapExact = scanner("wrapExact")!;
      this.wrapFolded = scanner("wrapFolded");
      this.exactOwners = { start: ints("exactOwnersStart"), data: ints("exactOwnersData") };
      this.foldedOwners = { start: ints("foldedOwnersStart"), data: ints("foldedOwnersData") };
      this.wrapExactOwners = { start: ints("wrapExactOwnersStart"), data: ints("wrapExactOwnersData") };
      this.wrapFoldedOwners = { start: ints("wrapFoldedOwnersStart"), data: ints("wrapFoldedOwnersData") };
      this.keyBefore = strs("keyBefore");
      this.keyAfter = strs("keyAfter");
      this.wrapBefore = strs("wrapBefore");
      this.wrapAfter = strs("wrapAfter");
      return;
    }
    this.entryList = data.entries;
    this.entryCount = data.entries.length;
    this.keyBefore = [];
    this.keyAfter = [];
    this.wrapBefore = [];
    this.wrapAfter = [];
    const exactKeys = new Map<string, number[]>();
    const foldedKeys = new Map<string, number[]>();
    const residual: number[] = [];
    data.entries.forEach((e, i) => {
      if (e.keys.length === 0) residual.push(i);
      const target = e.flags.includes("i") ? foldedKeys : exactKeys;
      for (const k of e.keys) {
        const list = target.get(k.text) ?? [];
        list.push(i, k.line, this.keyBefore.length);
        this.keyBefore.push(k.before);
        this.keyAfter.push(k.after);
        target.set(k.text, list);
      }
    });
    this.residual = Int32Array.from(residual);
    this.exact = new KeyScanner([...exactKeys.keys()]);
    this.exactOwners = packOwners(exactKeys);
    this.folded = foldedKeys.size ? new KeyScanner([...foldedKeys.keys()]) : null;
    this.foldedOwners = packOwners(foldedKeys);
    // The same keys without blanks, for wrapped text, where a break may have cut a key;
    // owners as pairs (entry, context index), the context without blanks too.
    const squeezedKeys = new Map<string, number[]>();
    const squeezedFolded = new Map<string, number[]>();
    data.entries.forEach((e, i) => {
      for (const k of e.keys) {
        const w = wrapKey(k);
        if (!w) continue;
        const target = e.flags.includes("i") ? squeezedFolded : squeezedKeys;
        const list = target.get(w.text) ?? [];
        list.push(i, this.wrapBefore.length);
        this.wrapBefore.push(w.before);
        this.wrapAfter.push(w.after);
        target.set(w.text, list);
      }
    });
    this.wrapExact = new KeyScanner([...squeezedKeys.keys()]);
    this.wrapExactOwners = packOwners(squeezedKeys);
    this.wrapFolded = squeezedFolded.size ? new KeyScanner([...squeezedFolded.keys()]) : null;
    this.wrapFoldedOwners = packOwners(squeezedFolded);
  }

  /** The entry at `index` (parsed on first use when loaded from a snapshot). */
  entry(index: number): MatcherEntry {
    let e = this.entryList[index];
    if (e === undefined) this.entryList[index] = e = JSON.parse(this.entryJson![index]!) as MatcherEntry;
    return e;
  }

  /** Everything the constructor built, as plain parts (see MatcherSnapshot). */
  snapshot(datasetVersion = ""): MatcherSnapshot {
    const ints: Int32Array[] = [];
    const strs: string[][] = [];
    const i = (a: Int32Array) => ({ $i: ints.push(a) - 1 });
    const s = (a: string[]) => ({ $s: strs.push(a) - 1 });
    const scanner = (k: KeyScanner | null) => {
      if (!k) return null;
      const snap = k.snapshot();
      return { keys: s(k.keys), keyNext: i(snap.keyNext), tables: snap.tables, arrays: snap.arrays.map(i) };
    };
    const entries: string[] = [];
    for (let n = 0; n < this.entryCount; n++) entries.push(this.entryJson?.[n] ?? JSON.stringify(this.entry(n)));
    const meta: Record<string, unknown> = {
      format: SNAPSHOT_FORMAT,
      datasetVersion,
      entries: s(entries),
      residual: i(this.residual),
      exact: scanner(this.exact),
      folded: scanner(this.folded),
      wrapExact: scanner(this.wrapExact),
      wrapFolded: scanner(this.wrapFolded),
      exactOwnersStart: i(this.exactOwners.start),
      exactOwnersData: i(this.exactOwners.data),
      foldedOwnersStart: i(this.foldedOwners.start),
      foldedOwnersData: i(this.foldedOwners.data),
      wrapExactOwnersStart: i(this.wrapExactOwners.start),
      wrapExactOwnersData: i(this.wrapExactOwners.data),
      wrapFoldedOwnersStart: i(this.wrapFoldedOwners.start),
      wrapFoldedOwnersData: i(this.wrapFoldedOwners.data),
      keyBefore: s(this.keyBefore),
      keyAfter: s(this.keyAfter),
      wrapBefore: s(this.wrapBefore),
      wrapAfter: s(this.wrapAfter),
    };
    return { meta, ints, strs };
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
    for (let pos = 0; pos < log.length || (pos === 0 && log.length === 0);) {
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
      let best: { kind: MatchKind; lines: MatchedLine[] } | null = null;
      let occurrences = 0;
      const covered = new Set<number>();
      for (const li of [...starts].sort((a, b) => a - b)) {
        if (covered.has(li)) continue;
        const found = this.verify(entryIndex, lines, li);
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
      raw.map((r) => ({ entry: this.entry(r.entry), kind: r.kind, lines: r.lines, occurrences: r.occurrences })),
      tracebacks,
    );
    return { matches, lineCount: lines.length, tracebacks, lines, stopped, elapsedMs: now() - t0 };
  }

  private scanLines(lines: LogLine[], from: number, add: (entry: number, line: number) => void): void {
    if (from >= lines.length) return;
    const starts = new Int32Array(lines.length - from + 1);
    const parts: string[] = [];
    let offset = 0;
    for (let i = from; i < lines.length; i++) {
      starts[i - from] = offset;
      const t = lines[i]!.text;
      parts.push(t);
      offset += t.length + 1;
    }
    starts[lines.length - from] = offset;
    const text = parts.join("\n");
    const onHit = (scanned: string, scanner: KeyScanner, owners: Owners) => (key: number, pos: number) => {
      const own = owners.data;
      const keyLength = scanner.keys[key]!.length;
      let li = -1;
      for (let j = owners.start[key]!, end = owners.start[key + 1]!; j < end; j += 3) {
        const c = own[j + 2]!;
        if (!contextAgrees(scanned, pos, keyLength, this.keyBefore[c]!, this.keyAfter[c]!)) continue;
        if (li < 0) li = from + upperBound(starts, pos) - 1;
        add(own[j]!, li - own[j + 1]!);
      }
    };
    this.exact.scan(text, onHit(text, this.exact, this.exactOwners));
    if (this.folded) {
      const folded = foldCase(text);
      this.folded.scan(folded, onHit(folded, this.folded, this.foldedOwners));
    }
    this.scanWrapped(lines, from, add);
  }

  /**
   * Where a line may continue on the next (a wrapped message), a key may have
   * been cut by the break, so the exact scan misses it. Each such junction —
   * the end of one line and the start of the next, blanks removed — is
   * scanned again for the keys without blanks. Only the junctions: a key that
   * lies within one line was already found.
   */
  private scanWrapped(lines: LogLine[], from: number, add: (entry: number, line: number) => void): void {
    const parts: string[] = [];
    const starts: number[] = [];
    const breaks: number[] = [];
    const lineOf: number[] = [];
    let offset = 0;
    for (let k = Math.max(1, from); k < lines.length; k++) {
      const next = lines[k]!;
      const prev = lines[k - 1]!;
      if (prev.text === "" || !isContinuation(next, prev.stream)) continue;
      const tail = squeezeText(prev.text.slice(-JUNCTION)).slice(-JUNCTION_KEEP);
      const head = squeezeText(next.text.slice(0, JUNCTION)).slice(0, JUNCTION_KEEP);
      starts.push(offset);
      breaks.push(offset + tail.length);
      lineOf.push(k - 1);
      parts.push(tail, head, "\n");
      offset += tail.length + head.length + 1;
    }
    if (parts.length === 0) return;
    const text = parts.join("");
    const startsArr = Int32Array.from(starts);
    const onHit = (scanned: string, scanner: KeyScanner, owners: Owners) => (key: number, pos: number) => {
      const keyLength = scanner.keys[key]!.length;
      const junction = upperBound(startsArr, pos) - 1;
      const cut = breaks[junction]!;
      // Only a key the break cut in two is news: one on either side was found by the exact scan.
      if (pos >= cut || pos + keyLength <= cut) return;
      const own = owners.data;
      for (let j = owners.start[key]!, end = owners.start[key + 1]!; j < end; j += 2) {
        const c = own[j + 1]!;
        if (contextAgrees(scanned, pos, keyLength, this.wrapBefore[c]!, this.wrapAfter[c]!)) add(own[j]!, lineOf[junction]!);
      }
    };
    this.wrapExact.scan(text, onHit(text, this.wrapExact, this.wrapExactOwners));
    if (this.wrapFolded) {
      const folded = foldCase(text);
      this.wrapFolded.scan(folded, onHit(folded, this.wrapFolded, this.wrapFoldedOwners));
    }
  }

  private squeezeLine(l: LogLine): string {
    let q = this.squeezed.get(l);
    if (q === undefined) this.squeezed.set(l, (q = squeezeText(l.text)));
    return q;
  }

  /**
   * Tries a candidate, best kind first: the line (or, for a multi-line message,
   * the following lines of the same process), then the line re-joined with its
   * wrapped continuation lines, then the partial pattern.
   */
  private verify(entryIndex: number, lines: LogLine[], li: number): { kind: MatchKind; lines: MatchedLine[] } | null {
    const entry = this.entry(entryIndex);
    const full = this.program(entryIndex, false);
    const direct = entry.lines > 1 ? sameStream(lines, li, entry.lines + 2) : [lines[li]!];
    const found = this.tryWindow(full, direct, ["\n"]) ?? this.tryWrapped(full, lines, li, entry.lines > 1);
    if (found) return { kind: "full", lines: found };
    if (!entry.partial) return null;
    const partial = this.program(entryIndex, true);
    const part = this.tryWindow(partial, [lines[li]!], []) ?? this.tryWrapped(partial, lines, li, false);
    return part ? { kind: "partial", lines: part } : null;
  }

  private program(entryIndex: number, partial: boolean): Program {
    const slot = entryIndex * 2 + (partial ? 1 : 0);
    let p = this.programs[slot];
    if (!p) {
      const e = this.entry(entryIndex);
      const source = partial ? e.partial!.source : e.source;
      p = { source, flags: e.flags, engine: e.engine, unbounded: e.unbounded, names: groupNamesOf(source) };
      this.programs[slot] = p;
    }
    return p;
  }

  /**
   * Hard-wrapped text: a terminal breaks at its width (mid-word, or at a space
   * it then loses), an issue tracker at spaces, and a multi-line message keeps
   * its own line breaks too. Whatever happened at each break, the text without
   * blanks is the same: the window (the candidate line and the continuation
   * lines around it: same process, no new log record, no error or frame line)
   * is matched without blanks by the pattern without blanks, and the spans are
   * mapped back. A match only counts if it crosses a break and every non-empty
   * line between its first and last is long enough to have been wrapped.
   */
  private tryWrapped(p: Program, lines: LogLine[], li: number, multiline: boolean): MatchedLine[] | null {
    const window = wrapWindow(lines, li, multiline);
    if (window.length < 2) return null;
    // The cheap test first: every literal run, without blanks, must be in the window without blanks.
    let squeezed = "";
    for (const l of window) squeezed += this.squeezeLine(l);
    p.literals ??= requiredLiterals(p);
    for (const lit of p.literals) if (!squeezed.includes(lit)) return null;
    if (p.squeezed === undefined) {
      const source = squeezePattern(p.source);
      p.squeezed = source === null ? null : { ...p, source, names: p.names, v8: undefined, re2: undefined };
    }
    if (p.squeezed === null) return null;
    // Where each kept character came from.
    const fromLine: number[] = [];
    const fromCol: number[] = [];
    window.forEach((l, k) => {
      for (let c = 0; c < l.text.length; c++) {
        if (!isBlank(l.text.charCodeAt(c))) {
          fromLine.push(k);
          fromCol.push(c);
        }
      }
    });
    const found = exec(p.squeezed, squeezed);
    if (!found || found.spans[1]! <= found.spans[0]!) return null;
    const out = unsqueeze(found, window, fromLine, fromCol);
    if (out.length < 2) return null;
    // The first line may be short (its prefix took the room); the ones in the middle were full rows:
    // long, or long enough that the next row's first word would not have fitted.
    const width = Math.max(...out.slice(1).map((l) => l.text.length));
    const full = (l: MatchedLine, next: MatchedLine | undefined) =>
      l.text === "" || l.text.length >= MIN_WRAPPED_LINE || l.text.length + 1 + firstWordLength(next?.text ?? "") > width;
    if (!out.slice(1, -1).every((l, i) => full(l, out[i + 2]))) return null;
    return out;
  }

  /** Joins `window` with `seps[k]` after line k (the last separator repeats) and runs the pattern. */
  private tryWindow(p: Program, window: LogLine[], seps: string[]): MatchedLine[] | null {
    let text = window[0]!.text;
    const starts = [0];
    for (let k = 1; k < window.length; k++) {
      text += seps[Math.min(k - 1, seps.length - 1)] ?? "\n";
      starts.push(text.length);
      text += window[k]!.text;
    }
    const found = exec(p, text);
    return found ? locate(found, window, starts) : null;
  }
}

/** Runs a program on a text with the engine its shape and the text's length allow. */
function exec(p: Program, text: string): Found | null {
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
function requiredLiterals(p: Program): string[] {
  if (p.flags.includes("i")) return [];
  const shape = analyzePattern(p.source, p.flags);
  return shape.branches.length === 1 ? shape.branches[0]!.map((r) => squeezeText(r.text)).filter((t) => t.length >= 4) : [];
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

/** Maps spans found in a window's text without blanks back to its lines. */
function unsqueeze(found: Found, window: LogLine[], fromLine: number[], fromCol: number[]): MatchedLine[] {
  const [a, b] = [found.spans[0]!, found.spans[1]!];
  const first = fromLine[a]!;
  const last = fromLine[b - 1]!;
  const out: MatchedLine[] = [];
  for (let k = first; k <= last; k++) {
    const l = window[k]!;
    out.push({
      line: l.line,
      text: l.text,
      start: k === first ? fromCol[a]! : 0,
      end: k === last ? fromCol[b - 1]! + 1 : l.text.length,
      captures: [],
    });
  }
  for (let g = 1; g * 2 < found.spans.length; g++) {
    const [ca, cb] = [found.spans[g * 2]!, found.spans[g * 2 + 1]!];
    if (ca < 0 || cb <= ca) continue;
    const [l0, l1] = [fromLine[ca]!, fromLine[cb - 1]!];
    for (let k = l0; k <= l1; k++) {
      const m = out[k - first];
      if (!m) continue;
      const start = k === l0 ? fromCol[ca]! : 0;
      const end = k === l1 ? fromCol[cb - 1]! + 1 : m.text.length;
      const c: Capture = { group: g, value: m.text.slice(start, end), start, end };
      const name = found.names[g];
      if (name !== undefined) c.name = name;
      m.captures.push(c);
    }
  }
  return out;
}

/** Exactly JavaScript's `\s`, so the squeezed text, its map and the squeezed pattern agree. */
function isBlank(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function firstWordLength(t: string): number {
  const i = t.search(/\s/);
  return i < 0 ? t.length : i;
}

/** Whether a line can be the wrapped tail of a line written by `stream`. */
function isContinuation(l: LogLine, stream: string | undefined): boolean {
  return l.text !== "" && sameWriter(l.stream, stream) && !l.recordStart && !startsSomethingNew(l);
}

/** Each key's owners, packed: key k's numbers are `data[start[k]] … data[start[k + 1] - 1]`. */
interface Owners {
  start: Int32Array;
  data: Int32Array;
}

/** Packs the owner lists of a key map (in its key order) into two arrays instead of one small array per key. */
function packOwners(byKey: Map<string, number[]>): Owners {
  const start = new Int32Array(byKey.size + 1);
  let total = 0;
  let k = 0;
  for (const list of byKey.values()) {
    start[k++] = total;
    total += list.length;
  }
  start[k] = total;
  const data = new Int32Array(total);
  k = 0;
  for (const list of byKey.values()) data.set(list, start[k++]!);
  return { start, data };
}

/** Length of every key of the wrapped scan: one rolling-hash pass serves them all. */
const WRAP_KEY_LENGTH = 8;

/**
 * A key without its blanks, for the wrapped scan. Squeezing shortens a key
 * (`is not a` → `isnota`); a short one borrows characters from its literal
 * context (after, else before) to reach WRAP_KEY_LENGTH, so the scan keeps a
 * single key length and a single pass. A key that cannot reach it is left out
 * (its run is too short to tell anything apart anyway).
 */
function wrapKey(k: { text: string; before: string; after: string }): { text: string; before: string; after: string } | null {
  let text = squeezeText(k.text);
  let before = squeezeText(k.before);
  let after = squeezeText(k.after);
  if (text.length < WRAP_KEY_LENGTH) {
    const fromAfter = Math.min(after.length, WRAP_KEY_LENGTH - text.length);
    text += after.slice(0, fromAfter);
    after = after.slice(fromAfter);
  }
  if (text.length < WRAP_KEY_LENGTH) {
    const fromBefore = Math.min(before.length, WRAP_KEY_LENGTH - text.length);
    text = before.slice(before.length - fromBefore) + text;
    before = before.slice(0, before.length - fromBefore);
  }
  return text.length < WRAP_KEY_LENGTH ? null : { text, before, after };
}

/** The text without blanks (`isBlank`). */
function squeezeText(t: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < t.length; i++) {
    if (isBlank(t.charCodeAt(i))) {
      if (i > start) out += t.slice(start, i);
      start = i + 1;
    }
  }
  return start === 0 ? t : out + t.slice(start);
}

/** Traceback frame lines, as cleaned (indentation stripped). */
const FRAME_LINE = /^File "[^"]*", line \d+/;

/** A line that is its own thing (an error line, a traceback header or frame), never the wrapped tail of another. */
function startsSomethingNew(l: LogLine): boolean {
  return looksLikeError(l) || FRAME_LINE.test(l.text);
}

/**
 * Whether two lines can come from the same writer: the same stream, a line
 * with no prefix, or nested tags of one process (`ray/EngineCore` and `ray`).
 */
function sameWriter(a: string | undefined, b: string | undefined): boolean {
  return a === b || a === undefined || b === undefined || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The candidate line with the wrapped continuation lines before and after it (blank lines too, for a multi-line message). */
function wrapWindow(lines: LogLine[], li: number, allowBlank: boolean): LogLine[] {
  const stream = lines[li]!.stream;
  // A wrapped continuation carries no prefix of its own: no stream, or the same one.
  const continues = (i: number) => {
    const l = lines[i];
    if (l === undefined) return false;
    if (l.text === "") return allowBlank;
    return sameWriter(l.stream, stream) && !l.recordStart && !startsSomethingNew(l);
  };
  let start = li;
  while (start > li - WRAP_BACK && start > 0 && continues(start) && lines[start - 1]!.text !== "") start--;
  let end = li;
  const most = allowBlank ? MAX_WRAP_LINES * 2 : MAX_WRAP_LINES;
  while (end < start + most - 1 && continues(end + 1)) end++;
  while (end > li && lines[end]!.text === "") end--;
  return lines.slice(start, end + 1);
}

/**
 * Whether the text around a key hit agrees with the key's literal run, up to
 * the line's edges (a wrapped line may cut the run there).
 */
function contextAgrees(text: string, pos: number, keyLength: number, before: string, after: string): boolean {
  for (let i = 1; i <= before.length; i++) {
    const j = pos - i;
    if (j < 0) break;
    const c = text.charCodeAt(j);
    if (c === 10) break;
    if (c !== before.charCodeAt(before.length - i)) return false;
  }
  const end = pos + keyLength;
  for (let i = 0; i < after.length; i++) {
    const j = end + i;
    if (j >= text.length) break;
    const c = text.charCodeAt(j);
    if (c === 10) break;
    if (c !== after.charCodeAt(i)) return false;
  }
  return true;
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
  for (let i = Math.max(0, near - WRAP_BACK); i < lines.length && i < near + 64; i++)
    if (lines[i]!.line === m.line && lines[i]!.text === m.text) return i;
  return near;
}

/** Line ends in a chunk, counted as normalizeLog does: `\r\n`, `\n` and a lone `\r`. */
function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i >= 0; i = s.indexOf("\n", i + 1)) n++;
  for (let i = s.indexOf("\r"); i >= 0; i = s.indexOf("\r", i + 1)) if (s.charCodeAt(i + 1) !== 10) n++;
  return n;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
