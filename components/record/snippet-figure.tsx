import type { CSSProperties, ReactNode } from "react";
import type { ErrorRecord } from "@/lib/record/schema";
import { githubLineUrl } from "@/lib/record/permalink";
import { HighlightStyle } from "@/components/code/highlight-style";
import { Island } from "@/components/islands/island";
import { SnippetFocus } from "./snippet-focus";

const BOX_ID = "snippet";

export interface CodeLines {
  /** One escaped HTML string per source line (highlighted or plain). */
  lines: string[];
  /** Token-colour rules for highlighted lines ("" for plain text). */
  css: string;
  cssKey: string;
}

/**
 * The source around the raise, numbered from sourceCodeStart, with the error
 * line marked and scrolled into view. Takes lines already escaped: highlighted
 * at build time (SourceSnippet) or plain (a long-tail record drawn in the browser).
 */
export function SnippetFigure({ record, code }: { record: ErrorRecord; code: CodeLines }) {
  const lines = [...code.lines];
  if (lines.length > 1 && lines.at(-1) === "" && lines.length > record.sourceCodeEnd - record.sourceCodeStart + 1) lines.pop();
  const start = record.sourceCodeStart;
  const end = start + lines.length - 1;
  const hit = record.lineNumber;
  const hitId = `L${hit}`;
  // One text line per source line, joined by newlines; the error line is a block (so its
  // background spans the box) and therefore takes no newline on either side.
  let rows = "";
  lines.forEach((html, i) => {
    const n = start + i;
    const gutter = `<span class=n>${n}</span>`;
    if (n === hit)
      rows += `<span class="hit" id="${hitId}" aria-current="true">${gutter}<span class="sr-only select-none">error line: </span>${html}</span>`;
    else rows += (i > 0 && start + i - 1 !== hit ? "\n" : "") + gutter + html;
  });
  const range = start === end ? `line ${start}` : `lines ${start}–${end}`;

  return (
    <figure>
      <figcaption className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span>
          <code className="font-semibold">{record.filePath}</code>
          <span className="text-muted">
            , {range}; raised on line {hit}
          </span>
        </span>
        <span className="flex gap-3">
          <a href={githubLineUrl(record)}>View on GitHub</a>
          <a href={record.githubUrl}>Snippet {range} on GitHub</a>
        </span>
      </figcaption>
      <div
        id={BOX_ID}
        className="code-box hl snippet"
        role="region"
        aria-label={`Source of ${record.filePath}, ${range}`}
        tabIndex={0}
        style={{ "--digits": String(end).length } as CSSProperties}
      >
        <HighlightStyle css={code.css} cssKey={code.cssKey} />
        <pre>
          <code dangerouslySetInnerHTML={{ __html: rows }} />
        </pre>
      </div>
      {hit >= start && hit <= end ? <Island name="snippet-focus" of={SnippetFocus} props={{ boxId: BOX_ID, lineId: hitId }} /> : null}
    </figure>
  );
}

/** A code block from escaped lines; scrolls inside its box. */
export function CodeFigure({ code, label }: { code: CodeLines; label: string }) {
  return (
    <div className="code-box hl" role="region" aria-label={label} tabIndex={0}>
      <HighlightStyle css={code.css} cssKey={code.cssKey} />
      <pre>
        <code dangerouslySetInnerHTML={{ __html: code.lines.join("\n") }} />
      </pre>
    </div>
  );
}

/** How a record view draws code: highlighted at build time, or plain in the browser. */
export interface CodeRenderers {
  snippet: (record: ErrorRecord) => ReactNode;
  block: (code: string, label: string) => ReactNode;
}
