/**
 * The paste-a-log lookup as one call, shared by the Web Worker and tests:
 * match, and when nothing matches, list the lines that look like errors and
 * the records most similar to them. The result is plain data (no class
 * instances), so it crosses `postMessage` as is.
 */
import { Matcher, type LookupResult, type MatchKind, type MatchedLine, type WholeData } from "./matcher";
import type { MatcherData } from "./data/matcher-data";
import type { CleanLog } from "./find/clean-log";
import type { Confidence } from "./types";
import type { DiffOp } from "./rank/wording";
import { looksLikeError } from "../log/log-normalize";
import { finalTracebacks } from "../log/traceback";
import { messageStart } from "../log/looks-like-error";
import { oneLineMessage } from "../text";
import { T } from "./rank/tuning";
import { raiseSites, type RaiseSite } from "./find/raise-sites";

export interface LookupMatch {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  message: string;
  /** The record's source file (the upstream search falls back to its name for a message of placeholders only). */
  filePath: string;
  solution?: string;
  pattern: string;
  generic: boolean;
  kind: MatchKind;
  confidence: Confidence;
  score: number;
  /** For similar matches: the word diff against the record's message. */
  diff?: DiffOp[];
  coverage?: { record: number; line: number };
  reasons: string[];
  occurrences: number;
  lines: MatchedLine[];
}

/** A record shown as a guess when nothing matched: its wording is the closest, not close enough to be an answer. */
export interface SimilarRecord {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  message: string;
  /** 0..1: how well the record and the line explain each other. */
  similarity: number;
  /** The line it was compared with. */
  line: number;
  diff: DiffOp[];
}

export interface LookupSummary {
  matches: LookupMatch[];
  lineCount: number;
  /** The final exception lines of the tracebacks, or else the lines that look like errors; at most MAX_ERROR_LINES. */
  errorLines: { line: number; text: string }[];
  /** When nothing matched: the few closest records by wording, as guesses. */
  similar: SimilarRecord[];
  /** When nothing matched: where each final exception was raised, and the dataset's records of that file (lib/match/find/raise-sites). */
  raiseSites: RaiseSite[];
  tracebacks: number;
  stopped?: string;
  elapsedMs: number;
}

/** Most final error lines reported when nothing matched (the tuning table's `maxErrorLines`). */
export const MAX_ERROR_LINES = T.maxErrorLines;

/**
 * What the no-match view lists: each traceback's final exception line (its
 * message, wrapped lines joined), or, without tracebacks, the lines that look
 * like errors; never the frames, nor a line that only carries an ERROR level.
 */
function finalErrorLines(r: LookupResult): { line: number; text: string }[] {
  const { tracebacks, lines } = r;
  if (tracebacks.length) {
    const finals = finalTracebacks(tracebacks);
    return finals.slice(-MAX_ERROR_LINES).map((tb) => ({
      line: tb.exceptionLine,
      // A paste cut at the last frame's raise statement: that statement, as printed, is the last word of the error.
      text: (tb.cut
        ? (tb.frames[tb.frames.length - 1]?.source?.at(-1) ?? "")
        : `${tb.qualifiedClass}${tb.message ? `: ${oneLineMessage(tb.message)}` : ""}`
      ).slice(0, T.maxErrorLineChars),
    }));
  }
  const out: { line: number; text: string }[] = [];
  for (const l of lines) {
    if (out.length >= MAX_ERROR_LINES) break;
    if (!l.text || !looksLikeError(l) || out[out.length - 1]?.line === l.line) continue;
    // A line whose only sign of trouble is its level, with nothing that reads as an error, is not listed.
    if (!ERROR_WORDS.test(l.text)) continue;
    out.push({ line: l.line, text: l.text.slice(0, T.maxErrorLineChars) });
  }
  return out;
}

const ERROR_WORDS =
  /error|exception|fail|fatal|invalid|cannot|can't|could not|unable|not (?:supported|found|allowed)|refused|denied|timed? ?out|abort|killed|panic|traceback/i;

/** A matcher plus its similarity index, built once per dataset. */
export class Lookup {
  readonly matcher: Matcher;

  /** With `whole`, `data.entries` may be part of the data (see Matcher). */
  constructor(
    readonly data: MatcherData,
    private readonly whole?: WholeData,
  ) {
    this.matcher = new Matcher(data, whole);
  }

  /** Runs the whole lookup on a log (`cleaned`: the log as cleanLog cleaned it, so it is not cleaned again). */
  run(log: string, onProgress?: (done: number, total: number) => void, cleaned?: CleanLog): LookupSummary {
    const r = this.matcher.lookup(log, { onProgress, cleaned });
    const errorLines = finalErrorLines(r);
    let similar: SimilarRecord[] = [];
    if (r.matches.length === 0 && errorLines.length) {
      // The matcher's own index (over the whole data's stats when this is part of it): a lookup that compared drifted lines has built it already.
      const wording = this.matcher.wordingIndex();
      const seen = new Set<string>();
      for (const l of errorLines.slice(0, T.guessLines)) {
        for (const c of wording.find(l.text.slice(messageStart(l.text)), {
          limit: T.guesses,
          minRecordCoverage: T.guessRecordCoverage,
          minLineCoverage: T.guessLineCoverage,
        })) {
          const e = wording.entry(c.entry);
          if (seen.has(e.id)) continue;
          seen.add(e.id);
          similar.push({
            id: e.id,
            repo: e.repo,
            slug: e.slug,
            errorClass: e.errorClass,
            message: e.message,
            similarity: c.agreement,
            line: l.line,
            diff: c.diff,
          });
        }
      }
      similar = similar.sort((a, b) => b.similarity - a.similarity || a.id.localeCompare(b.id)).slice(0, T.guesses);
    }
    return {
      matches: r.matches.map((m) => ({
        id: m.entry.id,
        repo: m.entry.repo,
        slug: m.entry.slug,
        errorClass: m.entry.errorClass,
        message: m.entry.message,
        filePath: m.entry.filePath,
        solution: m.entry.solution,
        pattern: m.entry.pattern,
        generic: m.entry.generic,
        kind: m.kind,
        confidence: m.confidence,
        score: m.score,
        ...(m.diff ? { diff: m.diff } : {}),
        ...(m.coverage ? { coverage: m.coverage } : {}),
        reasons: m.reasons,
        occurrences: m.occurrences,
        lines: m.lines,
      })),
      lineCount: r.lineCount,
      errorLines,
      similar,
      raiseSites: r.matches.length === 0 ? raiseSites(this.matcher, r.tracebacks, T.maxRaiseSites) : [],
      tracebacks: r.tracebacks.length,
      stopped: r.stopped,
      elapsedMs: r.elapsedMs,
    };
  }
}
