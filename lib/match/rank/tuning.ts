/**
 * The tuning table: every threshold and weight that decides which records a
 * log line is compared with, what counts as evidence, how sure an answer is
 * and how answers are ordered. Each entry has its default, its unit, the
 * stage it acts in and what raising it does. Matching modules read their
 * numbers from `T` only (tuning.test.ts checks that no other number hides in
 * them); `docs/matching.md`'s tuning section is generated from this table
 * (`npx tsx scripts/gen-matching-docs.ts`, kept in sync by a test).
 *
 * Sizes of the transport (shards, grams, strides) are not here: they change
 * how fast an answer comes, never which answer (lib/match/data/split-data.ts,
 * prefilter.ts).
 */

/** Where in the pipeline a number acts. */
export type Stage = "candidates" | "evidence" | "confidence" | "order" | "limits";

export interface Tunable {
  value: number;
  unit: string;
  stage: Stage;
  /** What the number does, and what raising it does. */
  effect: string;
}

const table = {
  // Candidates: which records a drifted line is compared with by wording.
  maxDriftQueries: {
    value: 48,
    unit: "lines",
    stage: "candidates",
    effect: "Most lines of one lookup compared by wording. Higher reads more of a long, noisy paste; each line costs a wording search.",
  },
  maxBlockLines: {
    value: 3,
    unit: "lines",
    stage: "candidates",
    effect: "Lines after an error line that may continue its message. Higher joins more wrapped or multi-line messages, and more noise.",
  },
  maxBareTexts: {
    value: 64,
    unit: "distinct lines",
    stage: "candidates",
    effect:
      "Distinct texts holding a key their pattern failed on, past which the log is a long log's noise and none of them is compared by wording.",
  },
  minQueryLetters: {
    value: 12,
    unit: "characters",
    stage: "candidates",
    effect: "Shortest text compared by wording, and shortest first sentence taken as a message's opening. Lower lets fragments match.",
  },
  similarLookedAt: {
    value: 6,
    unit: "records",
    stage: "candidates",
    effect: "Records the wording index offers per drifted line, before they are filtered and reordered.",
  },
  similarKept: {
    value: 2,
    unit: "records",
    stage: "candidates",
    effect: "Records compared by wording kept per drifted line. Higher shows more guesses per line.",
  },
  aligned: {
    value: 24,
    unit: "records",
    stage: "candidates",
    effect: "Candidates aligned word by word per query: enough to find the best, few enough to stay fast.",
  },
  alignedExtra: {
    value: 8,
    unit: "records",
    stage: "candidates",
    effect: "Candidates aligned beyond the best-shared: those sharing the most rare words outright, and those the line holds whole.",
  },
  commonPostings: {
    value: 1500,
    unit: "records",
    stage: "candidates",
    effect: "A word in more records than this is too common to pick candidates by (it still counts in the alignment).",
  },
  minCoverage: {
    value: 0.5,
    unit: "share of word weight",
    stage: "candidates",
    effect: "Share of the record's and of the line's word weight a candidate must explain to be kept. Higher drops looser rewordings.",
  },
  estimateSlack: {
    value: 0.5,
    unit: "factor",
    stage: "candidates",
    effect: "A candidate is aligned when its shared-word estimate reaches this share of the lower coverage bound. Lower aligns more.",
  },
  minRecordRareWords: {
    value: 1.6,
    unit: "rare words' weight",
    stage: "candidates",
    effect: "A record with less literal wording than this is too thin to be found by wording.",
  },
  minSharedRareWords: {
    value: 4.8,
    unit: "rare words' weight",
    stage: "candidates",
    effect: "Rare words' weight a line must share with a record that has a long clause the line lacks.",
  },
  longClauseLine: {
    value: 0.75,
    unit: "share of the line",
    stage: "candidates",
    effect: "A record with a long clause the line lacks is a candidate when the line is this well explained…",
  },
  longClauseRecord: { value: 0.25, unit: "share of the record", stage: "candidates", effect: "…and this much of the record is present." },
  namedLine: {
    value: 0.6,
    unit: "share of the line",
    stage: "candidates",
    effect: "A message rewritten around the same rare name (`device_map`) is a candidate when the line is this well explained…",
  },
  namedRareWords: { value: 0.5, unit: "rare words' weight", stage: "candidates", effect: "…and the shared names weigh this much." },
  prefixLine: {
    value: 0.95,
    unit: "share of the line",
    stage: "candidates",
    effect: "A line that is how a record's message begins (a release appended advice) must be explained this fully…",
  },
  prefixRareWords: { value: 1, unit: "rare words' weight", stage: "candidates", effect: "…with at least this much rare wording." },
  clauseFound: {
    value: 0.85,
    unit: "share of a sentence",
    stage: "candidates",
    effect: "One whole sentence of the record found almost word for word (this share of it) is a candidate…",
  },
  clauseLine: { value: 0.4, unit: "share of the line", stage: "candidates", effect: "…when its words explain this much of the line." },
  runRareWords: {
    value: 4,
    unit: "rare words' weight",
    stage: "candidates",
    effect: "The record's opening words this rich, found word for word, make the same message whatever else changed.",
  },
  wholeRecord: {
    value: 0.9,
    unit: "share of the record",
    stage: "candidates",
    effect: "Share of a record's word weight a line must hold to be a candidate however long the line.",
  },
  wholeRareWords: {
    value: 3,
    unit: "rare words' weight",
    stage: "candidates",
    effect: "A record held whole by a line its words explain `clauseLine` of is an answer with this much rare wording.",
  },
  minSameFileRareWords: {
    value: 1,
    unit: "rare words' weight",
    stage: "candidates",
    effect: "Rare words' weight a message must share with a record of its raise file when nothing else answers it.",
  },
  sameFileLead: {
    value: 1.5,
    unit: "factor",
    stage: "candidates",
    effect: "…and how far ahead of the file's next record it must be. Lower guesses more often among a file's records.",
  },
  genericLetters: {
    value: 20,
    unit: "letters and digits",
    stage: "confidence",
    effect:
      "A pattern with less literal text than this is generic: it can match unrelated errors, so its matches are low (and validation warns).",
  },
  partialMinLetters: {
    value: 24,
    unit: "letters and digits",
    stage: "candidates",
    effect: "Literal text a pattern's first line or sentence needs to be tried alone as a partial match.",
  },
  maxWrapLines: {
    value: 6,
    unit: "lines",
    stage: "candidates",
    effect: "Most lines a message hard-wrapped by a terminal is re-joined from (twice as many when blank lines may sit between).",
  },
  wrapBack: {
    value: 2,
    unit: "lines",
    stage: "candidates",
    effect: "How far before the line that holds a key a wrapped message may start.",
  },
  minWrappedLine: {
    value: 40,
    unit: "characters",
    stage: "candidates",
    effect: "A line shorter than this (that the next word would not have overflowed) was not broken by wrapping.",
  },
  maxSiteOnly: {
    value: 2,
    unit: "records",
    stage: "candidates",
    effect: "Most records a raise site alone (no wording) is an answer for.",
  },

  // Evidence: how a line is aligned with a message, and what the log says beyond it.
  maxValueTokens: {
    value: 8,
    unit: "tokens",
    stage: "evidence",
    effect: "Log tokens one placeholder absorbs as an explained value. Higher lets placeholders swallow reworded text.",
  },
  maxValueWords: {
    value: 2,
    unit: "words",
    stage: "evidence",
    effect:
      "Words a full match's placeholder value holds past which it may hide another message's wording, so the line is compared by wording too.",
  },
  valueTokenCredit: {
    value: 0.001,
    unit: "score per token",
    stage: "evidence",
    effect:
      "Credit a placeholder earns per log token it takes as a value: enough to prefer explaining a value over skipping it, never enough to outweigh a word.",
  },
  minStemLength: {
    value: 3,
    unit: "letters",
    stage: "evidence",
    effect: "Words longer than this lose a plural or third-person `s` before comparison (`seems` → `seem`).",
  },
  minContentWordLength: {
    value: 2,
    unit: "characters",
    stage: "evidence",
    effect: "Shortest word that carries meaning in a comparison; shorter ones only align.",
  },
  minCutWordLength: {
    value: 3,
    unit: "letters",
    stage: "evidence",
    effect: "Shortest last token taken as a word the paste cut short.",
  },
  punctuationWeight: {
    value: 0.05,
    unit: "word weight",
    stage: "evidence",
    effect: "Weight of a punctuation token: it aligns, it barely counts.",
  },
  maxSwappedWords: {
    value: 3,
    unit: "words",
    stage: "evidence",
    effect: "A conflict is a name swapped for another: at most this many of the record's words in the gap.",
  },
  runWords: {
    value: 6,
    unit: "content words",
    stage: "evidence",
    effect: "The opening words count as a clause from this many content words, not as a stock phrase.",
  },
  lineCoverageBetaSquared: {
    value: 2,
    unit: "β²",
    stage: "order",
    effect:
      "F-beta of the record's and the line's coverage: the line's coverage counts this many times the record's (a release adds clauses more often than a line holds words no record has).",
  },
  siblingLead: {
    value: 0.03,
    unit: "agreement (0..1)",
    stage: "confidence",
    effect: "How much better a sibling branch of the same file must explain the line for a full match to drop to medium.",
  },
  siblingRecord: {
    value: 0.9,
    unit: "share of the sibling",
    stage: "confidence",
    effect: "Share of the sibling's wording the line must hold: the whole message, near enough.",
  },
  repoFrames: {
    value: 2,
    unit: "points of 3",
    stage: "evidence",
    effect: "Repository evidence: traceback frames in the repository's package.",
  },
  repoStarted: {
    value: 2,
    unit: "points of 3",
    stage: "evidence",
    effect: "Repository evidence: the log shows the process started as the project (`python -m sglang.launch_server`, `vllm serve`).",
  },
  repoNamed: {
    value: 1,
    unit: "points of 3",
    stage: "evidence",
    effect: "Repository evidence: the log names the package (an import, a site-packages path, a pinned version) or the project in prose.",
  },
  repoLogFormat: {
    value: 1,
    unit: "points of 3",
    stage: "evidence",
    effect: "Repository evidence: a log format only that project writes.",
  },
  repoFull: { value: 3, unit: "points", stage: "evidence", effect: "Points of repository evidence that make it certain (strength 1)." },
  clearRepo: {
    value: 2 / 3,
    unit: "strength (0..1)",
    stage: "confidence",
    effect:
      "Repository evidence this strong (two of: frames, how it was started, its log format) tells copies of one message in two repositories apart.",
  },
  siteFolderParts: {
    value: 2,
    unit: "path parts",
    stage: "evidence",
    effect:
      "Trailing path parts a frame's file must share with a record's outside the dataset's packages: the file name alone is too weak (every project has a utils.py).",
  },
  siteRankDistinctiveSource: {
    value: 8,
    unit: "points",
    stage: "evidence",
    effect: "Orders a record's frames: one printing a raise statement that says more than `raise X(`…",
  },
  siteRankSource: { value: 4, unit: "points", stage: "evidence", effect: "…one printing the record's raise statement…" },
  siteRankLine: { value: 2, unit: "points", stage: "evidence", effect: "…one at the record's line number…" },
  siteRankLast: { value: 1, unit: "points", stage: "evidence", effect: "…the traceback's last frame…" },
  siteRankFile: { value: 1, unit: "points", stage: "evidence", effect: "…one in the record's file." },
  siteEarlierFrame: {
    value: 0.5,
    unit: "factor",
    stage: "order",
    effect: "Raise-site evidence from a frame other than the last counts this share of the last frame's.",
  },

  // Confidence: what earns high and medium.
  strongRecordCoverage: {
    value: 0.7,
    unit: "share of the record",
    stage: "confidence",
    effect: "Similar wording is strong overlap (medium) when it explains this much of the record…",
  },
  strongLineCoverage: {
    value: 0.6,
    unit: "share of the line",
    stage: "confidence",
    effect: "…and this much of the line. Raising either makes fewer rewordings medium.",
  },
  wholeLineCoverage: {
    value: 0.95,
    unit: "share of the line",
    stage: "confidence",
    effect: "A line explained this fully by a record of the class the log names…",
  },
  addedClauseRecordCoverage: {
    value: 0.6,
    unit: "share of the record",
    stage: "confidence",
    effect: "…that holds this much of the record is strong overlap too: the rest is a clause another release added.",
  },
  mirrorLetters: {
    value: 45,
    unit: "letters",
    stage: "confidence",
    effect: "Literal letters beyond which a message is more than Python's own words (`'X' object has no attribute 'y'`), which are low.",
  },

  // Order: scores within a confidence.
  tierHigh: { value: 3_000_000, unit: "score", stage: "order", effect: "Base score of a high answer: confidence orders first." },
  tierMedium: { value: 2_000_000, unit: "score", stage: "order", effect: "Base score of a medium answer." },
  tierLow: { value: 1_000_000, unit: "score", stage: "order", effect: "Base score of a low answer." },
  scoreFull: { value: 400_000, unit: "score", stage: "order", effect: "A full match, within its confidence: the kind orders next." },
  scorePartial: { value: 300_000, unit: "score", stage: "order", effect: "A partial match (first line or sentence of the pattern)." },
  scoreRaiseSite: { value: 200_000, unit: "score", stage: "order", effect: "An answer found by the raise site alone." },
  scoreSimilar: { value: 100_000, unit: "score", stage: "order", effect: "An answer found by similar wording." },
  scoreFinalException: { value: 100_000, unit: "score", stage: "order", effect: "The line is a traceback's final exception." },
  scoreException: { value: 30_000, unit: "score", stage: "order", effect: "The line is an exception of a traceback that is not the last." },
  scoreSiteSource: { value: 40_000, unit: "score", stage: "order", effect: "A frame prints the record's raise statement." },
  scoreSiteLine: { value: 20_000, unit: "score", stage: "order", effect: "A frame is at the record's line." },
  scoreSiteFile: { value: 10_000, unit: "score", stage: "order", effect: "A frame is in the record's file." },
  scoreClass: { value: 8_000, unit: "score", stage: "order", effect: "The exception is raised as, or the line names, the record's class." },
  scoreRepo: { value: 6_000, unit: "score per strength", stage: "order", effect: "The log comes from the record's repository." },
  scoreExplained: { value: 5_000, unit: "score per share", stage: "order", effect: "The match explains more of its line." },
  maxLetterScore: {
    value: 499,
    unit: "score",
    stage: "order",
    effect: "More literal text orders last, up to this much; below `twinScore` so it never outweighs evidence.",
  },
  twinScore: {
    value: 500,
    unit: "score",
    stage: "confidence",
    effect: "Answers closer than this, the repository set aside, differ only by literal length: copies of one message in two repositories.",
  },

  // Limits: how much is read, kept and shown.
  maxText: { value: 4_000, unit: "characters", stage: "limits", effect: "Longest text tokenized; a longer line is cut." },
  maxTokens: { value: 300, unit: "tokens", stage: "limits", effect: "Most tokens of a line or message compared." },
  maxOccurrencesKept: {
    value: 20,
    unit: "lines",
    stage: "limits",
    effect: "Matched lines kept per record: enough to show, not enough to flood.",
  },
  messageExtraLines: {
    value: 2,
    unit: "lines",
    stage: "limits",
    effect: "Lines beyond a multi-line message's own that its pattern is tried over (a blank or wrapped line inside it).",
  },
  streamLookahead: {
    value: 8,
    unit: "lines per line wanted",
    stage: "limits",
    effect: "How far past a line the matcher looks for the next lines of the same process when other processes' lines interleave.",
  },
  maxErrorLines: {
    value: 50,
    unit: "lines",
    stage: "limits",
    effect: "Most final error lines listed when nothing matched.",
  },
  maxErrorLineChars: {
    value: 500,
    unit: "characters",
    stage: "limits",
    effect: "Longest error line listed when nothing matched; a longer one is cut.",
  },
  maxRaiseSites: { value: 8, unit: "exceptions", stage: "limits", effect: "Final exceptions whose raise site the no-match view details." },
  guessLines: { value: 8, unit: "lines", stage: "limits", effect: "Error lines searched for guesses when nothing matched." },
  guesses: { value: 3, unit: "records", stage: "limits", effect: "Closest records shown as guesses when nothing matched." },
  guessRecordCoverage: {
    value: 0.25,
    unit: "share of the record",
    stage: "limits",
    effect: "Least share of a record's wording a guess must share with the error line…",
  },
  guessLineCoverage: { value: 0.2, unit: "share of the line", stage: "limits", effect: "…and least share of the line it must explain." },
  repoSample: {
    value: 1_000_000,
    unit: "characters",
    stage: "limits",
    effect: "How much of a long log's start and end is read for repository evidence.",
  },
  spanWords: {
    value: 3,
    unit: "words",
    stage: "candidates",
    effect: "Fewest words of a quoted span (quoted-span) compared as a message of its own. Lower compares quoted names and values too.",
  },
  typoLetters: {
    value: 6,
    unit: "letters",
    stage: "candidates",
    effect: "Shortest unknown word typo-words reads as a record's word one edit away. Lower corrects short words, which collide more.",
  },
  rareWordWeight: {
    value: 0.6,
    unit: "share of an unknown word's weight",
    stage: "candidates",
    effect: "Weight from which a shared word counts as rare for rare-words. Higher counts only the rarest words.",
  },
  rareWordsShared: {
    value: 2,
    unit: "words",
    stage: "candidates",
    effect: "Rare words a line must share with a record for rare-words to offer it. Higher offers fewer, surer weak answers.",
  },
  unansweredLines: {
    value: 3,
    unit: "lines",
    stage: "candidates",
    effect: "First lines with words of a log nothing answered that unanswered-lines compares (an issue's title). Higher reads more prose.",
  },
  rareMinRecords: {
    value: 1000,
    unit: "records",
    stage: "candidates",
    effect:
      "Smallest dataset in which rare-words acts: below it, a word few records use is no sign of a shared error. Lower lets small datasets guess.",
  },
  unansweredMaxLines: {
    value: 64,
    unit: "lines",
    stage: "candidates",
    effect: "Longest log whose first lines unanswered-lines compares: a longer one is a run's output. Higher reads the banners of runs.",
  },
  typoMaxLetters: {
    value: 24,
    unit: "letters",
    stage: "candidates",
    effect:
      "Longest word typo-words corrects: a longer one is a run or a hash, and its one-edit variants cost time. Higher corrects longer words.",
  },
  cutTailWords: {
    value: 3,
    unit: "words",
    stage: "candidates",
    effect: "Fewest words (the cut one counted) of a paste's closing run that cut-tail compares. Lower answers shorter, vaguer runs.",
  },
  cutTailLetters: {
    value: 16,
    unit: "letters",
    stage: "candidates",
    effect: "Fewest letters of a paste's closing run that cut-tail compares. Lower lets a short common opening pick a record.",
  },
  raiseTemplateLetters: {
    value: 10,
    unit: "letters",
    stage: "candidates",
    effect:
      "Fewest literal letters of the shorter of two alike templates (raise-template). Lower lets short openings like `Invalid {x}` pick a record.",
  },
} as const satisfies Record<string, Tunable>;

/** The tuning table, by name. */
export const TUNING: Readonly<Record<keyof typeof table, Tunable>> = table;

/** The values of the tuning table, by name: what the matching modules read. */
export const T = Object.freeze(Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.value]))) as {
  readonly [K in keyof typeof table]: number;
};
