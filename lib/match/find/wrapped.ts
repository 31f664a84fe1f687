/**
 * Hard-wrapped text: a terminal breaks a long message at its width (mid-word,
 * or at a space it then loses), an issue tracker at spaces, and a multi-line
 * message keeps its own line breaks too. Whatever happened at each break, the
 * text without blanks is the same. This module finds keys a break cut in two
 * (the junction scan) and matches a pattern over a window of wrapped lines.
 */
import { looksLikeError, type LogLine } from "../../log/log-normalize";
import { groupBlanks, squeezePattern } from "../../pattern/pattern-analysis";
import { isJsWhitespace, withoutJsWhitespace } from "../../text";
import { captureOf, exec, requiredLiterals, type Found, type Program } from "./engine";
import { contextAgrees, foldCase, packOwners, upperBound, type KeyIndex } from "./key-index";
import type { MatcherEntry } from "../data/matcher-data";
import { KeyScanner } from "./prefilter";
import type { MatchedLine } from "../types";
import { HitsByText } from "./distinct-lines";
import { T } from "../rank/tuning";

/** How far before the candidate line a wrapped message may start (the tuning table's `wrapBack`). */
export const WRAP_BACK = T.wrapBack;
/** Raw characters read from each side of a line break, and non-blank characters kept (a key is at most 16). */
const JUNCTION = 24; // not tuning: sized to the longest key, as the key filter hashes it
const JUNCTION_KEEP = 16; // not tuning: the longest key
/** Length of every key of the wrapped scan: one rolling-hash pass serves them all. */
const WRAP_KEY_LENGTH = 8; // not tuning: one rolling-hash length for the scan

/** The keys without blanks, for the junction scan: owners are pairs (entry, context index). */
export interface WrapTables {
  exact: KeyIndex;
  folded: KeyIndex | null;
  /** Each owned key's literal context without blanks. */
  before: string[];
  after: string[];
}

/** Builds the junction scan's keys from the entries' keys. */
export function buildWrapTables(entries: MatcherEntry[]): WrapTables {
  const before: string[] = [];
  const after: string[] = [];
  const exactKeys = new Map<string, number[]>();
  const foldedKeys = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const k of e.keys) {
      const w = wrapKey(k);
      if (!w) continue;
      const target = e.flags.includes("i") ? foldedKeys : exactKeys;
      const list = target.get(w.text) ?? [];
      list.push(i, before.length);
      before.push(w.before);
      after.push(w.after);
      target.set(w.text, list);
    }
  });
  return {
    exact: { scanner: new KeyScanner([...exactKeys.keys()]), owners: packOwners(exactKeys) },
    folded: foldedKeys.size ? { scanner: new KeyScanner([...foldedKeys.keys()]), owners: packOwners(foldedKeys) } : null,
    before,
    after,
  };
}

/**
 * Where a line may continue on the next (a wrapped message), a key may have
 * been cut by the break, so the exact scan misses it. Each such junction —
 * the end of one line and the start of the next, blanks removed — is
 * scanned again for the keys without blanks. Only the junctions: a key that
 * lies within one line was already found. `errorish[k]`, when given, is
 * looksLikeError(lines[k]); `textIds[k]`, when given, numbers line k's text
 * (equal texts, equal numbers), so a pair of texts that meets many times is
 * scanned once.
 */
export function scanJunctions(
  t: WrapTables,
  lines: LogLine[],
  from: number,
  add: (entry: number, line: number) => void,
  errorish?: ArrayLike<number>,
  textIds?: ArrayLike<number>,
): void {
  const junctions = new JunctionText();
  // Each junction met: the line before the break and the junction's index in the text.
  const met: number[] = [];
  const pairs = textIds ? new Map<number, number>() : null;
  for (let k = Math.max(1, from); k < lines.length; k++) {
    const next = lines[k]!;
    const prev = lines[k - 1]!;
    if (prev.text === "" || !isContinuation(next, prev.stream, errorish ? errorish[k] === 1 : undefined)) continue;
    if (pairs) {
      const pair = textIds![k - 1]! * PAIR + textIds![k]!;
      const seen = pairs.get(pair);
      if (seen !== undefined) {
        met.push(k - 1, seen);
        continue;
      }
      pairs.set(pair, junctions.starts.length);
    }
    met.push(k - 1, junctions.starts.length);
    junctions.push(prev.text, next.text);
  }
  if (junctions.starts.length === 0) return;
  const hits = keysCutByBreaks(t, junctions);
  for (let m = 0; m < met.length; m += 2) hits.each(met[m + 1]!, met[m]!, add);
}

