/**
 * log-normalize — turns a pasted log into clean lines for the error matcher.
 *
 * Guarantees:
 * - Framework-free: no `node:*` imports, no dependencies; runs unchanged in Node,
 *   browsers and Web Workers.
 * - `cleanLine` never throws and is idempotent for every input string:
 *   `cleanLine(cleanLine(x)) === cleanLine(x)`. It removes ANSI escapes (real and
 *   pasted remnants), control characters, `\r` progress-bar overwrites, stacked
 *   per-line prefixes (timestamps, levels, ranks, process tags, docker/kubectl/CI
 *   prefixes), markdown decoration, and all leading/trailing whitespace. Everything
 *   else — the message as the program printed it — is kept as is.
 * - `cleanLineWithMap(raw).text === cleanLine(raw)`; its map is non-decreasing, within
 *   [0, raw.length], and `raw[map[i]] === text[i]`.
 * - `normalizeLog` returns one LogLine per original line (1-based `line`, empty lines
 *   included; text === cleanLine(row)), except that a structured JSON line with a message
 *   field becomes the message's own lines, all carrying the original line number.
 * - Cost: a plain line costs a char-class test (skipped when the whole log has no control
 *   chars), an indexOf("["), and a few char checks; regexes run only after a cheap
 *   first-character test.
 *
 * Decisions:
 * - Line ends: `\n`, `\r\n` and a lone `\r` all end a line (as a browser textarea does), so
 *   in normalizeLog a `\r` progress bar becomes several lines; cleanLine, given a line that
 *   still holds `\r`, keeps the text after the last one.
 * - Indentation is NOT kept: `text` never starts or ends with blanks. The traceback parser
 *   works from content (`File "…", line N` is a frame wherever it is).
 * - Levels are stripped (`ERROR `, `ERROR:root:`, `[ERROR]`, `E1025 …]`…) but remembered in
 *   `LogLine.level`; pass the LogLine, not its text, to looksLikeError to count them.
 *   Lower/title-case `error:` / `Error:` are the program's own words and stay.
 * - A prefix is stripped only in a recognised shape (see prefixEnd): a timestamp form, a
 *   bracket whose content is a timestamp/rank tag/level/glog head/kubectl target/`file.py:N`,
 *   `(… pid=N …)`, a compose `name-1  | `, a level word followed by a separator, `##[x]`,
 *   `::error::`. `[0, 1]`, `[1/3]`, `RuntimeError: x`, `ls | grep` are left alone.
 * - Markdown: fences (```` ``` ````, ```` ```python ````) become "", `>` quote markers go
 *   (nested too, also `>>> `), a line wrapped in one pair of backticks or in ```` ``` ```` is
 *   unwrapped, `**…**` is removed only at the start of a line (whole line, or a leading span
 *   such as `**RuntimeError**: x`). Bullets `- ` / `* ` / `+ ` are removed only before an
 *   exception line or a traceback header (elsewhere they may be the program's text).
 * - ESC-less remnants: `[` + digits/semicolons + `m` and `[?25l`/`[?25h` go; `[5m]` (a
 *   duration in brackets) stays, `[0m]` and `[1;31m]` go. Caret (`^[[31m`), literal
 *   (`\x1b[31m`, `\033[0m`, `\u001b[0m`, `\e[0m`) and visible-␛ forms need a common final
 *   byte, so `^[[:alpha:]]` stays.
 */
import { RE_CTRL_IN_LOG, needsControl, stripControls } from "./ansi";
import { isInlineBlank } from "../text";
import { expandJson } from "./json-line";
import type { LogLine } from "./log-line";
import { type Info, RE_FENCE, RE_RAY_REPEAT, prefixEnd, trimEndLen } from "./prefix";
import { Track } from "./track";

export type { LogLevel, LogLine } from "./log-line";
export { looksLikeError } from "./looks-like-error";

/**
 * The whole cleaning pipeline. `t` tracks raw positions (cleanLineWithMap only); `info`
 * collects level/stream/record facts (normalizeLog only).
 */
