/**
 * What a lookup compares by wording when no pattern fully matched a line:
 * each traceback's exception message and the other error-looking lines, as
 * blocks when a message runs over several lines (lib/match/matcher.ts).
 */
import { innerMessage } from "../../log/json-line";
import { type LogLine } from "../../log/log-normalize";
import { namedMessageStart, quotedException } from "../../log/looks-like-error";
import { endsPydanticCheck, pydanticCheck, pydanticMessage } from "../../log/pydantic";
import { finalTracebacks, type Traceback } from "../../log/traceback";
import { oneLineMessage } from "../../text";
import type { MatchedLine } from "../types";
import { sameWriter } from "./wrapped";
import { T } from "../rank/tuning";
import { lineAlone } from "../rules/candidates/line-alone";

/**
 * Of the records found alike by wording (best first), the `n` to compare and offer: those of a class the line names
 * first, as the ranking puts them (the class decides between alike wordings), and those the line contradicts by name
 * last, whatever their class (likely a sibling check; a moved check may change its class).
 */
export function pickSimilar<C extends { conflict: { record: number } }>(
  found: readonly C[],
  classOf: (c: C) => string,
  classes: readonly string[],
  n: number,
): C[] {
  const tier = (c: C) => (c.conflict.record > 0 ? 2 : classes.includes(classOf(c)) ? 0 : 1); // not tuning: the tiers' order
  return found
    .map((c, k) => ({ c, k }))
    .sort((a, b) => tier(a.c) - tier(b.c) || a.k - b.k)
    .slice(0, n)
    .map(({ c }) => c);
}

/** A text to compare by wording, the line it stands for, and that line's own message when the text joins more lines. */
export interface DriftQuery {
  text: string;
  line: MatchedLine;
  /** The line alone (lib/match/rules/candidates/line-alone), when `text` joined the lines after it; else null. */
  alone: string | null;
}

/**
 * The texts to compare by wording: each traceback's exception message (the
 * final ones first; a message wrapped over several lines as one block),
 * then the lines given in `errorish` (the error-looking lines, then a
 * paste's bare lines: see Matcher), each with an exception it quotes; none
 * a pattern fully matched.
 */
export function driftQueries(
  lines: LogLine[],
  errorish: number[],
  errorFlags: number[],
  tracebacks: Traceback[],
  fullLines: Set<number>,
  byLine: LinesByNumber,
): DriftQuery[] {
  const out: DriftQuery[] = [];
  const seen = new Set<string>();
  const add = (text: string, l: LogLine, start: number, end = l.text.length, alone: string | null = null) => {
    const key = innerMessage(text).trim();
    if (key.length < T.minQueryLetters || seen.has(key) || out.length >= T.maxDriftQueries) return;
    seen.add(key);
    out.push({ text: key, line: { line: l.line, text: l.text, start, end, captures: [] }, alone });
  };
  const finals = finalTracebacks(tracebacks);
  const inTraceback = new Set<number>();
  for (const tb of [...finals.reverse(), ...tracebacks]) {
    for (let n = tb.exceptionLine; n <= tb.endLine; n++) inTraceback.add(n);
    const l = byLine.get(tb.exceptionLine);
    if (!l || fullLines.has(tb.exceptionLine)) continue;
    // Pydantic's report is a frame around the failed check's own message: that is what a record raised, on its line.
    const check = pydanticMessage(tb.message);
    const checkLine = check === null ? undefined : pydanticLine(tb, check, byLine);
    if (check !== null && checkLine && !fullLines.has(checkLine.line)) {
      add(check, checkLine, Math.max(0, checkLine.text.indexOf(check)));
      continue;
    }
    const at = l.text.indexOf(tb.message.split("\n")[0] ?? "");
    add(oneLineMessage(tb.message), l, at < 0 ? 0 : at);
  }
  for (const i of errorish) {
    if (out.length >= T.maxDriftQueries) break;
    const l = lines[i]!;
    // A traceback's header is no message; a line a pattern fully matched needs no other answer.
    if (fullLines.has(l.line) || inTraceback.has(l.line) || TRACEBACK_HEADER.test(l.text)) continue;
    const start = namedMessageStart(l.text);
    // A message the log wrapped or continued over lines is compared as one block (pydantic's check line is whole).
    const check = pydanticCheck(l.text);
    let text = check ?? l.text.slice(start);
    for (let k = i + 1; k < lines.length && k <= i + T.maxBlockLines && !endsPydanticCheck(l.text); k++) {
      const next = lines[k]!;
      if (
        !next.text ||
        next.recordStart ||
        fullLines.has(next.line) ||
        !sameWriter(next.stream, l.stream) ||
        errorFlags[k] === 1 ||
        FRAME.test(next.text)
      )
        break;
      text += " " + next.text;
    }
    const own = lineAlone(l.text, start, text);
    add(text, l, start, l.text.length, own && innerMessage(own).trim());
    // An exception quoted in a sentence (`why do I get the error "ValueError: x (15) has to be …" when I run …`, or a
    // wrapper's `error 'ValueError: …'`): its message, to the closing quote, is compared too.
    const quoted = quotedException(l.text, start);
    if (quoted) add(quoted.text, l, quoted.start);
  }
  // A raise statement quoted outside any traceback (an issue quoting the code that fails, a code review): the string it
  // raises is the message. (Inside a traceback the exception line says it, or the raise site answers a cut paste.)
  for (let i = 0; i < lines.length && out.length < T.maxDriftQueries; i++) {
    const l = lines[i]!;
    if (!l.text.startsWith("raise ") || fullLines.has(l.line) || tracebacks.some((tb) => l.line >= tb.startLine && l.line <= tb.endLine))
      continue;
    const raised = raisedString(lines, i);
    if (raised) add(raised.text, l, raised.start, raised.end);
  }
  return out;
}

