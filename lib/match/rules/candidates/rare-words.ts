/**
 * rare-words: a line sharing at least two rare words with a record is compared with it, however little of either side
 * the other explains.
 */
import type { RuleDoc } from "../rule";
import { T } from "../../rank/tuning";

export const RARE_WORDS: RuleDoc = {
  id: "rare-words",
  stage: "candidates",
  doc:
    "When a line found no record by its share of wording (nor by a quoted span, its own line or a corrected typo), the " +
    "records sharing T.rareWordsShared or more rare words with it are offered: a word is rare when its weight is " +
    "T.rareWordWeight or more of that of a word no record uses. Little of either side need agree, so these answers are " +
    "weak: they come out low unless the ranking finds evidence (the raise site, strong overlap). Rarity is measured " +
    "against the dataset: in one of fewer than T.rareMinRecords records, a word few records use may be any common word, " +
    "and the rule does not act.",
};

/** Whether a word of this weight is rare, `unknown` being the weight of a word no record uses. */
export function isRare(weight: number, unknown: number): boolean {
  return weight >= T.rareWordWeight * unknown;
}

/** Whether a record sharing `rare` rare words with a line, and not contradicted by name, is a candidate. */
export function sharesRareWords(rare: number, contradicted: boolean): boolean {
  return rare >= T.rareWordsShared && !contradicted;
}

/** Whether a dataset of `documents` records is large enough for a word's rarity in it to mean anything. */
export function rarityMeasurable(documents: number): boolean {
  return documents >= T.rareMinRecords;
}
