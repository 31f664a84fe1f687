/**
 * One record in full, for `errdex show` and `errdex match --explain`: as
 * terminal text (colour only on a TTY, every record text escaped by
 * terminalSafe), as Markdown (record text escaped, code fenced so nothing
 * closes it) or as JSON (the record and its links).
 */
import type { ErrorRecord } from "../../lib/record/schema";
import { codeSpan, markdownText } from "../../lib/site/chat-markdown";
import { fenced } from "../../lib/site/feedback";
import { searchLabel } from "../../lib/site/upstream-search";
import { terminalSafe, type Style } from "../terminal";

/** A record and the links `show` prints with it. */
export interface ShownRecord {
  record: ErrorRecord;
  permalink: string;
  /** The GitHub issue search in the record's repository (lib/site/upstream-search). */
  search: string;
  datasetVersion?: string | undefined;
}

/** Snippet lines printed around the error line, at most, each side. */
const SNIPPET_CONTEXT = 12;

const items = (list: string[]) => list.filter((s) => s.trim());

/** The snippet's lines with their numbers, at most SNIPPET_CONTEXT each side of the error line. */
function snippetLines(r: ErrorRecord): { n: number; text: string; hit: boolean }[] {
  return r.sourceCode
    .split(/\r?\n/)
    .map((text, i) => ({ n: r.sourceCodeStart + i, text, hit: r.sourceCodeStart + i === r.lineNumber }))
    .filter((l) => Math.abs(l.n - r.lineNumber) <= SNIPPET_CONTEXT);
}

/** The record for a terminal. */
export function recordText(v: ShownRecord, st: Style): string {
  const r = v.record;
  const t = terminalSafe;
  const out: string[] = [];
  const para = (title: string, text: string) => {
    if (!text.trim()) return;
    out.push(
      "",
      st.bold(title),
      ...text
        .trim()
        .split(/\r?\n/)
        .map((l) => `  ${t(l)}`),
    );
  };
  const list = (title: string, list: string[], mark: (i: number) => string) => {
    const kept = items(list);
    out.push("", st.bold(title));
    if (kept.length === 0) out.push(`  ${st.dim("none recorded")}`);
    kept.forEach((s, i) =>
      out.push(
        ...s
          .trim()
          .split(/\r?\n/)
          .map((l, k) => `  ${k === 0 ? mark(i) : " ".repeat(mark(i).length)}${t(l)}`),
      ),
    );
  };
  out.push(st.bold(`${t(r.errorClass)}: ${t(r.errorMessage.split(/\r?\n/).join(" ⏎ "))}`));
  out.push(`${t(r.repo)} · ${t(r.filePath)}:${r.lineNumber} · ${t(r.severity)}${r.tags.length ? ` · ${t(r.tags.join(", "))}` : ""}`);
  para("What it means", r.documentation);
  para("What triggers it", r.triggerScenarios);
  list("Solutions", r.solutions, (i) => `${i + 1}. `);
  list("Prevention tips", r.preventionTips, () => "- ");
  if (r.sourceCode.trim()) {
    const lines = snippetLines(r);
    const width = String(lines.at(-1)?.n ?? r.lineNumber).length;
    out.push("", st.bold(`Source (${t(r.filePath)}, line ${r.lineNumber})`));
    for (const l of lines) {
      const text = `${l.hit ? ">" : " "} ${String(l.n).padStart(width)}  ${t(l.text)}`;
      out.push(l.hit ? st.red(text) : st.dim(text.slice(0, width + 2)) + text.slice(width + 2));
    }
  }
  out.push("", `Permalink: ${st.cyan(t(v.permalink))}`, `${searchLabel(t(r.repo))}: ${st.cyan(v.search)}`);
  return out.join("\n") + "\n";
}

/** The record as Markdown (a GitHub comment, a chat, a note). */
export function recordMarkdown(v: ShownRecord): string {
  const r = v.record;
  const out: string[] = [`### **${markdownText(r.errorClass)}**: ${markdownText(r.errorMessage)}`, ""];
  out.push(`${markdownText(r.repo)} · ${codeSpan(`${r.filePath}:${r.lineNumber}`, 300)} · ${markdownText(r.severity)}`);
  const para = (title: string, text: string) => {
    if (!text.trim()) return;
    out.push(
      "",
      `#### ${title}`,
      "",
      ...text
        .trim()
        .split(/\n\s*\n/)
        .map((p) => markdownText(p))
        .join("\n\n")
        .split("\n"),
    );
  };
  const list = (title: string, list: string[], ordered: boolean) => {
    const kept = items(list);
    out.push("", `#### ${title}`, "");
    if (kept.length === 0) out.push("_None recorded._");
    kept.forEach((s, i) => out.push(`${ordered ? `${i + 1}.` : "-"} ${markdownText(s)}`));
  };
  para("What it means", r.documentation);
  para("What triggers it", r.triggerScenarios);
  list("Solutions", r.solutions, true);
  list("Prevention tips", r.preventionTips, false);
  if (r.sourceCode.trim()) {
    const lines = snippetLines(r);
    out.push(
      "",
      `#### Source (line ${r.lineNumber} marked)`,
      "",
      fenced(lines.map((l) => `${l.hit ? ">" : " "} ${l.n}  ${l.text}`).join("\n"), "python"),
    );
  }
  out.push("", v.permalink, `[${markdownText(searchLabel(r.repo))}](${v.search})`);
  return out.join("\n") + "\n";
}

/** The record as one JSON line: the record as the dataset holds it, its links and dataset version. */
export function recordJson(v: ShownRecord): string {
  return JSON.stringify({ record: v.record, permalink: v.permalink, search: v.search, datasetVersion: v.datasetVersion }) + "\n";
}
