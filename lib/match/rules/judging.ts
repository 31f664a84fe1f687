/**
 * What the ranking rules share: one match being judged, and the hooks a rule may have. The pipeline
 * (lib/match/rank/rank.ts) walks the rule list four times, in its order: `observe` gathers facts (the traceback whose
 * exception a match is, its raise site, strong overlap…), `confidence` decides how sure, `weigh` adds to the score and
 * says why in `reasons`, and `settle` adjusts the matches of one log against each other once all are scored.
 */
import type { Traceback } from "../../log/traceback";
import type { MatcherEntry } from "../data/matcher-data";
import type { RepoEvidence, SiteEvidence } from "../rank/evidence";
import type { RankContext, Unranked } from "../rank/rank";
import type { Confidence, Match, MatchKind } from "../types";
import { T } from "../rank/tuning";
import type { RuleDoc } from "./rule";

/** What the whole log says, as every rule sees it. */
export interface Run {
  tracebacks: Traceback[];
  repos: Map<string, RepoEvidence> | undefined;
  packages: readonly string[];
  sameClassInFile: RankContext["sameClassInFile"];
}

/** One match as the rules judge it: the facts gathered so far, its confidence, score and reasons. */
export interface Judging {
  f: Unranked;
  e: MatcherEntry;
  run: Run;
  /** The traceback whose exception this match is (a final one first), and whether it is final. */
  hit?: { tb: Traceback; final: boolean };
  /** The record's raise site in that traceback's frames. */
  site?: SiteEvidence;
  /** The frames print the record's raise statement or stand at its line. */
  raiseSite: boolean;
  /** Without a traceback, the classes the line names before its message. */
  named?: string[];
  /** Neither a generic pattern nor a message Python raises by itself. */
  specific: boolean;
  /** The message mirrors one Python raises by itself. */
  mirror: boolean;
  /** The wording overlaps strongly (similar matches). */
  strong: boolean;
  /** A model's copy of a shared check: where the traceback raised it instead. */
  copiedIn: string | null;
  /** Similar wording that another dataset package's frame raised: that package's file. */
  raisedElsewhere: string | null;
  confidence: Confidence;
  /** The kind the order ranks it as, when not its own. */
  rankedAs?: MatchKind;
  /** The record's class earned its weight. */
  classBonus: boolean;
  score: number;
  reasons: string[];
}

/** The hooks of a ranking rule; each is optional, and a rule acts only through them. */
export interface Hooks {
  /** Gathers facts of one match (walked first). */
  observe?(j: Judging): void;
  /** Sets or adjusts its confidence (walked second). */
  confidence?(j: Judging): void;
  /** Adds to its score and says why (walked third). */
  weigh?(j: Judging): void;
  /** Adjusts the matches of one log against each other, once all are scored (walked last). */
  settle?(ranked: Match[], run: Run): void;
}

/** A matching rule: what it says of itself, and its hooks (candidate rules act in lib/match/find and have none here). */
export type Rule = RuleDoc & Hooks;

/** The confidence tiers' weights in the score. */
export const TIER = { high: T.tierHigh, medium: T.tierMedium, low: T.tierLow } as const;

/** A share as a percentage, for reasons. */
export function pct(x: number): string {
  return `${Math.round(x * 100)} %`; // not tuning: a percentage
}

/** A match as the rules start judging it: specific, low, unscored, nothing observed yet. */
export function startJudging(f: Unranked, run: Run): Judging {
  return {
    f,
    e: f.entry,
    run,
    raiseSite: false,
    specific: true,
    mirror: false,
    strong: false,
    copiedIn: null,
    raisedElsewhere: null,
    confidence: "low",
    classBonus: false,
    score: 0,
    reasons: [],
  };
}
