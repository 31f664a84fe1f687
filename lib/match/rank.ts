/**
 * Orders matched records best first, by these rules in this order:
 * full over partial; specific over generic; the final exception of a
 * traceback over lines around it; a record whose class is the traceback's
 * exception and whose repository and file appear in its frames over one
 * whose do not; then more literal text. The score encodes that order so it
 * can be shown and compared; `reasons` says what earned it.
 */
import type { MatcherEntry } from "./matcher-data";
import type { Match, MatchKind, MatchedLine } from "./types";
import type { Traceback } from "../log/traceback";

export interface Unranked {
  entry: MatcherEntry;
  kind: MatchKind;
  lines: MatchedLine[];
  occurrences: number;
}

const W = { full: 100_000, specific: 50_000, finalException: 20_000, exception: 10_000, file: 5_000, klass: 2_000, repo: 1_000, line: 500 };

/** Scores and sorts matches; ties keep the record with more literal text, then the earlier line first. */
export function rankMatches(found: Unranked[], tracebacks: Traceback[]): Match[] {
  const byExceptionLine = new Map<number, { tb: Traceback; final: boolean }>();
  tracebacks.forEach((tb, i) => {
    const chainedLater = tracebacks.some((other) => other.chainedFrom === i);
    byExceptionLine.set(tb.exceptionLine, { tb, final: !chainedLater });
  });
  const ranked = found.map((f) => score(f, byExceptionLine));
  ranked.sort((a, b) => b.score - a.score || (a.lines[0]?.line ?? 0) - (b.lines[0]?.line ?? 0) || a.entry.id.localeCompare(b.entry.id));
  return ranked;
}

function score(f: Unranked, byExceptionLine: Map<number, { tb: Traceback; final: boolean }>): Match {
  const e = f.entry;
  const reasons: string[] = [];
  let s = 0;
  if (f.kind === "full") {
    s += W.full;
    reasons.push("the whole pattern matched");
  } else reasons.push(`part of the pattern matched (${e.partial?.letters ?? 0} letters of literal text)`);
  if (!e.generic) s += W.specific;
  else reasons.push(`generic pattern: only ${e.letters} letters of literal text, it may match unrelated errors`);

  // Evidence from the traceback whose exception line this match is on (the best one if several).
  let best = 0;
  let bestReasons: string[] = [];
  for (const line of f.lines) {
    const hit = byExceptionLine.get(line.line);
    if (!hit) continue;
    const { tb, final } = hit;
    let t = final ? W.finalException : W.exception;
    const why = [
      final ? `final exception of the traceback at line ${tb.startLine}` : `an exception in the traceback at line ${tb.startLine}`,
    ];
    if (tb.exceptionClass === e.errorClass) {
      t += W.klass;
      why.push(`raised as ${e.errorClass}, the record's class`);
    }
    const frame = bestFrame(e, tb);
    if (frame.file) {
      t += W.file;
      why.push(`a frame is in ${e.filePath.split("/").slice(-frame.file).join("/")}${frame.line ? ` at line ${e.lineNumber}` : ""}`);
      if (frame.line) t += W.line;
    } else if (frame.repo) {
      t += W.repo;
      why.push(`frames run through ${e.repo.split("/")[1]}`);
    }
    if (t > best) {
      best = t;
      bestReasons = why;
    }
  }
  s += best;
  reasons.push(...bestReasons);
  s += Math.min(e.letters, 499);
  return { entry: e, kind: f.kind, score: s, reasons, lines: f.lines, occurrences: f.occurrences };
}

/** How well a traceback's frames point at the record: path segments shared at the end of the file path, the same line, the repository's package. */
function bestFrame(e: MatcherEntry, tb: Traceback): { file: number; line: boolean; repo: boolean } {
  const recordParts = e.filePath.split("/");
  const repoName = (e.repo.split("/")[1] ?? "").toLowerCase();
  let bestFile = 0;
  let line = false;
  let repo = false;
  for (const fr of tb.frames) {
    const parts = fr.file.replace(/\\/g, "/").split("/");
    let k = 0;
    while (k < parts.length && k < recordParts.length && parts[parts.length - 1 - k] === recordParts[recordParts.length - 1 - k]) k++;
    // The file name alone is too weak (every project has a utils.py); ask for a folder too.
    if (k >= 2 && k > bestFile) {
      bestFile = k;
      line = fr.line === e.lineNumber;
    } else if (k >= 2 && k === bestFile && fr.line === e.lineNumber) line = true;
    if (repoName && parts.some((p) => p.toLowerCase() === repoName)) repo = true;
  }
  return { file: bestFile, line, repo };
}
