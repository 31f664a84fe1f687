/**
 * Generated sections of the docs: the text between `<!-- NAME:start -->` and
 * `<!-- NAME:end -->` is written by a script from its source of truth (the
 * record schema, the tuning table), and a test reads it back to keep it in sync.
 */
const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** The text between the markers of `name`, trimmed; null if the markers are missing. */
export function readSection(doc: string, name: string): string | null {
  const [start, end] = markers(name);
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  return a < 0 || b < a ? null : doc.slice(a + start.length, b).trim();
}

/** The doc with the text between the markers of `name` replaced; `file` names the doc in the error. */
export function replaceSection(doc: string, name: string, body: string, file: string): string {
  const [start, end] = markers(name);
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${file} has no ${start} … ${end} markers`);
  return `${doc.slice(0, a + start.length)}\n${body}\n${doc.slice(b)}`;
}
