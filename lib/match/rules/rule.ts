/**
 * What every matching rule says of itself: its id, the stage it acts in and a paragraph a reader can act on.
 * Each rule is one module under lib/match/rules/ exporting one of these beside its logic; `docs/matching.md`'s rule
 * section is generated from them.
 */
import type { Stage } from "../rank/tuning";

export interface RuleDoc {
  /** Stable kebab-case id, as reasons and docs name the rule. */
  id: string;
  /** Where in the pipeline it acts: which records are compared, what counts as evidence, how sure, what order. */
  stage: Exclude<Stage, "limits">;
  /** One paragraph: what the rule does and why, in words a reader can check against a log. */
  doc: string;
}
