/**
 * Every matching rule, in the order the pipeline applies them: candidates (lib/match/find), then evidence,
 * confidence and order (lib/match/rank/rank.ts walks this list). A rule's place here is its place in each walk, and
 * so the order of the reasons it gives.
 */
import { CANDIDATE_RULES } from "./candidates";
import { classInLine } from "./class-in-line";
import { confidenceTier } from "./confidence-tier";
import { contradictedLast } from "./contradicted-last";
import { copiedIn } from "./copied-in";
import { doubtTwins } from "./doubt-twins";
import { exceptionLine } from "./exception-line";
import { explained } from "./explained";
import { finalException } from "./final-exception";
import { fullMatch } from "./full-match";
import { genericPattern } from "./generic-pattern";
import type { Rule } from "./judging";
import { literalLength } from "./literal-length";
import { logRepo } from "./log-repo";
import { matchKind } from "./match-kind";
import { nameConflict } from "./name-conflict";
import { namedClass } from "./named-class";
import { partialMatch } from "./partial-match";
import { pythonOwn } from "./python-own";
import { raiseSite } from "./raise-site";
import { raiseSiteAlone } from "./raise-site-alone";
import { raisedElsewhere } from "./raised-elsewhere";
import { recordClass } from "./record-class";
import { siblingOutdone } from "./sibling-outdone";
import { sentenceGoesOnRule } from "./sentence-goes-on";
import { similarWording } from "./similar-wording";
import { siteInFrames } from "./site-in-frames";
import { strongOverlap } from "./strong-overlap";
import { yieldToHomeRepo } from "./yield-to-home-repo";

/** The ranking rules (evidence, confidence, order), in pipeline order. */
export const RANK_RULES: readonly Rule[] = [
  exceptionLine,
  raiseSite,
  classInLine,
  strongOverlap,
  fullMatch,
  partialMatch,
  similarWording,
  raiseSiteAlone,
  siblingOutdone,
  sentenceGoesOnRule,
  copiedIn,
  raisedElsewhere,
  nameConflict,
  genericPattern,
  pythonOwn,
  doubtTwins,
  confidenceTier,
  matchKind,
  finalException,
  recordClass,
  siteInFrames,
  namedClass,
  logRepo,
  explained,
  contradictedLast,
  literalLength,
  yieldToHomeRepo,
];

/** Every matching rule, in pipeline order. */
export const RULES: readonly Rule[] = [...CANDIDATE_RULES, ...RANK_RULES];
