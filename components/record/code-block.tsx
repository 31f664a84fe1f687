import { highlightPython } from "@/components/code/highlight";
import { HighlightStyle } from "@/components/code/highlight-style";

/** A python code block highlighted at build time; scrolls inside its box. */
export async function CodeBlock({ code, label }: { code: string; label: string }) {
  const { lines, css, cssKey } = await highlightPython(code.replace(/\s+$/, ""));
  return (
    <div className="code-box hl" role="region" aria-label={label} tabIndex={0}>
      <HighlightStyle css={css} cssKey={cssKey} />
      <pre>
        <code dangerouslySetInnerHTML={{ __html: lines.join("\n") }} />
      </pre>
    </div>
  );
}
