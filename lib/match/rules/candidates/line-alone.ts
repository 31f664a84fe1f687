/**
 * line-alone: a message the lookup joined with the lines after it (a wrapped message, see find/drift-queries.ts) is
 * also compared on its own line, so that what follows it cannot hide it.
 */
import type { RuleDoc } from "../rule";

export const LINE_ALONE: RuleDoc = {
  id: "line-alone",
  stage: "candidates",
  doc:
    "An error line is compared with the lines that may continue its message (up to T.maxBlockLines). When that block " +
    "found no record, the line is compared alone: `RuntimeError: No accelerator (CUDA, XPU, HPU) is available.` followed " +
    "by a shell prompt and a command is the first line's message, not the three lines'. A line ending in a colon " +
    "(`Error Message:`) introduces the lines after it: it is not compared alone.",
};

/** The line's own message when `block` (the text compared) joined more lines to it, else null. */
export function lineAlone(lineText: string, start: number, block: string): string | null {
  const alone = lineText.slice(start).trim();
  return alone && !alone.endsWith(":") && alone !== block.trim() && block.length > alone.length ? alone : null;
}
