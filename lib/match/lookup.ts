/**
 * The paste-a-log lookup as one call, shared by the Web Worker and tests:
 * match, and when nothing matches, list the lines that look like errors and
 * the records most similar to them. The result is plain data (no class
 * instances), so it crosses `postMessage` as is.
 */
import { Matcher, type MatchKind, type MatchedLine } from "./matcher";
import type { MatcherData } from "./matcher-data";
import { SimilarIndex } from "./similar";
import { looksLikeError } from "../log/log-normalize";

export interface LookupMatch {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  message: string;
  solution?: string;
  pattern: string;
  generic: boolean;
  kind: MatchKind;
  score: number;
  reasons: string[];
  occurrences: number;
  lines: MatchedLine[];
}

export interface SimilarRecord {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  message: string;
  similarity: number;
  shared: string[];
}

export interface LookupSummary {
  matches: LookupMatch[];
  lineCount: number;
  /** Lines that look like errors (exception lines, ERROR lines), at most MAX_ERROR_LINES. */
  errorLines: { line: number; text: string }[];
  /** Closest records by text when nothing matched. */
  similar: SimilarRecord[];
  tracebacks: number;
  stopped?: string;
  elapsedMs: number;
}

export const MAX_ERROR_LINES = 50;

/** A matcher plus its similarity index, built once per dataset. */
export class Lookup {
  readonly matcher: Matcher;
  private similarIndex: SimilarIndex | null = null;

  constructor(readonly data: MatcherData) {
    this.matcher = new Matcher(data);
  }

  /** Runs the whole lookup on a log. */
  run(log: string, onProgress?: (done: number, total: number) => void): LookupSummary {
    const r = this.matcher.lookup(log, { onProgress });
    const errorLines: { line: number; text: string }[] = [];
    for (const l of r.lines) {
      if (errorLines.length >= MAX_ERROR_LINES) break;
      if (l.text && looksLikeError(l) && errorLines[errorLines.length - 1]?.line !== l.line)
        errorLines.push({
          line: l.line,
          text:
            (l.level && !/error|exception|fatal|critical/i.test(l.text.slice(0, 40)) ? `${l.level.toUpperCase()} ` : "") +
            l.text.slice(0, 500),
        });
    }
    let similar: SimilarRecord[] = [];
    if (r.matches.length === 0 && errorLines.length) {
      this.similarIndex ??= new SimilarIndex(this.data.entries);
      similar = this.similarIndex.query(errorLines.map((l) => l.text).join("\n")).map((s) => ({
        id: s.entry.id,
        repo: s.entry.repo,
        slug: s.entry.slug,
        errorClass: s.entry.errorClass,
        message: s.entry.message,
        similarity: s.similarity,
        shared: s.shared,
      }));
    }
    return {
      matches: r.matches.map((m) => ({
        id: m.entry.id,
        repo: m.entry.repo,
        slug: m.entry.slug,
        errorClass: m.entry.errorClass,
        message: m.entry.message,
        solution: m.entry.solution,
        pattern: m.entry.pattern,
        generic: m.entry.generic,
        kind: m.kind,
        score: m.score,
        reasons: m.reasons,
        occurrences: m.occurrences,
        lines: m.lines,
      })),
      lineCount: r.lineCount,
      errorLines,
      similar,
      tracebacks: r.tracebacks.length,
      stopped: r.stopped,
      elapsedMs: r.elapsedMs,
    };
  }
}
