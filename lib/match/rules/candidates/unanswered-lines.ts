/**
 * unanswered-lines: a log nothing answered has its other lines compared too: an issue's title, a quoted warning.
 */
import type { LogLine } from "../../../log/log-normalize";
import type { RuleDoc } from "../rule";
import { T } from "../../rank/tuning";
import type { Traceback } from "../../../log/traceback";

export const UNANSWERED_LINES: RuleDoc = {
  id: "unanswered-lines",
  stage: "candidates",
  doc:
    "When no pattern, wording or raise site answered any line of a log, lines that do not look like errors are compared " +
    "as well, through the rules above: the first T.unansweredLines lines with words outside any traceback (an issue's " +
    "title states the error; a frame's source line quotes code, not a message; a line ending in a colon introduces " +
    "what follows), in a log of at most T.unansweredMaxLines " +
    "lines: a longer one is a run's output, whose first lines are its banner and common phrases. An answer found so is " +
    "weak, and comes out low unless evidence supports it.",
};

/** The indexes of the lines to compare when nothing answered the log, in order, none in `done` or a traceback, one per text. */
export function unansweredLines(lines: LogLine[], done: ReadonlySet<number>, tracebacks: readonly Traceback[]): number[] {
  const out: number[] = [];
  if (lines.length > T.unansweredMaxLines) return out;
  const texts = new Set<string>();
  for (let i = 0, worded = 0; i < lines.length && worded < T.unansweredLines; i++) {
    const l = lines[i]!;
    const text = l.text.trim();
    if (!/[A-Za-z]{2}/.test(text) || tracebacks.some((tb) => l.line >= tb.startLine && l.line <= tb.endLine)) continue;
    worded++;
    // A line ending in a colon (`Error Message:`) introduces what follows: it is no message.
    if (done.has(l.line) || texts.has(text) || text.length < T.minQueryLetters || text.endsWith(":")) continue;
    texts.add(text);
    out.push(i);
  }
  return out;
}
