/**
 * Small text helpers every stage shares: the first line of a message, clipping
 * with an ellipsis, and the character sets the cleaner and the matcher agree
 * on. Each set is named for exactly what it contains.
 */

/** The first line of `text` (up to the first `\n` or `\r\n`). */
export function firstLine(text: string): string {
  const i = text.indexOf("\n");
  if (i < 0) return text;
  return text.charCodeAt(i - 1) === 13 ? text.slice(0, i - 1) : text.slice(0, i);
}

/** `text` cut to at most `max` characters, the last being `…` when it was cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** The first line of `text`, trimmed and clipped to `max` characters. */
export function firstLineClipped(text: string, max: number): string {
  return clip(firstLine(text).trim(), max);
}

/** Exactly the characters JavaScript's `\s` matches (so text squeezed here and a pattern squeezed with `\s` agree). */
export function isJsWhitespace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** `text` without any `isJsWhitespace` character. */
export function withoutJsWhitespace(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (isJsWhitespace(text.charCodeAt(i))) {
      if (i > start) out += text.slice(start, i);
      start = i + 1;
    }
  }
  return start === 0 ? text : out + text.slice(start);
}

/**
 * Blanks within a line: space, tab and the Unicode spaces (no-break, ideographic,
 * en/em and zero-width space, BOM), but never a line break. What a log cleaner
 * trims around prefixes.
 */
export function isInlineBlank(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    (c > 127 &&
      (c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200b) || c === 0x202f || c === 0x205f || c === 0x1680))
  );
}

/**
 * Lines joined by single spaces, each trimmed: a message wrapped over lines
 * as one line. (Linear: `/\s*\n\s*\/` backtracks over a long run of blanks.)
 */
export function oneLineMessage(text: string): string {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
    .join(" ");
}

/** A lone surrogate (half of a pair with no other half): `encodeURIComponent` throws on one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` URL-encoded as a query value, any lone surrogate first replaced by
 * U+FFFD (untrusted text may hold one), and `!'()*` encoded too, so the URL
 * can stand in a Markdown link `[…](url)` without closing it.
 */
export function encodeQueryValue(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, "\ufffd")).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
