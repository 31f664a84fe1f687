/**
 * What a record says when it is shared: the unfurl text (Open Graph, Twitter
 * card), the share image's path and text, and the theme colour of its
 * severity (the Markdown for chats is chat-markdown.ts). Pure: record text is
 * untrusted, so everything here returns plain strings that callers render as
 * text (React and Next escape them).
 */
import { parseTemplate } from "../record/message-template";
import type { ErrorRecord } from "../record/schema";

/** Width and height of a share image, the size unfurlers show large. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** `/og/<id>.png`: the share image written at build time for a record. */
export function shareImagePath(id: string): string {
  return `/og/${encodeURIComponent(id)}.png`;
}

/** Colours of the four severities (browser chrome and the image's accent bar); unknown severities get "error". */
export const SEVERITY_COLORS: Record<"critical" | "error" | "warning" | "info", string> = {
  critical: "#8b0000",
  error: "#cf222e",
  warning: "#9a6700",
  info: "#0969da",
};

/** The theme colour of a severity, case-insensitive. */
export function severityColor(severity: string): string {
  const key = severity.trim().toLowerCase();
  // Own keys only: a severity of `constructor` or `__proto__` is just an unknown severity.
  return Object.hasOwn(SEVERITY_COLORS, key) ? SEVERITY_COLORS[key as keyof typeof SEVERITY_COLORS] : SEVERITY_COLORS.error;
}

/** Whitespace runs (newlines, tabs) collapsed to one space, control characters dropped: one line of plain text. */
export function oneLine(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** `text` on one line, cut to at most `max` characters (at a word boundary when one is near), with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = oneLine(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd() + "…";
}

/** The first non-blank solution, or undefined. */
export function firstSolution(solutions: readonly string[]): string | undefined {
  return solutions.find((s) => s.trim() !== "");
}

/** The share title: class and message, e.g. `RuntimeError: PD Disaggregation does NOT support …`. */
export function shareTitle(r: Pick<ErrorRecord, "errorClass" | "errorMessage">): string {
  return clip(`${r.errorClass}: ${r.errorMessage}`, 150);
}

/** The share description: the documentation, then the first solution. */
export function shareDescription(r: Pick<ErrorRecord, "documentation" | "solutions" | "errorClass" | "repo">): string {
  const doc = oneLine(r.documentation) || `${oneLine(r.errorClass)} raised in ${r.repo}.`;
  const fix = firstSolution(r.solutions);
  return clip(fix ? `${doc} Fix: ${oneLine(fix)}` : doc, 300);
}

/**
 * Text for the share image, limited to what its font (Geist, Latin) can draw:
 * other characters would come from whatever fonts the build machine has (or
 * draw as empty boxes), so they become "?".
 */
export function imageText(text: string, max: number): string {
  return clip(text.replace(INVISIBLE, ""), max)
    .replace(/[\u2010-\u2012\u2212]/g, "-")
    .replace(IMAGE_UNSAFE, "?");
}

/** Characters that draw nothing (zero-width, joiners, direction marks and controls, BOM): dropped, not shown as "?". */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** A message template as its page shows it: placeholders as `{expr}`, `{{` and `}}` as the braces they stand for. */
export function templateText(message: string): string {
  return parseTemplate(message)
    .map((s) => (s.kind === "text" ? s.value : `{${s.expr}}`))
    .join("");
}

/**
 * Everything but printable ASCII, Latin-1 and a few common typographic marks
 * (dashes, curly quotes, ellipsis, bullet). Wider ranges let characters through
 * that Geist lacks (a corpus build hit U+2011, the non-breaking hyphen).
 */
const IMAGE_UNSAFE = /[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2022]/gu;
