"use client";

import { useCallback, useRef, useState } from "react";
import { Searcher } from "@/lib/search/search";

export type SearcherStatus =
  { kind: "idle" } | { kind: "loading" } | { kind: "ready"; searcher: Searcher } | { kind: "error"; message: string };

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return res.json();
}

/**
 * The search index, fetched and imported on the first `load()` (when the
 * search dialog opens), never on page load. A failed load can be retried.
 */
export function useSearcher(indexUrl: string, docsUrl: string) {
  const [status, setStatus] = useState<SearcherStatus>({ kind: "idle" });
  const pending = useRef<Promise<void> | null>(null);

  const load = useCallback(() => {
    if (pending.current) return;
    setStatus({ kind: "loading" });
    pending.current = Promise.all([fetchJson(indexUrl), fetchJson(docsUrl)])
      .then(async ([index, docs]) => {
        // The schema is loaded with the data, never with the page.
        const { parseStoredDocs, parseStoredIndex } = await import("@/lib/search/stored");
        return Searcher.load(parseStoredIndex(index, indexUrl), parseStoredDocs(docs, docsUrl));
      })
      .then((searcher) => setStatus({ kind: "ready", searcher }))
      .catch((err: unknown) => {
        pending.current = null;
        setStatus({ kind: "error", message: err instanceof Error ? err.message : String(err) });
      });
  }, [indexUrl, docsUrl]);

  return { status, load };
}
