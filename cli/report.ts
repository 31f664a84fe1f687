/** Printing validation problems for people (stderr) and machines (--json). */
import { formatProblem, countProblems, type Problem } from "../lib/problems";

/** Prints every problem, then a summary line; returns the number of errors. */
export function printProblems(problems: Problem[], out: NodeJS.WritableStream): number {
  for (const p of problems) out.write(formatProblem(p) + "\n");
  const { errors, warnings } = countProblems(problems);
  if (problems.length) out.write(`${errors} error(s), ${warnings} warning(s)\n`);
  return errors;
}
