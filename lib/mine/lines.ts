/** Offsets to 1-based line numbers, by binary search over the line starts. */

export interface LineIndex {
  /** The 1-based line holding offset `at`. */
  lineAt(at: number): number;
  /** How many lines the text has. */
  count: number;
}

/** Indexes the line starts of a text (`\n`, `\r\n` and a lone `\r` end a line, as in Python). */
export function lineIndex(text: string): LineIndex {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  const lineAt = (at: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  return { lineAt, count: starts.length };
}

/** Splits a text into lines the way `lineIndex` counts them. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}
