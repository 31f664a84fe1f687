"use client";

import { useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { facets, filterHits, looksLikeLog, type SearchDoc, type SearchFilters, type SearchResult } from "@/lib/search/search";
import { recordPath } from "@/lib/record/permalink";
import { encodeShare } from "@/lib/site/lookup-link";
import { messageOf, useSearcher } from "./use-searcher";
import { SearchResults } from "./search-results";

interface SearchDialogProps {
  /** URL path of the asset folder holding `search/`. */
  base: string;
  /** The dataset version, appended to every search file's URL. */
  version: string;
}

const LISTBOX_ID = "search-listbox";
const optionId = (i: number) => `search-option-${i}`;
const NO_FILTERS: SearchFilters = { repo: "", errorClass: "", tag: "" };
/** Results listed at first (more than the list shows), and added by scrolling to the end of the list or "More results" (their titles are fetched for them). */
const PAGE = 12;
/** A query runs once typing pauses this long (ms): a burst of keys fetches the pieces of its last query only. */
const TYPING_PAUSE = 120;

/** True when a key press belongs to a text field, where `/` is just a character. */
function inTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || el.closest("input, textarea, select, [contenteditable='true']") !== null);
}

/**
 * Full-text search in the header. `/` or Ctrl/⌘-K opens it anywhere; it
 * fetches a small manifest when it first opens, and each query the pieces of
 * the index it needs, then the titles of the results listed (PAGE at a time,
 * more on scroll). Arrow keys move through the results,
 * Enter opens one, Escape closes and gives focus back. Pasting a log into it
 * hands the log to the home page lookup instead (in the URL fragment, which
 * never reaches a server).
 */
