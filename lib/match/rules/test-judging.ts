/**
 * Minimal synthetic inputs for the rules' table tests: a record, a matched line, a traceback and one match being
 * judged, each with only what a test names; and `apply`, which runs one rule's hooks as the pipeline would.
 */
import type { Frame, Traceback } from "../../log/traceback";
import type { MatcherEntry } from "../data/matcher-data";
import type { Unranked } from "../rank/rank";
import type { WordingMatch } from "../rank/wording";
import type { Match, MatchedLine } from "../types";
import { startJudging, type Judging, type Rule, type Run } from "./judging";

/** A record of vLLM raising `ValueError` in `vllm/config.py`, with `over` on top. */
export function entry(over: Partial<MatcherEntry> = {}): MatcherEntry {
  return {
    id: "rec",
    repo: "vllm-project/vllm",
    slug: "rec",
    errorClass: "ValueError",
    filePath: "vllm/config.py",
    lineNumber: 100, // not tuning: a fixture's line
    message: "max_model_len is too large for this model",
    pattern: "",
    source: "",
    flags: "",
    engine: "v8",
    unbounded: 0,
    letters: 30, // not tuning: a fixture's letter count
    generic: false,
    lines: 1,
    keys: [],
    ...over,
  };
}

/** A matched line (line 1 of the log unless told) spanning all of its text. */
export function line(text: string, over: Partial<MatchedLine> = {}): MatchedLine {
  return { line: 1, text, start: 0, end: text.length, captures: [], ...over };
}

/** A frame of `file` at `lineNo`, printing `source` when given. */
export function frame(file: string, lineNo: number, source?: string): Frame {
  return { file, line: lineNo, logLine: 1, ...(source === undefined ? {} : { source: [source] }) };
}

/** A traceback whose exception is on line 1 of the log and raises `ValueError`, with `over` on top. */
export function traceback(over: Partial<Traceback> = {}): Traceback {
  return {
    startLine: 1,
    endLine: 1,
    exceptionClass: "ValueError",
    qualifiedClass: "ValueError",
    message: "",
    exceptionLine: 1,
    frames: [],
    ...over,
  };
}

/** How a similar match's wording compares, all zero but `over`. */
export function wording(over: Partial<WordingMatch> = {}): WordingMatch {
  return {
    recordCoverage: 0,
    lineCoverage: 0,
    clause: { coverage: 0, weight: 0 },
    conflict: { record: 0, line: 0, names: [] },
    sharedNames: 0,
    openingRun: 0,
    diff: [],
    ...over,
  };
}

/** One full match of `entry()` on one line, as the pipeline starts judging it, with `over` on top. */
export function judging(
  over: Omit<Partial<Judging>, "f" | "e" | "run"> & { f?: Partial<Unranked>; e?: Partial<MatcherEntry>; run?: Partial<Run> } = {},
): Judging {
  const { f: fOver, e: eOver, run: runOver, ...rest } = over;
  const e = entry(eOver);
  const f: Unranked = {
    entry: e,
    kind: "full",
    lines: [line("ValueError: max_model_len is too large for this model")],
    occurrences: 1,
    ...fOver,
  };
  return {
    ...startJudging(f, { tracebacks: [], repos: undefined, packages: [], sameClassInFile: undefined, ...runOver }),
    ...rest,
  };
}

/** Runs a rule's per-match hooks (observe, confidence, weigh) on `j`, as the pipeline does; returns `j`. */
export function apply(rule: Rule, j: Judging): Judging {
  rule.observe?.(j);
  rule.confidence?.(j);
  rule.weigh?.(j);
  return j;
}

/** A scored match of `entry(e)` on line `lineNo`, for the settle hooks. */
export function scored(e: Partial<MatcherEntry>, over: Partial<Match> = {}, lineNo = 1): Match {
  return {
    entry: entry(e),
    kind: "full",
    confidence: "high",
    score: 0,
    reasons: [],
    lines: [line("ValueError: max_model_len is too large for this model", { line: lineNo })],
    occurrences: 1,
    ...over,
  };
}
