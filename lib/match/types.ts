/**
 * What a lookup returns: the matched records, best first, with the lines and
 * captured values that matched. Shared by the matcher, the ranking and every
 * consumer (worker, CLI, pages); it owns no behaviour.
 */
import type { LogLine } from "../log/log-normalize";
import type { Traceback } from "../log/traceback";
import type { CleanLog } from "./find/clean-log";
import type { MatcherEntry } from "./data/matcher-data";
import type { DiffOp } from "./rank/wording";

/**
 * How a record was found: its whole pattern matched (`full`), a part of it
 * (`partial`: the first line or sentence), its wording is close to a line's
 * (`similar`: a message reworded between releases), or only the traceback's
 * raise site points at it (`raise-site`).
 */
export type MatchKind = "full" | "partial" | "similar" | "raise-site";

/** How sure the answer is, in words (the confidence rules of lib/match/rules say what earns each). */
export type Confidence = "high" | "medium" | "low";

export interface Capture {
  /** 1-based group number. */
  group: number;
  name?: string;
  value: string;
  /** Span in the cleaned line's text. */
  start: number;
  end: number;
}

export interface MatchedLine {
  /** 1-based line in the original log. */
  line: number;
  /** The cleaned text of that line. */
  text: string;
  /** Span of the match within `text` (the part of the match on this line). */
  start: number;
  end: number;
  /** Captures whose value lies on this line. */
  captures: Capture[];
}

export interface Match {
  entry: MatcherEntry;
  kind: MatchKind;
  confidence: Confidence;
  score: number;
  /** For `similar`: a word diff against the record's message (`-` only in the record, `+` only in the log). */
  diff?: DiffOp[];
  /** For `similar`: the share of the record's message found in the line, and of the line the record explains (0..1). */
  coverage?: { record: number; line: number };
  /** Why it ranks where it does, in plain words: each rule says its own, in the rule list's order (lib/match/rules). */
  reasons: string[];
  /** Every line it matched, in log order (first occurrence of each match). */
  lines: MatchedLine[];
  /** How many separate places in the log it matched. */
  occurrences: number;
}

export interface LookupResult {
  matches: Match[];
  /** Number of cleaned lines looked at. */
  lineCount: number;
  tracebacks: Traceback[];
  /** Cleaned lines, for the no-match view and the log view. */
  lines: LogLine[];
  /** Set when a limit stopped the lookup early; says which. */
  stopped?: string;
  elapsedMs: number;
}

export interface LookupOptions {
  /** Called between chunks with the characters processed so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /** Stop verifying candidates after this many milliseconds (the result says so). */
  budgetMs?: number;
  /** The log already cleaned by `cleanLog` (lib/match/find/clean-log): its lines are used instead of cleaning it again. */
  cleaned?: CleanLog;
}
