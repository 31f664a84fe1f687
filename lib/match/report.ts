/**
 * A lookup as the outputs tell it: one plain shape, built once from the
 * matcher's result, that every format reads (the CLI's text, JSON, Markdown
 * and GitHub annotations, and the page's "Copy for chat"), so they all say
 * the same thing about the same match.
 */
import type { LookupResult, Match, MatchKind, MatchedLine } from "./matcher";
import { absoluteUrl, recordPath } from "../record/permalink";
import type { Confidence } from "./types";
import type { DiffOp } from "./rank/wording";
import { recordSearchUrl } from "../site/upstream-search";

export type { Confidence } from "./types";

/** How a record was found, in the words every output uses. */
export const KIND_LABEL: Record<MatchKind, string> = {
  full: "full match",
  partial: "partial match",
  similar: "similar wording",
  "raise-site": "raise site",
};

/** One known error found in a log. */
export interface ReportMatch {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  /** The message template, as the record writes it. */
  message: string;
  /** The record's first solution, if any. */
  solution?: string | undefined;
  /** The pattern has little literal text, so the match says less. */
  generic: boolean;
  kind: MatchKind;
  /** How sure the answer is (the confidence rules of lib/match/rules decide). */
  confidence: Confidence;
  score: number;
  /** For similar matches: the word diff against the record's message. */
  diff?: DiffOp[] | undefined;
  /** The record's permalink: absolute when a site URL is configured, else a site path. */
  permalink: string;
  /** A GitHub issue search in the record's repository for the message (lib/site/upstream-search). */
  search: string;
  /** Why it ranks where it does, in plain words. */
  reasons: string[];
  /** How many separate places in the log it matched. */
  occurrences: number;
  /** The lines it matched, in log order. */
  lines: MatchedLine[];
}

/** What a lookup of one log found. */
export interface MatchReport {
  /** The log's name as the user gave it; `stdin` for standard input. */
  source: string;
  /** Known errors, best first, at most the number asked for. */
  matches: ReportMatch[];
  /** How many known errors were found, including any past `matches`. */
  total: number;
  /** Lines looked at. */
  lineCount: number;
  /** Set when a limit stopped the lookup early; says which. */
  stopped?: string | undefined;
}

export interface ReportOptions {
  source: string;
  /** Keep at most this many matches (the rest are only counted). */
  top: number;
  /** Base URL of the errdex site (ERRDEX_SITE_URL), for absolute permalinks. */
  siteUrl?: string | undefined;
}

/** The report of a lookup: the best `top` matches with their permalinks and confidence. */
export function buildReport(result: Pick<LookupResult, "matches" | "lineCount" | "stopped">, opts: ReportOptions): MatchReport {
  return {
    source: opts.source,
    matches: result.matches.slice(0, opts.top).map((m) => reportMatch(m, opts.siteUrl)),
    total: result.matches.length,
    lineCount: result.lineCount,
    stopped: result.stopped,
  };
}

function reportMatch(m: Match, siteUrl: string | undefined): ReportMatch {
  const e = m.entry;
  return {
    id: e.id,
    repo: e.repo,
    slug: e.slug,
    errorClass: e.errorClass,
    message: e.message,
    solution: e.solution,
    generic: e.generic,
    kind: m.kind,
    confidence: m.confidence,
    score: m.score,
    diff: m.diff,
    permalink: absoluteUrl(recordPath(e), siteUrl),
    search: recordSearchUrl({ repo: e.repo, errorMessage: e.message, errorClass: e.errorClass, filePath: e.filePath }),
    reasons: m.reasons,
    occurrences: m.occurrences,
    lines: m.lines,
  };
}

/** `1 line`, `4 lines`: a count and its noun, for the outputs' summary lines. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
