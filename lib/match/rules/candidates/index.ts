/** The candidate-stage rules: which records a line is compared with, in the order the pipeline applies them. */
import type { RuleDoc } from "../rule";
import { QUOTED_SPAN } from "./quoted-span";
import { LINE_ALONE } from "./line-alone";
import { CUT_TAIL } from "./cut-tail";
import { RAISE_TEMPLATE } from "./raise-template";
import { TYPO_WORDS } from "./typo-words";
import { RARE_WORDS } from "./rare-words";
import { UNANSWERED_LINES } from "./unanswered-lines";

export const CANDIDATE_RULES: readonly RuleDoc[] = [
  QUOTED_SPAN,
  LINE_ALONE,
  CUT_TAIL,
  RAISE_TEMPLATE,
  TYPO_WORDS,
  RARE_WORDS,
  UNANSWERED_LINES,
];
