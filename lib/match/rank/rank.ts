/**
 * Gives every candidate a confidence and orders them best first, by walking the ranking rules
 * (lib/match/rules/index.ts, one module each) in their order: the rules gather evidence, decide confidence, weigh the
 * score and say why in `reasons`; then the matches of the log are settled against each other and sorted. This module
 * holds no rule of its own.
 */
import type { Traceback } from "../../log/traceback";
import type { RepoEvidence } from "./evidence";
import type { MatcherEntry } from "../data/matcher-data";
import type { Match, MatchKind, MatchedLine } from "../types";
import type { WordingMatch } from "./wording";
import { RANK_RULES } from "../rules";
import { startJudging, type Run } from "../rules/judging";

export { mirrorsPython } from "../rules/python-own";

export interface Unranked {
  entry: MatcherEntry;
  kind: MatchKind;
  lines: MatchedLine[];
  occurrences: number;
  /** How the wording compares (similar matches). */
  wording?: WordingMatch;
  /** A full match: the slug of a record raised in the same file whose wording explains more of the line (lib/match/rank/siblings). */
  outdoneBy?: string;
  /** That record (a similar match): the slug of the full match it outdoes. */
  outdoes?: string;
}

export interface RankContext {
  tracebacks: Traceback[];
  /** What the whole log says of each repository. */
  repos?: Map<string, RepoEvidence>;
  /** The packages of the dataset's repositories (`vllm`, `sglang`, `transformers`): a last frame in one of them says which raised it. */
  packages?: readonly string[];
  /** How many records of its file raise the record's class: a bare printed `raise X(` tells them apart only when one does. */
  sameClassInFile?: (e: MatcherEntry) => number;
}

/** Scores, gives confidence and sorts; ties keep the earlier line, then the id. */
export function rankMatches(found: Unranked[], ctx: RankContext | Traceback[]): Match[] {
  const { tracebacks, repos, packages = [], sameClassInFile } = Array.isArray(ctx) ? { tracebacks: ctx, repos: undefined } : ctx;
  const run: Run = { tracebacks, repos, packages, sameClassInFile };
  const ranked = found.map((f) => judge(f, run));
  for (const rule of RANK_RULES) rule.settle?.(ranked, run);
  ranked.sort((a, b) => b.score - a.score || (a.lines[0]?.line ?? 0) - (b.lines[0]?.line ?? 0) || a.entry.id.localeCompare(b.entry.id));
  return ranked;
}

/** One match through the rules' observe, confidence and weigh hooks (lib/match/rules), in their order. */
function judge(f: Unranked, run: Run): Match {
  const j = startJudging(f, run);
  for (const rule of RANK_RULES) rule.observe?.(j);
  for (const rule of RANK_RULES) rule.confidence?.(j);
  for (const rule of RANK_RULES) rule.weigh?.(j);
  const m: Match = {
    entry: j.e,
    kind: f.kind,
    confidence: j.confidence,
    score: Math.round(j.score),
    reasons: j.reasons,
    lines: f.lines,
    occurrences: f.occurrences,
  };
  if (f.wording && f.kind === "similar") {
    m.diff = f.wording.diff;
    m.coverage = { record: f.wording.recordCoverage, line: f.wording.lineCoverage };
  }
  return m;
}
