/**
 * cut-tail: a paste that ends mid-word (`Initialization failed. Ple`, where the stored text stops) is compared by its
 * last line's closing run of words, and answered only by a record whose message opens with exactly that text.
 */
import type { RuleDoc } from "../rule";
import { T } from "../../rank/tuning";

export const CUT_TAIL: RuleDoc = {
  id: "cut-tail",
  stage: "candidates",
  doc:
    "The log's last line, when nothing answered it and it ends in a letter (the paste stops there, maybe mid-word: " +
    "`… ERROR [address=…] Initialization failed. Ple`), is compared by its closing run of plain words, what follows " +
    "the last bracket, colon or other mark of a log's prefix. The run needs T.cutTailWords words and T.cutTailLetters " +
    "letters, and only a record whose message opens with the run word for word, its last word begun, answers it: " +
    "`Initialization failed. Please see the error messages above.`. The answer is weak, and comes out low unless " +
    "evidence supports it.",
};

/** The closing run of plain words of a line: letters, digits, spaces and a sentence's punctuation, no log prefix. */
const CLOSING_RUN = /[A-Za-z][A-Za-z0-9 .,'`_-]*$/;
/** A letter of the run. */
const LETTER = /[A-Za-z]/g;
/** A word of the run. */
const WORD = /[A-Za-z][A-Za-z0-9_'`-]*/g;

/** The closing run of words of a paste's last line, when it ends in a letter and says enough (see CUT_TAIL), else null. */
export function cutTail(lastLine: string): string | null {
  const text = lastLine.trimEnd();
  if (!/[A-Za-z]$/.test(text)) return null;
  const run = CLOSING_RUN.exec(text)?.[0].trim();
  if (!run) return null;
  if ((run.match(WORD)?.length ?? 0) < T.cutTailWords || (run.match(LETTER)?.length ?? 0) < T.cutTailLetters) return null;
  return run;
}

/** Whether a record's message template opens with the cut run, word for word (spaces as one). */
export function opensWith(template: string, run: string): boolean {
  const squash = (s: string) => s.replace(/\s+/g, " ");
  return squash(template).startsWith(squash(run));
}