/**
 * The junctions' text, written code unit by code unit into one buffer (no string per line): each junction the end of
 * one line and the start of the next, blanks removed, then a newline.
 */
class JunctionText {
  private buf = new Uint16Array(4096); // not tuning: the buffer's first size, doubled as needed
  private offset = 0;
  /** Each junction's start in the text, and where its break (the end of the first line's part) falls. */
  readonly starts: number[] = [];
  readonly breaks: number[] = [];

  /** Adds the junction of line text `p` and the next line's text `n`. */
  push(p: string, n: string): void {
    if (this.offset + 2 * JUNCTION_KEEP + 1 > this.buf.length) {
      const grown = new Uint16Array(this.buf.length * 2);
      grown.set(this.buf);
      this.buf = grown;
    }
    const buf = this.buf;
    this.starts.push(this.offset);
    // The last JUNCTION_KEEP non-blank code units of the previous line's last JUNCTION, in order.
    let first = p.length;
    let kept = 0;
    for (let i = p.length - 1; i >= Math.max(0, p.length - JUNCTION) && kept < JUNCTION_KEEP; i--) {
      if (!isJsWhitespace(p.charCodeAt(i))) {
        first = i;
        kept++;
      }
    }
    for (let i = first; i < p.length; i++) {
      const c = p.charCodeAt(i);
      if (!isJsWhitespace(c)) buf[this.offset++] = c;
    }
    this.breaks.push(this.offset);
    // The first JUNCTION_KEEP non-blank code units of the next line's first JUNCTION.
    kept = 0;
    for (let i = 0; i < Math.min(n.length, JUNCTION) && kept < JUNCTION_KEEP; i++) {
      const c = n.charCodeAt(i);
      if (!isJsWhitespace(c)) {
        buf[this.offset++] = c;
        kept++;
      }
    }
    buf[this.offset++] = 10; // not tuning: a newline ends each junction
  }

  /** The text written so far. */
  text(): string {
    const chunks: string[] = [];
    const step = 8192; // not tuning: code units per String.fromCharCode call
    for (let i = 0; i < this.offset; i += step)
      chunks.push(String.fromCharCode.apply(null, this.buf.subarray(i, Math.min(this.offset, i + step)) as unknown as number[]));
    return chunks.join("");
  }
}

/** Scans the junctions for the keys without blanks: each hit a break cut in two, filed under its junction's index. */
function keysCutByBreaks(t: WrapTables, junctions: JunctionText): HitsByText {
  const text = junctions.text();
  const startsArr = Int32Array.from(junctions.starts);
  const onHit = (scanned: string, index: KeyIndex) => (key: number, pos: number) => {
    const keyLength = index.scanner.keys[key]!.length;
    const junction = upperBound(startsArr, pos) - 1;
    const cut = junctions.breaks[junction]!;
    // Only a key the break cut in two is news: one on either side was found by the exact scan.
    if (pos >= cut || pos + keyLength <= cut) return;
    const own = index.owners.data;
    for (let j = index.owners.start[key]!, end = index.owners.start[key + 1]!; j < end; j += 2) {
      const c = own[j + 1]!;
      if (contextAgrees(scanned, pos, keyLength, t.before[c]!, t.after[c]!)) hits.push(junction, own[j]!, 0);
    }
  };
  const hits = new HitsByText();
  t.exact.scanner.scan(text, onHit(text, t.exact));
  if (t.folded) {
    const folded = foldCase(text);
    t.folded.scanner.scan(folded, onHit(folded, t.folded));
  }
  hits.seal(0, junctions.starts.length);
  return hits;
}

/** Text numbers below this pack in pairs into one exact double. */
const PAIR = 2 ** 26; // not tuning: exact doubles

/**
 * Matches a program over the candidate line and the continuation lines
 * around it (same process, no new log record, no error or frame line),
 * without blanks, and maps the spans back. A match only counts if it crosses
 * a break and every non-empty line between its first and last is long enough
 * to have been wrapped. `squeezed(l)` is the line without blanks (cached by
 * the caller).
 */
