/**
 * A mined message: literal text and placeholders named after the
 * expressions the code puts there. Renders the record's `errorMessage`
 * (f-string syntax, as the corpus writes it) and its `messagePattern`
 * (literal text escaped, `(.+?)` per placeholder).
 */
import type { Segment } from "../record/message-template";

/** A message read from the code. `plain`: one string constant, whose braces are text, written as is. */
export interface MessageTemplate {
  segments: Segment[];
  plain: boolean;
}

/** A message read into a template, or why it could not be (`final`: no reading of a part may stand in for it). */
export type MessageRead = { ok: true; template: MessageTemplate } | { ok: false; reason: string; final?: boolean };

/** A message built of one constant string. */
export function plainTemplate(text: string): MessageTemplate {
  return { segments: text ? [{ kind: "text", value: text }] : [], plain: true };
}

/** Joins templates in order (`a + b`, implicit concatenation), merging adjacent text. */
export function joinTemplates(parts: MessageTemplate[]): MessageTemplate {
  const segments: Segment[] = [];
  for (const part of parts) {
    for (const s of part.segments) {
      const last = segments[segments.length - 1];
      if (s.kind === "text" && last?.kind === "text") segments[segments.length - 1] = { kind: "text", value: last.value + s.value };
      else segments.push(s);
    }
  }
  return { segments, plain: segments.every((s) => s.kind === "text") && parts.every((p) => p.plain) };
}

/** A placeholder for an expression, its source text on one line (`{self.x!r}`). */
export function placeholder(expr: string): Segment {
  return { kind: "placeholder", expr: oneLine(expr) };
}

/** Collapses the line breaks and indentation of a multi-line expression into single spaces. */
export function oneLine(expr: string): string {
  if (!expr.includes("\n")) return expr.trim();
  return expr
    .replace(/\s*\n\s*/g, " ")
    .replace(/([([{]) /g, "$1")
    .replace(/ ([)\]}])/g, "$1")
    .replace(/,([)\]}])/g, "$1")
    .trim();
}

/** `errorMessage`: a plain message as is; otherwise literal braces doubled and placeholders in braces. */
export function renderMessage(t: MessageTemplate): string {
  let out = "";
  for (const s of t.segments) {
    if (s.kind === "placeholder") out += `{${s.expr}}`;
    else out += t.plain ? s.value : s.value.replace(/[{}]/g, "$&$&");
  }
  return out;
}

/** Python `re` metacharacters, escaped in literal text. */
const REGEX_META = /[.^$*+?{}[\]\\|()]/g;
/** Control characters, written as escapes so the pattern stays on one line. */
const CONTROL = /[\x00-\x1f\x7f]/g;
const CONTROL_ESCAPES: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r" };

/** Escapes literal text for a Python `re` pattern. */
export function escapeRegex(text: string): string {
  return text
    .replace(REGEX_META, "\\$&")
    .replace(CONTROL, (c) => CONTROL_ESCAPES[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** `messagePattern`: literal text escaped, `(.+?)` where each placeholder goes. */
export function renderPattern(t: MessageTemplate): string {
  return t.segments.map((s) => (s.kind === "text" ? escapeRegex(s.value) : "(.+?)")).join("");
}

/** The literal text of a template, placeholders left out. */
export function literalText(t: MessageTemplate): string {
  return t.segments.map((s) => (s.kind === "text" ? s.value : "")).join("");
}
