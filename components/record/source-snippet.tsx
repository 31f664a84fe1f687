import type { ErrorRecord } from "@/lib/record/schema";
import { highlightPython } from "@/components/code/highlight";
import { CodeFigure, SnippetFigure, type CodeRenderers } from "./snippet-figure";

/** The source around the raise, highlighted at build time (see SnippetFigure). */
export async function SourceSnippet({ record }: { record: ErrorRecord }) {
  return <SnippetFigure record={record} code={await highlightPython(record.sourceCode)} />;
}

/** A python code block highlighted at build time. */
export async function CodeBlock({ code, label }: { code: string; label: string }) {
  return <CodeFigure code={await highlightPython(code.replace(/\s+$/, ""))} label={label} />;
}

/** Build-time code drawing for prerendered record pages (server only: Shiki stays out of the browser). */
export const highlightedCode: CodeRenderers = {
  snippet: (record) => <SourceSnippet record={record} />,
  block: (code, label) => <CodeBlock code={code} label={label} />,
};
