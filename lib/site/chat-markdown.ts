/**
 * Markdown for incident chats and comments (Slack, Teams, Discord, GitHub):
 * the one place that writes it, for the page's "Copy for chat" button and
 * `errdex match --format markdown` alike, so both say the same words. Record
 * text and log text are untrusted: record text is backslash-escaped, a log
 * line goes in a code span that nothing in it can close.
 */
import { counted, type Confidence, type MatchReport } from "../match/report";
import type { MatchKind } from "../match/matcher";
import { clip, oneLine } from "./record-share";
import { KIND_LABEL } from "../match/report";
import { searchLabel } from "./upstream-search";

/** Chats cut or refuse longer messages (Slack truncates past 4,000 characters). */
export const CHAT_MAX_CHARS = 4000;

/** The record fields a chat message needs (a lookup result carries exactly these). */
export interface Shareable {
  errorClass: string;
  errorMessage: string;
  /** The first solution, if the record has one. */
  solution?: string | undefined;
}

/** How a known error matched a log, when the Markdown is about a log and not just a record. */
export interface ChatMatch {
  kind: MatchKind;
  confidence: Confidence;
  /** The first line it matched: its 1-based number and cleaned text. */
  line?: { line: number; text: string } | undefined;
  /** How many separate places in the log it matched. */
  occurrences?: number;
}

/** Markdown's inline syntax characters, escaped so record text shows as typed in a chat. */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>|~#]/g;

/** Record text as inert Markdown: one line, syntax characters backslash-escaped. */
export function markdownText(text: string): string {
  return oneLine(text).replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
}

/** How long a log line may be in a code span. */
const CODE_SPAN_MAX = 200;

/**
 * Text as a one-line code span, or "" for blank text. A backtick becomes ˋ
 * (U+02CB, which looks the same): Slack has no way to escape one inside code,
 * so a real backtick would end the span and let the rest of the line format,
 * link or mention. Nothing else is special inside a code span.
 */
export function codeSpan(text: string, max = CODE_SPAN_MAX): string {
  const t = clip(text, max).replace(/`/g, "\u02cb");
  return t ? `\`${t}\`` : "";
}

/**
 * One known error as chat Markdown, a line per fact: the class (bold) and
 * message; when it came from a log, its confidence, kind and the line it
 * matched; the first solution; then the permalink on a line of its own, so
 * the chat unfurls it. What "Copy for chat" copies, and each bullet of
 * `errdex match --format markdown`.
 */
export function chatMarkdown(r: Shareable, permalink: string, match?: ChatMatch): string {
  const lines = [`**${markdownText(clip(r.errorClass, 120))}**: ${markdownText(clip(r.errorMessage, 300))}`];
  if (match) lines.push(matchLine(match));
  if (r.solution && r.solution.trim()) lines.push(`Fix: ${markdownText(clip(r.solution, 300))}`);
  lines.push(permalink);
  return lines.join("\n");
}

/** `high confidence, full match, line 4: `…`` (and how many places, when more than one). */
function matchLine(m: ChatMatch): string {
  let s = `${m.confidence} confidence, ${KIND_LABEL[m.kind]}`;
  if (m.line) {
    s += `, line ${m.line.line}`;
    const code = codeSpan(m.line.text);
    if (code) s += `: ${code}`;
  }
  if (m.occurrences && m.occurrences > 1) s += ` (${m.occurrences} places in the log)`;
  return s;
}

/** A chat message as one list item: a bullet, its lines indented under it and ended with hard breaks (two spaces). */
function bullet(markdown: string): string {
  return `- ${markdown.split("\n").join("  \n  ")}`;
}

/**
 * A lookup as chat Markdown: a line saying what was found, one bullet per
 * known error (`chatMarkdown`), best first, and "…and N more" for those that
 * do not fit: the whole stays under `maxChars`.
 */
export function reportMarkdown(report: MatchReport, maxChars = CHAT_MAX_CHARS): string {
  const source = codeSpan(report.source) || "the log";
  const notes = report.stopped ? [`_Stopped early: ${markdownText(report.stopped)}_`] : [];
  if (report.total === 0) {
    return [`**errdex**: no known error in ${source} (${counted(report.lineCount, "line")}).`, ...notes].join("\n\n");
  }
  const head = `**errdex**: ${counted(report.total, "known error")} in ${source}, best first:`;
  const more = (n: number) => `…and ${n} more`;
  const bullets: string[] = [];
  // The longest tail the message can end with: the "more" line (at its widest) and the notes.
  const tail = [more(report.total), ...notes].join("\n\n").length + 4;
  let length = head.length + 2;
  for (const m of report.matches) {
    const b = bullet(
      chatMarkdown({ errorClass: m.errorClass, errorMessage: m.message, solution: m.solution }, m.permalink, {
        kind: m.kind,
        confidence: m.confidence,
        line: m.lines[0],
        occurrences: m.occurrences,
      }) + `\n[${markdownText(searchLabel(m.repo))}](${m.search})`,
    );
    if (length + b.length + 1 + tail >= maxChars) break;
    bullets.push(b);
    length += b.length + 1;
  }
  const rest = report.total - bullets.length;
  return [head, ...(bullets.length ? [bullets.join("\n")] : []), ...(rest > 0 ? [more(rest)] : []), ...notes].join("\n\n");
}
