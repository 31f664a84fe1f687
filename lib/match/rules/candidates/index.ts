/** The candidate-stage rules: which records a line is compared with, in the order the pipeline applies them. */
import type { RuleDoc } from "../rule";

export const CANDIDATE_RULES: readonly RuleDoc[] = [];
