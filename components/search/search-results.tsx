import { useEffect, useRef, type UIEvent } from "react";
import { highlight, type SearchDoc } from "@/lib/search/search";

interface SearchResultsProps {
  id: string;
  hits: readonly SearchDoc[];
  terms: readonly string[];
  encode: (word: string) => string[];
  active: number;
  optionId: (i: number) => string;
  onHover: (i: number) => void;
  onPick: (hit: SearchDoc) => void;
  /** Called when the list is scrolled to its end and more results can be listed. */
  onEnd?: () => void;
}

/** How near the end of the list (px) scrolling asks for more. */
const END_MARGIN = 80;

/**
 * The result list of the search dialog: a listbox of records, matched words
 * marked. Options hold no links (a link inside an option is a nested control
 * screen readers cannot reach); clicking or Enter opens the record. The
 * active option is kept in view.
 */
export function SearchResults({ id, hits, terms, encode, active, optionId, onHover, onPick, onEnd }: SearchResultsProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: "nearest" });
  }, [active, optionId, hits.length]);
  const onScroll = (e: UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (onEnd && el.scrollTop + el.clientHeight >= el.scrollHeight - END_MARGIN) onEnd();
  };
  return (
    <ul ref={list} id={id} role="listbox" aria-label="Search results" onScroll={onScroll} className="max-h-[60vh] overflow-y-auto">
      {hits.map((h, i) => (
        <li
          key={`${h.repo}/${h.slug}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          onMouseMove={() => i !== active && onHover(i)}
          onClick={() => onPick(h)}
          className={`cursor-pointer border-t border-line px-3 py-2 ${i === active ? "bg-subtle" : ""}`}
        >
          <span className="block break-words">
            <span className="font-mono text-sm font-semibold">
              <Marked text={h.errorClass} terms={terms} encode={encode} />
            </span>
            {": "}
            <Marked text={h.title} terms={terms} encode={encode} />
          </span>
          <span className="mt-0.5 block text-xs text-muted">
            <span className="font-mono">{h.repo}</span>
            {h.tags.length > 0 && <> · {h.tags.join(", ")}</>}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Marked({ text, terms, encode }: { text: string; terms: readonly string[]; encode: (word: string) => string[] }) {
  return (
    <>
      {highlight(text, terms, encode).map((s, i) =>
        s.mark ? (
          <mark key={i} className="rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700">
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