const RAISE_STRING = /^raise\s+[A-Za-z_][\w.]*\(\s*(?:[rR]?[fF]|[fF]?[rR])?(["'])((?:\\.|(?!\1).)*)\1/;
const STRING_PART = /^(?:[rR]?[fF]|[fF]?[rR])?(["'])((?:\\.|(?!\1).)*)\1\s*\)?$/;

/**
 * The message a `raise X("…")` line raises: its string literal, with the literals on the lines right after it that
 * Python joins to it (`"… blocks. "` / `"Try increasing …")`), an f-string's `{fields}` left out (they are the
 * values); null when the line raises no literal.
 */
export function raisedString(lines: LogLine[], i: number): { text: string; start: number; end: number } | null {
  const m = RAISE_STRING.exec(lines[i]!.text);
  if (!m) return null;
  let text = m[2]!; // not tuning: the string group
  for (let k = i + 1; k < lines.length && k <= i + T.maxBlockLines; k++) {
    const part = STRING_PART.exec(lines[k]!.text);
    if (!part) break;
    text += part[2]!; // not tuning: the string group
  }
  text = text
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/\\(["'\\])/g, "$1")
    .trim();
  // The span is the first line's string, inside its quotes.
  return { text, start: m[0].indexOf(m[1]!) + 1, end: m[0].length - 1 };
}

/** The line of a traceback's message that holds pydantic's failed check `check`. */
function pydanticLine(tb: Traceback, check: string, byLine: LinesByNumber): LogLine | undefined {
  for (let n = tb.exceptionLine + 1; n <= tb.endLine; n++) {
    const l = byLine.get(n);
    if (l && pydanticCheck(l.text) === check) return l;
  }
  return undefined;
}

/** The first line object of each log line number (a JSON line makes several), found on demand. */
export interface LinesByNumber {
  get(line: number): LogLine | undefined;
}

/** Lines come in line-number order, so a binary search finds a number's first line object: no map of every line. */
export function firstLineObjects(lines: LogLine[]): LinesByNumber {
  return {
    get(line: number): LogLine | undefined {
      let lo = 0;
      let hi = lines.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (lines[mid]!.line < line) lo = mid + 1;
        else hi = mid;
      }
      return lines[lo]?.line === line ? lines[lo] : undefined;
    },
  };
}

const FRAME = /^File "[^"]*", line \d+|^Traceback \(most recent call last\)/;
const TRACEBACK_HEADER = /Traceback \(most recent call last\):?$/;

/**
 * A paste's bare lines, to compare by wording after its error lines: those holding a record's literal text that its
 * pattern did not match, neither error-looking, nor matched by another record (fully or in part: it is answered),
 * nor inside a traceback (a frame's source line quotes code, not a message), one per text, in order. A message printed bare, without its class, is found so. In a log with more than
 * T.maxBareTexts such texts, none: there they are the common phrases of a long log, and comparing them would cost the
 * lookup its speed and give noise.
 */
export function bareLines(
  lines: LogLine[],
  hinted: Set<number>,
  errorFlags: number[],
  textIds: number[],
  tracebacks: Traceback[],
  answered: Set<number>,
): number[] {
  const texts = new Set<number>();
  const out: number[] = [];
  for (const li of [...hinted].sort((a, b) => a - b)) {
    if (errorFlags[li] || answered.has(lines[li]!.line) || texts.has(textIds[li]!)) continue;
    texts.add(textIds[li]!);
    if (texts.size > T.maxBareTexts) return [];
    out.push(li);
  }
  return out.filter((li) => !tracebacks.some((tb) => lines[li]!.line >= tb.startLine && lines[li]!.line <= tb.endLine));
}
