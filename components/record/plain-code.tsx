import { escapeHtml } from "@/lib/site/html";
import { CodeFigure, SnippetFigure, type CodeLines, type CodeRenderers } from "./snippet-figure";

function plain(code: string): CodeLines {
  return { lines: code.split(/\r\n|\r|\n/).map(escapeHtml), css: "", cssKey: "" };
}

/**
 * Code drawing for a long-tail record rendered in the browser: the same
 * figures, escaped plain text without colours (Shiki and its grammar would
 * add about a megabyte to the page for colour alone).
 */
export const plainCode: CodeRenderers = {
  snippet: (record) => <SnippetFigure record={record} code={plain(record.sourceCode)} />,
  block: (code, label) => <CodeFigure code={plain(code.replace(/\s+$/, ""))} label={label} />,
};
