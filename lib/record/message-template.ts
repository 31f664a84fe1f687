/**
 * Reads `errorMessage` as the template it is in the source: Python f-string
 * placeholders (`{expr}`, `{x!r}`, `{','.join(v)}`, `{n:>4}`) with `{{` and
 * `}}` as literal braces, and optionally printf-style `%s` / `%(name)d`.
 * Pages use the segments to mark placeholders; validation renders sample
 * messages to prove a record's pattern finds its own message.
 */

export type Segment = { kind: "text"; value: string } | { kind: "placeholder"; expr: string };

/** printf-style conversion: `%s`, `%r`, `%d`, `%(name)s`, `%-10.3f`; `%%` is handled apart. */
const PRINTF_PLACEHOLDER = /%(?:\([^)]*\))?[-#0 +]*(?:\d+|\*)?(?:\.(?:\d+|\*))?[sdirfgexXco]/y;

/** Splits a message into literal text and placeholders. `printf` also treats `%s`-style conversions as placeholders. */
export function parseTemplate(message: string, options: { printf?: boolean } = {}): Segment[] {
  const segments: Segment[] = [];
  let literal = "";
  const flush = () => {
    if (literal) segments.push({ kind: "text", value: literal });
    literal = "";
  };
  let i = 0;
  while (i < message.length) {
    const c = message[i]!;
    if (c === "{" && message[i + 1] === "{") {
      literal += "{";
      i += 2;
    } else if (c === "}" && message[i + 1] === "}") {
      literal += "}";
      i += 2;
    } else if (c === "{") {
      const end = placeholderEnd(message, i);
      if (end < 0) {
        literal += message.slice(i);
        break;
      }
      flush();
      segments.push({ kind: "placeholder", expr: message.slice(i + 1, end) });
      i = end + 1;
    } else if (options.printf && c === "%") {
      if (message[i + 1] === "%") {
        literal += "%";
        i += 2;
        continue;
      }
      PRINTF_PLACEHOLDER.lastIndex = i;
      const m = PRINTF_PLACEHOLDER.exec(message);
      if (m) {
        flush();
        segments.push({ kind: "placeholder", expr: m[0] });
        i += m[0].length;
      } else {
        literal += c;
        i++;
      }
    } else {
      literal += c;
      i++;
    }
  }
  flush();
  return segments;
}

/** Index of the `}` closing the placeholder opened at `start`, skipping nested braces and quoted strings; -1 if unclosed. */
function placeholderEnd(s: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "{" || c === "[" || c === "(") depth++;
    else if (c === "}" || c === "]" || c === ")") {
      depth--;
      if (depth === 0) return c === "}" ? i : -1;
    }
  }
  return -1;
}

/** A placeholder's name as a reader knows it: its expression without `!r` conversion or `:>4` format spec (`{x!r}` → `x`). */
export function placeholderName(expr: string): string {
  return expr
    .trim()
    .replace(/\s*=\s*(?:![rsa])?(?::[^'"()[\]{}]*)?$/, "")
    .replace(/![rsa](?::[^'"()[\]{}]*)?$/, "")
    .replace(/:[^'"()[\]{}:]*$/, "")
    .trim();
}

/** Renders a template with every placeholder replaced by `sample`. */
export function renderTemplate(segments: Segment[], sample: string): string {
  let out = "";
  for (const s of segments) out += s.kind === "text" ? s.value : sample;
  return out;
}

/** Sample values tried in turn when proving a pattern finds its own message. */
export const SAMPLE_VALUES = ["X1", "7", "x", "0.5", "abc_def", "'a'"] as const;

/**
 * Every sample rendering of a message: the f-string reading first, then with
 * printf placeholders too, then the message taken literally (a plain string
 * in the source whose braces are text, not placeholders).
 */
export function sampleRenderings(message: string): string[] {
  return [...new Set(renderings(message))];
}

/** The same renderings, lazily, so a caller can stop at the first that matches (repeats possible). */
export function* renderings(message: string): Generator<string> {
  const fstring = parseTemplate(message);
  for (const v of SAMPLE_VALUES) yield renderTemplate(fstring, v);
  if (message.includes("%")) {
    const printf = parseTemplate(message, { printf: true });
    for (const v of SAMPLE_VALUES) yield renderTemplate(printf, v);
  }
  yield message;
}
