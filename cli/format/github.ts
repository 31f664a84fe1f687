/**
 * `--format github`: one workflow annotation per known error, which GitHub
 * Actions shows on the run's summary page and beside the failed step, and the
 * Markdown (with links) for the job's step summary. Every value is escaped
 * as the workflow-command rules require, so a log line cannot end the
 * command early or start another one.
 */
import { counted, type MatchReport, type ReportMatch } from "../../lib/match/report";
import { reportMarkdown } from "../../lib/site/chat-markdown";
import { clip } from "../../lib/site/record-share";
import { terminalSafe } from "../terminal";

/** A workflow command's message: `%`, CR and LF encoded. */
export function escapeData(s: string): string {
  return s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A workflow command's property value (`title=…`): as data, and `:` and `,` encoded too. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/** Untrusted text as one clipped line with no control characters or bidi overrides left raw. */
const safe = (text: string, max: number) => terminalSafe(clip(text, max));

/** `::error title=…::…`, or `::warning` for a low-confidence match. */
export function annotation(m: ReportMatch, source: string): string {
  const level = m.confidence === "low" ? "warning" : "error";
  const title = `errdex: ${safe(m.errorClass, 120)} (${m.confidence} confidence, ${m.kind} match)`;
  const first = m.lines[0];
  const message = [
    safe(m.message, 300),
    ...(first ? [`${safe(source, 200)}, line ${first.line}: ${safe(first.text, 300)}`] : []),
    ...(m.solution?.trim() ? [`Fix: ${safe(m.solution, 300)}`] : []),
    m.permalink,
  ].join("\n");
  return `::${level} title=${escapeProperty(title)}::${escapeData(message)}`;
}

/** What `--format github` prints: a plain line saying what was found, then the annotations. */
export function formatGithub(report: MatchReport): string {
  const source = terminalSafe(report.source);
  if (report.total === 0) return `errdex: no known error in ${source} (${counted(report.lineCount, "line")})\n`;
  const lines = [
    `errdex: ${counted(report.total, "known error")} in ${source} (${counted(report.lineCount, "line")})`,
    ...report.matches.map((m) => annotation(m, report.source)),
  ];
  return lines.join("\n") + "\n";
}

/** What is appended to $GITHUB_STEP_SUMMARY: the chat Markdown, with links, and a blank line to part it from the next. */
export function stepSummary(report: MatchReport): string {
  return `${reportMarkdown(report)}\n\n`;
}