function cleanCore(raw: string, info: Info | null, t: Track | null, mayHaveCR: boolean, mayHaveCtrl = true): string {
  let s = raw;
  // \r: a terminal overwrites the line; keep what was written last.
  if (mayHaveCR) {
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 13) end--;
    const cr = end > 0 ? s.lastIndexOf("\r", end - 1) : -1;
    if (cr >= 0 || end < s.length) {
      s = s.slice(cr + 1, end);
      if (t) t.cut(cr + 1);
    }
  }
  if (needsControl(s, mayHaveCtrl)) s = stripControls(s, t);
  let e = trimEndLen(s);
  if (e < s.length) s = s.slice(0, e);

  // `lo` advances over prefixes; `s` is re-sliced only when its end changes (rare).
  let lo = 0;
  for (;;) {
    const n = s.length;
    while (lo < n && isInlineBlank(s.charCodeAt(lo))) lo++;
    if (lo >= n) break;
    const k = prefixEnd(s, lo, info);
    if (k > lo) {
      lo = k;
      continue;
    }
    // decoration around the whole line
    const c = s.charCodeAt(lo);
    const last = s.charCodeAt(n - 1);
    const len = n - lo;
    if (c === 96) {
      // `
      if (RE_FENCE.test(lo ? s.slice(lo) : s)) {
        s = "";
        lo = 0;
        break;
      }
      if (len >= 7 && s.startsWith("```", lo) && s.endsWith("```")) {
        s = s.slice(lo + 3, n - 3);
        if (t) t.cut(lo + 3);
      } else if (len >= 3 && last === 96 && s.indexOf("`", lo + 1) === n - 1) {
        s = s.slice(lo + 1, n - 1);
        if (t) t.cut(lo + 1);
      } else break;
    } else if (c === 42 && s.charCodeAt(lo + 1) === 42) {
      // **bold** around the line or around the error class
      const j = s.indexOf("**", lo + 2);
      if (
        j < lo + 3 ||
        isInlineBlank(s.charCodeAt(lo + 2)) ||
        isInlineBlank(s.charCodeAt(j - 1)) ||
        s.charCodeAt(lo + 2) === 42 ||
        s.charCodeAt(j + 2) === 42
      )
        break;
      if (j + 2 === n) {
        s = s.slice(lo + 2, j);
        if (t) t.cut(lo + 2);
      } else {
        if (t) {
          const a: number[] = [];
          for (let x = lo + 2; x < j; x++) a.push(t.at(x));
          for (let x = j + 2; x < n; x++) a.push(t.at(x));
          t.set(a);
        }
        s = s.slice(lo + 2, j) + s.slice(j + 2);
        // the join may form a new escape remnant: keep stage 1 at its fixed point
        if (needsControl(s)) s = stripControls(s, t);
      }
    } else if (last === 93 && s.endsWith("x across cluster]") && RE_RAY_REPEAT.test(s)) {
      s = s.slice(lo).replace(RE_RAY_REPEAT, "");
      if (t) t.cut(lo);
    } else break;
    lo = 0;
    e = trimEndLen(s);
    if (e < s.length) s = s.slice(0, e);
  }
  if (lo === 0) return foldFullWidth(s);
  if (t) t.cut(lo);
  return foldFullWidth(s.slice(lo));
}

