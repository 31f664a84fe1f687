/**
 * Links to where an error is discussed: a GitHub issue search in the record's
 * repository for the message's most distinctive literal text, quoted, with no
 * placeholder values (they differ in every report). Built from a record's
 * message template, or from an exception line as a log printed it (the
 * no-match view), where the values are masked instead. Pure: the text is
 * untrusted and only ever ends up URL-encoded.
 */
import { parseTemplate } from "../record/message-template";
import { encodeQueryValue } from "../text";

/** GitHub refuses search queries past 256 characters; the phrase keeps well inside. */
export const MAX_PHRASE_CHARS = 120;

/** A run needs this many letters or digits to say anything on its own (`: `, `'` or `to` do not). */
const MIN_RUN_LETTERS = 4;

/** Breaks a phrase: GitHub's search cannot quote a `"` or a line break inside a quoted phrase. */
const PHRASE_BREAK = /["\n\r\t]+/;

/** Letters and digits in any script: what makes a run distinctive. */
const WORD_CHAR = /[\p{L}\p{N}]/u;
const WORD_CHARS = /[\p{L}\p{N}]/gu;

/** Values a printed exception line carries that a search must not hold: quoted text, paths, hex, numbers with units, ids. */
const PRINTED_VALUE =
  /'[^'\n]*'|"[^"\n]*"|`[^`\n]*`|\[[^\]\n]*\]|\([^)\n]*\d[^)\n]*\)|(?:[\w.~-]*[/\\][\w.~/\\-]*)|0x[0-9a-f]+|\b[0-9a-f]{8,}\b|(?<![\w.])[-+]?\d[\d.,_:]*(?:[eE][-+]?\d+)?[A-Za-z%]*/gi;

/** `Class: message` → the class, the message and where the message starts; the class is what a printed line opens with. */
const EXCEPTION_LINE = /^\s*([A-Za-z_][\w.]*(?:\([\w.]+\))?):\s?/;

/** The text of a run with its edges trimmed to letters and digits (`': ` left beside a placeholder goes), blanks squeezed. */
function trimRun(run: string): string {
  let start = 0;
  let end = run.length;
  while (start < end && !WORD_CHAR.test(run[start]!)) start++;
  while (end > start && !WORD_CHAR.test(run[end - 1]!)) end--;
  return run.slice(start, end).replace(/\s+/g, " ");
}

/** Letters and digits in a run: how distinctive it is. */
function letterCount(run: string): number {
  return run.match(WORD_CHARS)?.length ?? 0;
}

/** A run cut to MAX_PHRASE_CHARS at a word boundary (a phrase search wants whole words). */
function fitPhrase(run: string): string {
  if (run.length <= MAX_PHRASE_CHARS) return run;
  const cut = run.slice(0, MAX_PHRASE_CHARS + 1);
  const space = cut.lastIndexOf(" ");
  return trimRun(space > MAX_PHRASE_CHARS / 2 ? cut.slice(0, space) : cut.slice(0, MAX_PHRASE_CHARS));
}

/** The most distinctive of literal runs: most letters and digits, the first on a tie; null when none has MIN_RUN_LETTERS. */
export function bestRun(runs: readonly string[]): string | null {
  let best: string | null = null;
  let bestLetters = MIN_RUN_LETTERS - 1;
  for (const raw of runs) {
    for (const piece of raw.split(PHRASE_BREAK)) {
      const run = fitPhrase(trimRun(piece));
      const n = letterCount(run);
      if (n > bestLetters) {
        best = run;
        bestLetters = n;
      }
    }
  }
  return best;
}

/** The literal runs of a message template: its text between placeholders (f-string `{x}` and printf `%s` alike). */
export function templateRuns(message: string): string[] {
  const segments = parseTemplate(message, { printf: message.includes("%") });
  return segments.filter((s) => s.kind === "text").map((s) => s.value);
}

/** The literal runs of a printed line: its text between the values it carries. */
export function printedRuns(text: string): string[] {
  return text.split(PRINTED_VALUE);
}

/** The last part of a path (`vllm/config.py` → `config.py`). */
function fileName(path: string): string {
  return path.split(/[/\\]/).pop() ?? path;
}

/** A GitHub issue search URL in `repo` (issues only, open and closed: closed ones hold the fixes). */
export function issueSearchUrl(repo: string, query: string): string {
  return `https://github.com/${repo}/issues?q=${encodeQueryValue(`is:issue ${query}`)}`;
}

/** What a record's search looks for: the quoted phrase, or the class and file when the message is all placeholders. */
export function recordSearchQuery(r: { errorMessage: string; errorClass: string; filePath: string }): string {
  const run = bestRun(templateRuns(r.errorMessage));
  return run ? `"${run}"` : `${r.errorClass} ${fileName(r.filePath)}`;
}

/** The search link for a record: "Search <owner/repo> issues for this error". */
export function recordSearchUrl(r: { repo: string; errorMessage: string; errorClass: string; filePath: string }): string {
  return issueSearchUrl(r.repo, recordSearchQuery(r));
}

/**
 * What a printed exception line's search looks for: the message's longest
 * literal text between its values, quoted; the class alone (with the file,
 * when known) when the message is nothing but values.
 */
export function lineSearchQuery(line: string, file?: string): string {
  const head = EXCEPTION_LINE.exec(line);
  const cls = head
    ? head[1]!
        .replace(/\(.*\)$/, "")
        .split(".")
        .pop()!
    : "";
  const message = head ? line.slice(head[0].length) : line;
  const run = bestRun(printedRuns(message));
  if (run) return `"${run}"`;
  return [cls, file ? fileName(file) : ""].filter(Boolean).join(" ") || `"${trimRun(message).slice(0, MAX_PHRASE_CHARS)}"`;
}

/** The search link for an exception line as a log printed it, in the repository whose package the traceback runs through. */
export function lineSearchUrl(repo: string, line: string, file?: string): string {
  return issueSearchUrl(repo, lineSearchQuery(line, file));
}

/** The link's words, the same wherever it is shown. */
export function searchLabel(repo: string): string {
  return `Search ${repo} issues for this error`;
}