export function matchWrapped(
  p: Program,
  lines: LogLine[],
  li: number,
  multiline: boolean,
  squeezed: (l: LogLine) => string,
): MatchedLine[] | null {
  const window = wrapWindow(lines, li, multiline);
  if (window.length < 2) return null;
  // The cheap test first: every literal run, without blanks, must be in the window without blanks.
  let text = "";
  for (const l of window) text += squeezed(l);
  p.literals ??= requiredLiterals(p);
  for (const lit of p.literals) if (!text.includes(lit)) return null;
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
      if (!isJsWhitespace(l.text.charCodeAt(c))) {
        fromLine.push(k);
        fromCol.push(c);
      }
    }
  });
  const found = exec(p.squeezed, text);
  if (!found || found.spans[1]! <= found.spans[0]!) return null;
  if (!blanksKept(p, found, fromLine, fromCol)) return null;
  const out = unsqueeze(found, window, fromLine, fromCol);
  if (out.length < 2) return null;
  // The first line may be short (its prefix took the room); the ones in the middle were full rows:
  // long, or long enough that the next row's first word would not have fitted.
  const width = Math.max(...out.slice(1).map((l) => l.text.length));
  const full = (l: MatchedLine, next: MatchedLine | undefined) =>
    l.text === "" || l.text.length >= T.minWrappedLine || l.text.length + 1 + firstWordLength(next?.text ?? "") > width;
  if (!out.slice(1, -1).every((l, i) => full(l, out[i + 2]))) return null;
  return out;
}

/**
 * Whether the text had a blank, or a line break, wherever the pattern has one beside a capture: without blanks, ` or `
 * after a capture matches the `or` of `for`, and the capture takes a sentence of another message.
 */
function blanksKept(p: Program, found: Found, fromLine: number[], fromCol: number[]): boolean {
  p.groupBlanks ??= groupBlanks(p.source);
  if (!p.groupBlanks) return true;
  // Kept characters k - 1 and k stood side by side on one line: no blank and no break between them.
  const joined = (k: number) => k > 0 && k < fromLine.length && fromLine[k] === fromLine[k - 1] && fromCol[k] === fromCol[k - 1]! + 1;
  for (const [g, { before, after }] of p.groupBlanks) {
    const [a, b] = [found.spans[g * 2]!, found.spans[g * 2 + 1]!];
    if (a < 0 || b < a) continue;
    if ((before && joined(a)) || (after && joined(b))) return false;
  }
  return true;
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
      m.captures.push(captureOf(found, g, m.text.slice(start, end), start, end));
    }
  }
  return out;
}

function firstWordLength(t: string): number {
  const i = t.search(/\s/);
  return i < 0 ? t.length : i;
}

/** Whether a line can be the wrapped tail of a line written by `stream` (`errorish`: looksLikeError(l), when known). */
function isContinuation(l: LogLine, stream: string | undefined, errorish?: boolean): boolean {
  return (
    l.text !== "" &&
    !l.recordStart &&
    sameWriter(l.stream, stream) &&
    !(errorish === undefined ? startsSomethingNew(l) : errorish || FRAME_LINE.test(l.text))
  );
}

/**
 * A key without its blanks, for the wrapped scan. Squeezing shortens a key
 * (`is not a` → `isnota`); a short one borrows characters from its literal
 * context (after, else before) to reach WRAP_KEY_LENGTH, so the scan keeps a
 * single key length and a single pass. A key that cannot reach it is left out
 * (its run is too short to tell anything apart anyway).
 */
function wrapKey(k: { text: string; before: string; after: string }): { text: string; before: string; after: string } | null {
  let text = withoutJsWhitespace(k.text);
  let before = withoutJsWhitespace(k.before);
  let after = withoutJsWhitespace(k.after);
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
export function sameWriter(a: string | undefined, b: string | undefined): boolean {
  return a === b || a === undefined || b === undefined || within(a, b) || within(b, a);
}

/** Whether stream tag `a` is one under `b` (`sglang-1/TP1` under `sglang-1`), without building `${b}/` for every line. */
function within(a: string, b: string): boolean {
  return a.length > b.length && a.charCodeAt(b.length) === 47 && a.startsWith(b);
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
  const most = allowBlank ? T.maxWrapLines * 2 : T.maxWrapLines;
  while (end < start + most - 1 && continues(end + 1)) end++;
  while (end > li && lines[end]!.text === "") end--;
  return lines.slice(start, end + 1);
}
