import type { DiffOp } from "@/lib/match/rank/wording";

/**
 * A word diff between a record's message and a log line, inline: words only
 * in the record struck through, words only in the log underlined, values
 * that fill a placeholder marked with its name.
 */
export function WordDiff({ diff }: { diff: DiffOp[] }) {
  return (
    <span className="word-diff">
      {diff.map((d, i) =>
        d.op === "-" ? (
          <del key={i} className="diff-del" title="only in the record's message">
            {d.text}
          </del>
        ) : d.op === "+" ? (
          <ins key={i} className="diff-ins" title="only in your log">
            {d.text}
          </ins>
        ) : d.name !== undefined ? (
          <span key={i} className="diff-value" title={`{${d.name}}`}>
            {d.text}
          </span>
        ) : (
          <span key={i}>{d.text}</span>
        ),
      )}
    </span>
  );
}

/** What the marks of WordDiff mean, said once. */
export function WordDiffLegend() {
  return (
    <span className="text-sm text-muted">
      <del className="diff-del">struck through</del>: only in the record · <ins className="diff-ins">underlined</ins>: only in your log
    </span>
  );
}
