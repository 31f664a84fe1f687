/**
 * Where each capturing group sits in a Python pattern's source, so a page can
 * colour group N the same in the pattern and in the matched log line.
 */

export interface GroupSpan {
  /** 1-based group number, as the regex numbers it. */
  group: number;
  /** Offsets of `(` and just after the matching `)` in the pattern source. */
  start: number;
  end: number;
}

/** Capturing groups of a Python-dialect pattern, in group-number order. */
export function captureGroups(pattern: string): GroupSpan[] {
  const out: GroupSpan[] = [];
  const stack: (GroupSpan | null)[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") {
      inClass = true;
      if (pattern[i + 1] === "^") i++;
      if (pattern[i + 1] === "]") i++;
    } else if (c === "(") {
      const capturing =
        pattern[i + 1] !== "?" ||
        pattern.startsWith("?P<", i + 1) ||
        (pattern[i + 2] === "<" && pattern[i + 3] !== "=" && pattern[i + 3] !== "!");
      if (capturing) {
        const g: GroupSpan = { group: out.length + 1, start: i, end: -1 };
        out.push(g);
        stack.push(g);
      } else stack.push(null);
    } else if (c === ")") {
      const g = stack.pop();
      if (g) g.end = i + 1;
    }
  }
  return out.filter((g) => g.end > 0);
}
