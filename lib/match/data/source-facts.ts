/**
 * What the matcher keeps of a record's source snippet, read at build time:
 *
 * - the raise site: the lines of the statement at `lineNumber` without
 *   blanks, so a traceback frame's printed source line finds the record even
 *   when the line number moved between releases;
 * - the wording of variables the message is built from: a message like
 *   `{msg} To allow overriding …` keeps most of its words in the string
 *   literals assigned to `msg` above the raise, and a log from another
 *   release is compared with those too.
 *
 * Python is read by hand here, not parsed: snippets are fragments (they
 * start and end mid-function), which a real parser refuses.
 */
import { parseTemplate } from "../../record/message-template";
import { withoutJsWhitespace } from "../../text";

type SourceRecord = { sourceCode: string; sourceCodeStart: number; lineNumber: number; errorMessage: string };

/** Most lines a statement is followed over, and most lines looked back for its start. */
const MAX_STATEMENT_LINES = 12;
const MAX_BACK = 4;
/** How far above the raise an assignment to a message variable is looked for. */
const MAX_ASSIGNMENT_DISTANCE = 40;
/** A string literal with an optional prefix (f, r, b, u, rb, fr…), triple or single quoted. */
const STRING_LITERAL = /(?:\b[rRbBuUfF]{1,2})?("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/g;
const STATEMENT_START = /^\s*(?:raise|return|assert|logger\.|logging\.|log\.|warnings\.warn|print\(|self\.\w+\(|\w+\s*=)/;

/**
 * Hashes of the raise statement's lines a traceback may print under the
 * frame, without blanks: its first line and the record's own line (what
 * Python up to 3.12 prints), and its first two lines holding a string
 * literal, the message (3.13 prints the whole statement).
 */
export function raiseSiteHashes(r: SourceRecord): string[] {
  const { lines, own } = statementAt(r);
  const literal = lines.filter((l) => /["']/.test(l)).slice(0, 2);
  return [...new Set([lines[0], own, ...literal].filter((l): l is string => !!l && l.length >= 6).map(lineHash))];
}

/** A short hash of a source line without blanks (FNV-1a, base 36): equal lines, equal hashes. */
export function lineHash(squeezed: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < squeezed.length; i++) {
    h ^= squeezed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** The lines of the statement at the record's line, without blanks (those of 6 characters or more). */
export function raiseSiteLines(r: SourceRecord): string[] {
  return statementAt(r).lines;
}

/** raiseSiteLines, and the record's own line without blanks ("" when the snippet does not hold it). */
function statementAt(r: SourceRecord): { lines: string[]; own: string } {
  const at = r.lineNumber - r.sourceCodeStart;
  if (at < 0) return { lines: [], own: "" };
  // Only the lines a statement at `at` can span are cut out: a snippet runs to hundreds of lines, and splitting each
  // whole was a sixth of building the matcher data.
  const first = Math.max(0, at - MAX_BACK);
  const window = linesOf(r.sourceCode, first, at + MAX_STATEMENT_LINES);
  if (at - first >= window.length) return { lines: [], own: "" };
  const line = (i: number) => window[i - first]!;
  let start = at;
  while (start > 0 && at - start < MAX_BACK && !STATEMENT_START.test(line(start)) && opensBracket(line(start - 1))) start--;
  const out: string[] = [];
  let depth = 0;
  for (let i = start; i < first + window.length && i < start + MAX_STATEMENT_LINES; i++) {
    out.push(line(i));
    depth += bracketBalance(line(i));
    if (i >= at && depth <= 0) break;
  }
  return { lines: out.map(withoutJsWhitespace).filter((l) => l.length >= 6), own: withoutJsWhitespace(line(at)) };
}

/** Lines `from` … `to − 1` of a text (fewer where it ends), as `text.split("\n")` numbers them, without splitting it all. */
export function linesOf(text: string, from: number, to: number): string[] {
  const out: string[] = [];
  let pos = 0;
  for (let n = 0; n < from; n++) {
    const nl = text.indexOf("\n", pos);
    if (nl < 0) return out;
    pos = nl + 1;
  }
  for (let n = from; n < to; n++) {
    const nl = text.indexOf("\n", pos);
    if (nl < 0) {
      out.push(text.slice(pos));
      break;
    }
    out.push(text.slice(pos, nl));
    pos = nl + 1;
  }
  return out;
}

/**
 * The message with each placeholder that interpolates a whole variable
 * (`{msg}`) replaced by the literal text assigned to that variable above the
 * raise: what the message says when the template itself is mostly
 * placeholders. "" when no placeholder is such a variable. Placeholders
 * inside those literals stay `{…}`.
 */
export function expandedMessage(r: SourceRecord): string {
  const names = new Set<string>();
  for (const s of parseTemplate(r.errorMessage))
    if (s.kind === "placeholder" && /^[A-Za-z_]\w*$/.test(s.expr.trim())) names.add(s.expr.trim());
  if (names.size === 0) return "";
  // The lines above the raise, as far as an assignment is looked for (the whole snippet is not split).
  const raiseAt = r.lineNumber - r.sourceCodeStart;
  const from = Math.max(0, raiseAt - MAX_ASSIGNMENT_DISTANCE);
  const lines = linesOf(r.sourceCode, from, raiseAt);
  const at = from + lines.length;
  const line = (i: number) => lines[i - from]!;
  const assigned = new Map<string, string>();
  for (let i = from; i < at; i++) {
    const m = /^\s*([A-Za-z_]\w*)\s*(\+?)=(?!=)/.exec(line(i));
    if (!m || !names.has(m[1]!)) continue;
    // The assignment statement: until its brackets balance.
    let text = "";
    let depth = 0;
    for (let j = i; j < at && j < i + MAX_STATEMENT_LINES; j++) {
      text += line(j) + "\n";
      depth += bracketBalance(line(j));
      if (depth <= 0 && !line(j).trimEnd().endsWith("\\")) break;
    }
    const literal = [...text.matchAll(STRING_LITERAL)].map((lit) => literalText(lit[1]!)).join("");
    if (!literal.trim()) continue;
    // `msg += "…"` adds to what was assigned; `msg = "…"` in another branch is an alternative: keep the first.
    if (m[2]) assigned.set(m[1]!, (assigned.get(m[1]!) ?? "") + literal);
    else if (!assigned.has(m[1]!)) assigned.set(m[1]!, literal);
  }
  if (assigned.size === 0) return "";
  return parseTemplate(r.errorMessage)
    .map((s) => (s.kind === "text" ? s.value.replace(/[{}]/g, (c) => c + c) : (assigned.get(s.expr.trim()) ?? `{${s.expr}}`)))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/** The text of a string literal, quotes removed and common escapes read. */
function literalText(quoted: string): string {
  const q = quoted.startsWith('"""') || quoted.startsWith("'''") ? 3 : 1;
  return quoted
    .slice(q, quoted.length - q)
    .replace(/\\n/g, " ")
    .replace(/\\(["'\\])/g, "$1");
}

/** Opening minus closing brackets on a line, outside string literals and comments. */
function bracketBalance(line: string): number {
  const code = line.replace(STRING_LITERAL, '""').replace(/#.*$/, "");
  let d = 0;
  for (const c of code) {
    if (c === "(" || c === "[" || c === "{") d++;
    else if (c === ")" || c === "]" || c === "}") d--;
  }
  return d;
}

function opensBracket(line: string): boolean {
  return bracketBalance(line) > 0 || /[(,[{\\]\s*$/.test(line.replace(/#.*$/, ""));
}
