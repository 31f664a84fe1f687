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
}

/**
 * The result list of the search dialog: a listbox of records, matched words
 * marked. Options hold no links (a link inside an option is a nested control
 * screen readers cannot reach); clicking or Enter opens the record.
 */
export function SearchResults({ id, hits, terms, encode, active, optionId, onHover, onPick }: SearchResultsProps) {
  return (
    <ul id={id} role="listbox" aria-label="Search results" className="max-h-[60vh] overflow-y-auto">
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