/** Full-width punctuation and its ASCII form, one character each (so positions are kept). */
const FULL_WIDTH: Record<string, string> = { "：": ":", "，": ",", "。": ".", "；": ";", "（": "(", "）": ")", "！": "!", "？": "?" };
const RE_FULL_WIDTH = /[：，。；（）！？]/;
const RE_FULL_WIDTH_NEAR_ASCII = /(?<=[A-Za-z0-9_'"`)\]])[：，。；（）！？]|[：，。；（）！？](?=[A-Za-z0-9_'"`([])/g;

/**
 * A message next to full-width punctuation (`ValueError：x`, `… failed。`, pasted from a
 * CJK editor or chat) reads as its ASCII form; punctuation inside CJK text is left alone.
 */
function foldFullWidth(s: string): string {
  return RE_FULL_WIDTH.test(s) ? s.replace(RE_FULL_WIDTH_NEAR_ASCII, (c) => FULL_WIDTH[c]!) : s;
}

// ---------------------------------------------------------------------------
// public API: lines

/** Cleans one raw line (no newline inside). Idempotent: cleanLine(cleanLine(x)) === cleanLine(x). */
export function cleanLine(raw: string): string {
  return cleanCore(raw, null, null, true);
}

/**
 * Same as cleanLine but also returns, for each char of the result, the index in `raw` it came
 * from (map.length === text.length + 1; the last entry is the raw end of the last char, or
 * raw.length for an empty result).
 */
export function cleanLineWithMap(raw: string): { text: string; map: Int32Array } {
  const t = new Track();
  const text = cleanCore(raw, null, t, true);
  const n = text.length;
  const map = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) map[i] = t.at(i);
  map[n] = n > 0 ? (map[n - 1] as number) + 1 : raw.length;
  return { text, map };
}

function makeLine(line: number, text: string, info: Info): LogLine {
  return { line, text, level: info.level || undefined, stream: info.stream, recordStart: info.record || undefined };
}

/**
 * Splits a whole log (any of \n, \r\n, \r line ends) and cleans each line. A trailing line end
 * does not make an extra empty line. A line that is (or ends with) a JSON object with a
 * message-like field (message/msg/event/log, plus error/err/exception/exc_info/stack…)
 * becomes that field's unescaped lines; a line ending with a JSON string literal holding
 * `\n` escapes becomes its prefix plus the unescaped lines. All keep the original `line`.
 */
export function normalizeLog(log: string): LogLine[] {
  return normalizeRows(log, 0).lines;
}

/**
 * normalizeLog for a part of a log whose first line is line `before + 1` of the whole: its lines, numbered in the
 * whole log, and how many line ends the part holds (a trailing one included), so the next part can go on from there.
 */
export function normalizeRows(log: string, before: number): { lines: LogLine[]; rows: number } {
  const rows = log.indexOf("\r") < 0 ? log.split("\n") : log.split(/\r\n|\r|\n/);
  const ends = rows.length - 1;
  if (rows.length > 1 && rows[rows.length - 1] === "") rows.pop();
  const out: LogLine[] = [];
  const info: Info = { level: undefined, stream: undefined, record: false };
  // one pass over the whole log: most logs have no control chars at all
  const ctrl = RE_CTRL_IN_LOG.test(log);
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i] as string;
    info.level = undefined;
    info.stream = undefined;
    info.record = false;
    const text = cleanCore(raw, info, null, false, ctrl);
    const last = text.charCodeAt(text.length - 1);
    if ((last === 125 || last === 34) && expandInto(out, before + i + 1, text, info)) continue;
    out.push(makeLine(before + i + 1, text, info));
  }
  return { lines: out, rows: ends };
}

/** Pushes the lines of a structured (JSON) line; false when the line isn't one. */
function expandInto(out: LogLine[], line: number, text: string, info: Info): boolean {
  const j = expandJson(text);
  if (!j) return false;
  // Most bodies are one line: no regex split for them.
  const inner = j.body.indexOf("\n") < 0 && j.body.indexOf("\r") < 0 ? [j.body] : j.body.split(/\r\n|\r|\n/);
  if (inner.length > 1 && inner[inner.length - 1] === "") inner.pop();
  for (let k = 0; k < inner.length; k++) {
    const sub: Info = { level: undefined, stream: undefined, record: false };
    const t = cleanCore(k === 0 ? j.prefix + (inner[0] as string) : (inner[k] as string), sub, null, false);
    if (k === 0) {
      sub.record = true;
      sub.level ??= j.level ?? info.level;
    }
    if (info.stream !== undefined) sub.stream = sub.stream === undefined ? info.stream : info.stream + "/" + sub.stream;
    out.push(makeLine(line, t, sub));
  }
  return true;
}
