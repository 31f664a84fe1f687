import type { Neighbours } from "@/lib/site/site-index";
import { recordPath, tagPath } from "@/lib/record/permalink";
import { RecordList } from "./record-list";
import { Section } from "./section";

/** Prev/next within the record's tag, and related records (same file, then shared tags). Renders nothing when there are none. */
export function RecordNeighbours({ neighbours: n }: { neighbours: Neighbours | undefined }) {
  if (!n) return null;
  const { tag, prev, next, related } = n;
  return (
    <>
      {related.length ? (
        <Section id="related" title="Related records">
          <p className="mb-2 text-sm text-muted">Raised in the same file first, then sharing the most tags.</p>
          <RecordList records={related} label="Related records" />
        </Section>
      ) : null}
      {tag && (prev || next) ? (
        <nav aria-label={`More in tag ${tag}`} className="mt-8 flex flex-wrap justify-between gap-3 border-t border-line pt-4 text-sm">
          {prev ? (
            <a rel="prev" href={recordPath(prev)}>
              ← Previous in <span className="font-mono">{tag}</span>: {prev.errorClass}
            </a>
          ) : (
            <span />
          )}
          <a href={tagPath(tag)}>All records tagged {tag}</a>
          {next ? (
            <a rel="next" href={recordPath(next)}>
              Next in <span className="font-mono">{tag}</span>: {next.errorClass} →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
