/**
 * Matching by wording, for messages that drifted between releases: a word
 * changed, a clause added or removed. A record's message (or, when it is
 * built from variables, the message with their assigned text) is compared
 * with a log's error line word by word: placeholders are masked, rare words
 * weigh more than common ones (inverse document frequency over the
 * records), and a candidate must explain enough of the record's message and
 * enough of the line, so sharing `must be … got` never makes an answer.
 *
 * Written by hand rather than with FlexSearch: its scores rank documents
 * but say nothing of how much of each side is explained, which is what
 * decides here, and the word diff needs the alignment anyway.
 */
import { align } from "./alignment";
import type { RecordToken, Token, WordWeights } from "./tokens";
import { T } from "./tuning";
import { measure } from "./walk-back";

export { isContentWord, isName, nameAt, templateTokens, tokens, WordWeights, type RecordToken, type Token } from "./tokens";

/** One step of a word diff: `=` in both (the log's text), `-` only in the record, `+` only in the log. */
export interface DiffOp {
  op: "=" | "-" | "+";
  text: string;
  /** For `=` steps that fill a placeholder: the placeholder's expression. */
  name?: string;
}

export interface WordingMatch {
  /** Share (0..1) of the record's literal wording, by weight, found in the line. */
  recordCoverage: number;
  /** Share (0..1) of the line's wording, by weight, explained by the record (its words and its placeholders). */
  lineCoverage: number;
  /**
   * The record's sentence best found in the line: its share found, its weight, and the share of the line's wording
   * it explains alone (a release may add or drop the others).
   */
  clause: { coverage: number; weight: number; line?: number };
  /** Set by the index: one whole sentence of the record, rich in rare words, is in the line almost word for word. */
  sentenceFound?: boolean;
  /**
   * Set by the index when one sentence of a record of several, judged as a record of its own, agrees with the line
   * (`clause`): how well the two explain each other. A release rewrote the sentence and dropped or added the others.
   */
  sentenceAgreement?: number;
  /**
   * Names that contradict each other: where the record names one thing and the line another in the same place
   * (`Using mxfp4 requires` against `Using a \`device_map\` requires`, `MLA` against `MHA`), the share of each
   * side's weight such substituted names carry. A release rewords prose; a different name is usually a different error.
   */
  conflict: { record: number; line: number; names: { record: string; line: string; negation?: true }[] };
  /**
   * Weight of the record's opening words found word for word, side by side, in the line, when they are T.runWords
   * content words at least (0 otherwise): a later release kept the start of the message and rewrote the rest.
   */
  openingRun: number;
  /** Weight of the names (`nameAt`, acronyms aside) both sides share: `device_map` in both is strong evidence, whatever the prose around it. */
  sharedNames: number;
  diff: DiffOp[];
}

/**
 * How well a record and a line explain each other (0..1): the harmonic mean of the two coverages, less what
 * conflicting names take from each side; or, when the index found one sentence of the record agreeing better on its
 * own, that sentence's agreement.
 */
export function agreementOf(m: Pick<WordingMatch, "recordCoverage" | "lineCoverage" | "conflict" | "sentenceAgreement">): number {
  const r = Math.max(0, m.recordCoverage - m.conflict.record);
  const l = Math.max(0, m.lineCoverage - m.conflict.line);
  return Math.max(harmonic(r, l), m.sentenceAgreement ?? 0);
}

/**
 * F-beta of a record's and a line's coverage, β² = T.lineCoverageBetaSquared (2: explaining the line counts twice as much). How the wording
 * index picks the closest records: a release adds clauses to a message more often than a line holds words no record has.
 */
export function lineWeighted(record: number, line: number): number {
  const b2 = T.lineCoverageBetaSquared;
  return record + line > 0 ? ((1 + b2) * record * line) / (b2 * record + line) : 0;
}

/** The harmonic mean of two shares (0 when both are 0). */
export function harmonic(a: number, b: number): number {
  return a + b > 0 ? (2 * a * b) / (a + b) : 0; // not tuning: the harmonic mean's definition
}

/**
 * The first sentence of a message of several (`Model X does not support LoRA, but LoRA is enabled.` of the same
 * followed by `Support for this model may be added …`), or null: a release may have added or dropped the sentences
 * after it. A sentence ends at `.`, `!` or `?` followed by a blank and a capital letter.
 */
export function firstSentence(text: string): string | null {
  const m = /[.!?](?=\s+[A-Z])/.exec(text);
  if (!m) return null;
  const first = text.slice(0, m.index + 1).trim();
  return first.length >= T.minQueryLetters && first.length < text.trim().length ? first : null;
}

/**
 * Aligns a record's template tokens with a line's tokens (a weighted longest
 * common subsequence in which a placeholder absorbs a run of the line's
 * tokens: alignment.ts) and measures what each side explains of the other
 * (walk-back.ts).
 */
export function compareWording(record: RecordToken[], line: Token[], weights: WordWeights): WordingMatch {
  const w = line.map((t) => weights.of(t.key));
  return measure(record, line, w, weights, align(record, line, w));
}