export function SearchDialog({ base, version }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState("");
  const [answer, setAnswer] = useState<SearchResult | null>(null);
  const [failure, setFailure] = useState("");
  const [shown, setShown] = useState(PAGE);
  const [docs, setDocs] = useState<ReadonlyMap<number, SearchDoc>>(new Map());
  const { status, load } = useSearcher(base, version);

  const show = () => {
    const d = dialog.current;
    if (!d || d.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    d.showModal();
    setOpen(true);
    load();
    input.current?.focus();
    input.current?.select();
  };
  const hide = () => dialog.current?.close();

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
      const slash = e.key === "/" && !e.ctrlKey && !e.metaKey && !e.altKey && !inTextField(e.target);
      if (!ctrlK && !slash) return;
      if (dialog.current?.open) {
        if (ctrlK) e.preventDefault();
        return;
      }
      e.preventDefault();
      show();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });
  // Marks the trigger once the shortcuts listen (after hydration), as the lookup marks itself: tests wait for it.
  const [listening, setListening] = useState(false);
  useEffect(() => setListening(true), []);

  const searcher = status.kind === "ready" ? status.searcher : null;
  // Each query may fetch pieces of the index: the answer to the latest query wins, and the previous one stays listed meanwhile.
  useEffect(() => {
    if (!searcher || !query.trim()) {
      setAnswer(null);
      setFailure("");
      return;
    }
    let latest = true;
    const timer = setTimeout(() => {
      searcher.search(query).then(
        (r) => {
          if (!latest) return;
          setAnswer(r);
          setFailure("");
        },
        (err: unknown) => latest && setFailure(messageOf(err)),
      );
    }, TYPING_PAUSE);
    return () => {
      latest = false;
      clearTimeout(timer);
    };
  }, [searcher, query]);
  // A failed search lists nothing: the last answer was for another query.
  const result = query.trim() && !failure ? answer : null;
  const hits = useMemo(() => (result ? filterHits(result.hits, filters) : []), [result, filters]);
  const options = useMemo(() => facets(result?.hits ?? []), [result]);
  useEffect(() => {
    setActive(0);
    setShown(PAGE);
  }, [result, filters]);

  // The titles of the hits to list, fetched a docs page at a time; listed in order as far as they have arrived.
  const wanted = hits.slice(0, shown);
  const missing = wanted.filter((h) => !docs.has(h.id));
  const missingKey = missing.map((h) => h.id).join(",");
  useEffect(() => {
    if (!searcher || missing.length === 0) return;
    searcher.docs(missing).then(
      (list) =>
        setDocs((d) => {
          const next = new Map(d);
          for (const doc of list) next.set(doc.id, doc);
          return next;
        }),
      (err: unknown) => setFailure(messageOf(err)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- missingKey stands for missing
  }, [searcher, missingKey]);
  const listed: SearchDoc[] = [];
  for (const h of wanted) {
    const doc = docs.get(h.id);
    if (!doc) break;
    listed.push(doc);
  }
  const more = listed.length < hits.length;
  const showMore = () => setShown((s) => Math.max(s, listed.length + PAGE));
  const current = Math.min(active, listed.length - 1);

  const onClosed = () => {
    setOpen(false);
    setNotice("");
    const back = returnFocus.current?.isConnected ? returnFocus.current : trigger.current;
    back?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const n = listed.length;
      if (!n) return;
      if (e.key === "ArrowUp") setActive((current - 1 + n) % n);
      else if (current < n - 1) setActive(current + 1);
      else if (more) {
        // Past the last listed result: list the next page and move onto it when it arrives.
        showMore();
        setActive(n);
      } else setActive(0);
    } else if (e.key === "Enter") {
      const hit = listed[current];
      if (!hit) return;
      e.preventDefault();
      openRecord(hit);
    }
  };
  const openRecord = (hit: SearchDoc) => window.location.assign(recordPath(hit));

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData("text/plain");
    if (!looksLikeLog(text)) return;
    e.preventDefault();
    const link = encodeShare({ matches: [], log: text });
    if (!link.ok) {
      setNotice(`That looks like a log, but it is too big to hand over (${link.reason}). Paste it on the home page instead.`);
      return;
    }
    hide();
    window.location.assign(`/#${link.fragment}`);
  };

  let statusText = "";
  if (status.kind === "loading") statusText = "Loading the search index…";
  else if (status.kind === "error") statusText = `Search is unavailable: ${status.message}`;
  else if (failure) statusText = `Search failed: ${failure}`;
  else if (result) {
    const capped = result.hits.length >= 100 && hits.length === result.hits.length ? "+" : "";
    statusText = `${hits.length === 0 ? "No" : hits.length}${capped} result${hits.length === 1 ? "" : "s"}${!hits.length ? "" : result.partial ? " with some of the words" : result.fuzzy ? " for similar words" : ""}`;
  }

  const setFilter = (key: keyof SearchFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="btn"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        data-ready={listening ? "" : undefined}
        onClick={show}
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor">
          <path d="M10.7 11.8a6 6 0 1 1 1.1-1.1l3.5 3.5-1.1 1.1zM6.5 11a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9" />
        </svg>
        Search errors
        <kbd className="ml-1 rounded border border-line px-1 text-xs text-muted">/</kbd>
      </button>
      <dialog
        ref={dialog}
        aria-modal="true"
        aria-labelledby="search-title"
        onClose={onClosed}
        className="mx-auto mt-[10vh] w-[min(44rem,calc(100vw-2rem))] rounded-lg border border-line bg-bg p-0 text-fg shadow-xl backdrop:bg-black/40"
      >
        <h2 id="search-title" className="sr-only">
          Search errors
        </h2>
        <div className="p-3">
          <input
            ref={input}
            type="search"
            role="combobox"
            aria-label="Search errors"
            aria-expanded={listed.length > 0}
            aria-controls={listed.length ? LISTBOX_ID : undefined}
            aria-autocomplete="list"
            aria-activedescendant={listed.length ? optionId(current) : undefined}
            aria-describedby="search-status"
            autoComplete="off"
            spellCheck={false}
            placeholder="Search messages, classes, docs, fixes, tags, files…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onFocus={load}
            className="w-full rounded-md border border-line bg-bg px-3 py-2 text-base"
          />
          {open && result && result.hits.length > 0 && (
            <div className="mt-2 flex flex-wrap gap-2 text-sm" role="group" aria-label="Filters">
              <FilterSelect
                label="Repository"
                any="Any repository"
                value={filters.repo}
                values={options.repos}
                onChange={setFilter("repo")}
              />
              <FilterSelect
                label="Class"
                any="Any class"
                value={filters.errorClass}
                values={options.classes}
                onChange={setFilter("errorClass")}
              />
              <FilterSelect label="Tag" any="Any tag" value={filters.tag} values={options.tags} onChange={setFilter("tag")} />
            </div>
          )}
          <p id="search-status" role="status" aria-live="polite" className="mt-2 text-sm text-muted">
            {open ? statusText : ""}
          </p>
          {notice && (
            <p role="alert" className="notice mt-2 text-sm">
              {notice}
            </p>
          )}
        </div>
        {open && searcher && listed.length > 0 && (
          <SearchResults
            id={LISTBOX_ID}
            hits={listed}
            terms={result?.terms ?? []}
            encode={(w) => searcher.encode(w)}
            active={current}
            optionId={optionId}
            onHover={setActive}
            onPick={openRecord}
            onEnd={more ? showMore : undefined}
          />
        )}
        {open && listed.length > 0 && more && (
          <p className="border-t border-line px-3 py-1.5 text-sm">
            <button type="button" className="btn" onClick={showMore}>
              More results
            </button>{" "}
            <span className="text-muted">
              {listed.length} of {hits.length} listed
            </span>
          </p>
        )}
        <p className="border-t border-line px-3 py-1.5 text-xs text-muted">
          <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close. Paste a log to look it up.
        </p>
      </dialog>
    </>
  );
}

function FilterSelect({
  label,
  any,
  value,
  values,
  onChange,
}: {
  label: string;
  any: string;
  value: string;
  values: string[];
  onChange: (v: string) => void;
}) {
  const list = value && !values.includes(value) ? [value, ...values] : values;
  return (
    <label className="inline-flex items-center gap-1">
      <span className="text-muted">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-[14rem] rounded-md border border-line bg-bg px-1.5 py-0.5"
      >
        <option value="">{any}</option>
        {list.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );
}
