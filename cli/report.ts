/** Printing validation problems for people (stderr) and machines (--json). */
import { formatProblem, countProblems, type Problem } from "../lib/dataset/problems";

/** Prints every problem, one line each; returns the number of errors. */
export function printProblems(problems: Problem[], out: NodeJS.WritableStream): number {
  for (const p of problems) out.write(formatProblem(p) + "\n");
  return countProblems(problems).errors;
}
