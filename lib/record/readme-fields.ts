/** The README section between `<!-- fields:start -->` and `<!-- fields:end -->`. */
const START = "<!-- fields:start -->";
const END = "<!-- fields:end -->";

/** The text between the markers, trimmed; null if the markers are missing. */
export function readFieldTable(readme: string): string | null {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  return a < 0 || b < a ? null : readme.slice(a + START.length, b).trim();
}

/** The README with the table between the markers replaced. */
export function replaceFieldTable(readme: string, table: string): string {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  if (a < 0 || b < a) throw new Error(`README.md has no ${START} … ${END} markers`);
  return `${readme.slice(0, a + START.length)}\n${table}\n${readme.slice(b)}`;
}
