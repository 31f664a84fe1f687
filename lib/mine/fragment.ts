/**
 * Mining a fragment of a file, such as a record's snippet, for the raise on
 * one line. A fragment can start inside a docstring or a statement, or
 * indented. The raise is first read from its own line on; when its message
 * needs no variable assigned above, that reading is the one a whole file
 * gives. Otherwise the fragment is read whole, then from the last line that
 * ends a triple-quoted string above the raise, then from the raise's line.
 * Each reading opens the fragment's indentation with a prelude of nested
 * `if 1:` lines, so that later dedents land on a level Python knows.
 */
import { mineSource, type RaiseSite, type UnreadableSite } from "./raise-sites";
import { splitLines } from "./lines";

/** What a fragment says about its line: the site read there, or why its message is unreadable, or nothing. */
export type FragmentFinding = { site: RaiseSite } | { unreadable: UnreadableSite } | null;

/** The raise at 1-based `line` of the fragment, read as faithfully as the fragment allows. */
export function mineFragmentAt(src: string, line: number): FragmentFinding {
  const lines = splitLines(src);
  const alone = findAt(lines.slice(line - 1), 1, line - 1);
  if (alone && "site" in alone && !alone.site.readsVariables) return alone;
  const starts = [1, afterLastTripleQuote(lines, line), line].filter((s, i, all) => s >= 1 && all.indexOf(s) === i);
  let unreadable: FragmentFinding = null;
  for (const start of starts) {
    const found = findAt(lines.slice(start - 1), line - start + 1, start - 1);
    if (found && "site" in found) return found;
    unreadable ??= found;
  }
  return unreadable;
}

/** The line after the last line above `line` holding an odd number of triple quotes (1 when there is none). */
function afterLastTripleQuote(lines: string[], line: number): number {
  for (let i = line - 2; i >= 0; i--) if (((lines[i]!.match(/"""|'''/g) ?? []).length & 1) === 1) return i + 2;
  return 1;
}

function findAt(lines: string[], line: number, offset: number): FragmentFinding {
  const indent = /^[ \t]*/.exec(lines.find((l) => l.trim()) ?? "")![0].replace(/\t/g, "        ").length;
  const prelude: string[] = [];
  for (let i = 0; i < indent; i++) prelude.push(" ".repeat(i) + "if 1:");
  const mined = mineSource([...prelude, ...lines].join("\n"));
  const target = line + prelude.length;
  const site = mined.sites.find((s) => s.line === target);
  if (site) return { site: { ...site, line: line + offset } };
  const unreadable = mined.unreadable.find((s) => s.line === target);
  return unreadable ? { unreadable: { ...unreadable, line: line + offset } } : null;
}
