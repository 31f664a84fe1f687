import type { CSSProperties } from "react";
import type { ErrorRecord } from "@/lib/schema";
import { githubLineUrl } from "@/lib/permalink";
import { highlightPython } from "@/components/code/highlight";
import { HighlightStyle } from "@/components/code/highlight-style";
import { SnippetFocus } from "./snippet-focus";

const BOX_ID = "snippet";

/** The source around the raise, highlighted at build time, numbered from sourceCodeStart, with the error line marked and scrolled into view. */
export async function SourceSnippet({ record }: { record: ErrorRecord }) {
  const { lines, css, cssKey } = await highlightPython(record.sourceCode);
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
    if (n === hit) rows += `<span class="hit" id="${hitId}" aria-current="true">${gutter}<span class="sr-only select-none">error line: </span>${html}</span>`;
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
        <HighlightStyle css={css} cssKey={cssKey} />
        <pre>
          <code dangerouslySetInnerHTML={{ __html: rows }} />
        </pre>
      </div>
      {hit >= start && hit <= end ? <SnippetFocus boxId={BOX_ID} lineId={hitId} /> : null}
    </figure>
  );
}
