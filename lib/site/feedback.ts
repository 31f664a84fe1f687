/**
 * Pre-filled GitHub issues in the dataset's repository (lib/site/dataset-repo):
 * "Improve this record" from a record page and "Not this error?" from a
 * lookup result. errdex sends nothing: these are links the person opens
 * and submits themselves. Record and log text are untrusted; they go into
 * code blocks no text can close, so GitHub shows them as typed, and the
 * whole is URL-encoded. A report too long for a GitHub link is cut with a
 * note saying so, never silently.
 */
import { clip, encodeQueryValue } from "../text";
import { recordFilePath, type DatasetRepo } from "./dataset-repo";

/** GitHub answers longer new-issue URLs with an error page; about 8 KB is what works in practice. */
export const MAX_ISSUE_URL = 8000;

/** A new issue's title and body. */
export interface IssueDraft {
  title: string;
  body: string;
}

/** A fenced code block that nothing in `text` can close: its fence is longer than any backtick run in it. */
export function fenced(text: string, lang = "text"): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((s) => s.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** The note that ends a body cut to fit the URL. */
export function cutNote(chars: number): string {
  return `\n\n[errdex cut the last ${chars.toLocaleString("en-US")} characters of this report: a GitHub link carries about ${MAX_ISSUE_URL.toLocaleString("en-US")} bytes. Paste the rest here if it matters.]`;
}

function issueUrl(repo: string, title: string, body: string): string {
  return `https://github.com/${repo}/issues/new?title=${encodeQueryValue(title)}&body=${encodeQueryValue(body)}`;
}

/** `n`, or one less when the character before it starts a surrogate pair (a cut never splits one). */
function wholeChars(body: string, n: number): number {
  const c = body.charCodeAt(n - 1);
  return c >= 0xd800 && c <= 0xdbff ? n - 1 : n;
}

/** The longest prefix of `body` whose URL (with the cut note) fits, found by bisection on the encoded length. */
function fittingLength(repo: string, title: string, body: string): number {
  let lo = 0;
  let hi = Math.min(body.length, MAX_ISSUE_URL);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const n = wholeChars(body, mid);
    if (issueUrl(repo, title, body.slice(0, n) + cutNote(body.length - n)).length <= MAX_ISSUE_URL) lo = mid;
    else hi = mid - 1;
  }
  return wholeChars(body, lo);
}

/** The body as it will be sent: whole when the URL fits, else cut with a note (and how much was cut). */
export function fitBody(repo: string, draft: IssueDraft): { body: string; cut: number } {
  // Every character takes at least a byte: a body past the limit is not encoded whole (a 50 MB log would be).
  if (draft.body.length <= MAX_ISSUE_URL && issueUrl(repo, draft.title, draft.body).length <= MAX_ISSUE_URL)
    return { body: draft.body, cut: 0 };
  const n = fittingLength(repo, draft.title, draft.body);
  const cut = draft.body.length - n;
  return { body: draft.body.slice(0, n) + cutNote(cut), cut };
}

/** The new-issue URL in the dataset's repository for a draft, cut to fit (see fitBody). */
export function newIssueUrl(d: DatasetRepo, draft: IssueDraft): string {
  return issueUrl(d.repo, clip(draft.title, 200), fitBody(d.repo, { ...draft, title: clip(draft.title, 200) }).body);
}

/** The record fields an improvement issue quotes. */
export interface ImprovableRecord {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  errorMessage: string;
  filePath: string;
  lineNumber: number;
  githubUrl: string;
  documentation: string;
  solutions: string[];
  preventionTips: string[];
}

function listOrNone(items: string[]): string {
  const kept = items.filter((s) => s.trim());
  return kept.length ? kept.map((s) => `- ${clip(s, 400)}`).join("\n") : "(none recorded)";
}

/**
 * "Improve this record": the record's id, permalink and fields, then a
 * section each for a solution, a prevention tip and what was wrong, for the
 * person to fill in.
 */
export function improveDraft(d: DatasetRepo, r: ImprovableRecord, permalink: string, datasetVersion?: string): IssueDraft {
  const file = recordFilePath(d, r);
  const fields = [
    `errorClass: ${clip(r.errorClass, 200)}`,
    `errorMessage: ${clip(r.errorMessage, 1000)}`,
    `raised at: ${r.filePath}:${r.lineNumber}`,
    `documentation: ${clip(r.documentation.trim(), 600) || "(none)"}`,
    `solutions:\n${listOrNone(r.solutions)}`,
    `preventionTips:\n${listOrNone(r.preventionTips)}`,
  ].join("\n");
  const body = [
    "### The record",
    "",
    `- id: \`${r.id}\``,
    `- permalink: ${permalink}`,
    `- repository: ${r.repo}, source: ${r.githubUrl}`,
    ...(file ? [`- dataset file: ${file}`] : []),
    ...(datasetVersion ? [`- dataset version: ${datasetVersion}`] : []),
    "",
    fenced(fields),
    "",
    "### A solution",
    "",
    "<!-- What fixed it for you: the change, the setting, the version. -->",
    "",
    "### A prevention tip",
    "",
    "<!-- How to avoid the error in the first place. -->",
    "",
    "### What was wrong",
    "",
    "<!-- Anything in this record that is wrong, out of date or missing. -->",
  ].join("\n");
  return { title: `Improve ${r.id}: ${clip(`${r.errorClass}: ${r.errorMessage.split("\n", 1)[0]}`, 120)}`, body };
}

/** What a "Not this error?" report says about the match, before the person edits it. */
export interface WrongMatch {
  id: string;
  errorClass: string;
  kind: string;
  confidence: string;
  /** The first matched line: its number and text. */
  line?: { line: number; text: string } | undefined;
  permalink: string;
  errdexVersion: string;
  datasetVersion: string;
}

/** The report's editable text: the record, how it matched, the line, the versions, and a prompt for what the error really was. */
export function wrongMatchText(m: WrongMatch): string {
  return [
    "errdex matched this log line to a record that is not the error.",
    "",
    `- record: \`${m.id}\` (${clip(m.errorClass, 120)}) ${m.permalink}`,
    `- match: ${m.kind}, ${m.confidence} confidence`,
    `- errdex version: ${m.errdexVersion}`,
    `- dataset version: ${m.datasetVersion}`,
    "",
    m.line ? `Matched line ${m.line.line}:` : "Matched line: (none)",
    ...(m.line ? ["", fenced(clip(m.line.text, 2000))] : []),
    "",
    "### What the error really was",
    "",
    "<!-- The right record, or what was wrong with this one. -->",
  ].join("\n");
}

/** The log as the report includes it when the person ticks the box. */
export function logSection(log: string): string {
  return `\n\n### The whole log\n\n${fenced(log)}`;
}

/** The "Not this error?" issue's title. */
export function wrongMatchTitle(m: Pick<WrongMatch, "id" | "errorClass">): string {
  return `Wrong match: ${m.id} (${clip(m.errorClass, 80)})`;
}

/** The "Not this error?" issue: the (edited) text, and the log only when asked for. */
export function wrongMatchDraft(m: Pick<WrongMatch, "id" | "errorClass">, text: string, log?: string): IssueDraft {
  return { title: wrongMatchTitle(m), body: text + (log === undefined ? "" : logSection(log)) };
}
