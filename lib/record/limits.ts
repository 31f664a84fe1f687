/**
 * Size limits a record must respect. Datasets come from elsewhere: a record
 * past these would make pages unusable (a 1 MB snippet, 10,000 tags) or the
 * matcher slow, so validation reports it like any other problem. Within them
 * every page renders and stays usable. Documented in the README.
 */

export const LIMITS = {
  /** Characters in errorMessage. */
  errorMessage: 10_000,
  /** Characters in messagePattern. */
  messagePattern: 10_000,
  /** Characters and lines in sourceCode. */
  sourceCodeChars: 200_000,
  sourceCodeLines: 2_000,
  /** Characters in each other text field (documentation, code examples…). */
  text: 50_000,
  /** Items in a list field (solutions, preventionTips, tags), and characters per item. */
  listItems: 100,
  itemChars: 10_000,
  /** Tags per record, and characters per tag. */
  tags: 50,
  tagChars: 64,
} as const;
