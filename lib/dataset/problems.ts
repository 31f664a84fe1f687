/**
 * A problem found in a dataset, and its one-line form
 * `<file>:<line>: record <id>: <field>: <what is wrong> (<expected form or fix>)`.
 * Every check reports through this type so that the CLI, the build and the
 * tests print the same words.
 */

export type Level = "error" | "warning";

export interface Problem {
  level: Level;
  /** Dataset file as given to the loader (relative path or name). */
  file: string;
  /** 1-based line of the record in that file. */
  line: number;
  /** Record id when it is known (even if the record is otherwise invalid). */
  id?: string;
  /** Field the problem is about, dotted for nested paths (`solutions.2`). */
  field?: string;
  /** What is wrong, in plain words. */
  message: string;
  /** The expected form or the fix, when there is one. */
  hint?: string;
  /** Name of the check that found it. */
  check: string;
}

/** Formats a problem on one line; warnings say so after the location. */
export function formatProblem(p: Problem): string {
  const parts = [`${p.file}:${p.line}:`];
  if (p.level === "warning") parts.push("warning:");
  if (p.id !== undefined) parts.push(`record ${p.id}:`);
  if (p.field !== undefined) parts.push(`${p.field}:`);
  parts.push(p.hint ? `${p.message} (${p.hint})` : p.message);
  return parts.join(" ");
}

/** Orders problems by file, then line, errors before warnings. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || (a.level === b.level ? 0 : a.level === "error" ? -1 : 1),
  );
}

/** Counts errors and warnings. */
export function countProblems(problems: Problem[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const p of problems) if (p.level === "error") errors++;
  return { errors, warnings: problems.length - errors };
}
