"use client";

import { useCallback, useRef, useState } from "react";
import type { Searcher } from "@/lib/search/searcher";

export type SearcherStatus =
  { kind: "idle" } | { kind: "loading" } | { kind: "ready"; searcher: Searcher } | { kind: "error"; message: string };

/** Fetches one search file (`search/i/3.json`) from the asset folder, versioned so an old cache never answers for a new dataset. */
function fetcher(base: string, version: string) {
  return async (path: string): Promise<unknown> => {
    const url = `${base}${path}`;
    const res = await fetch(`${url}?v=${encodeURIComponent(version)}`);
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    try {
      return await res.json();
    } catch (err) {
      throw new Error(`${url} is not valid JSON (${err instanceof Error ? err.message : String(err)})`, { cause: err });
    }
  };
}

/** An error's message for the status line. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The search, opened on the first `load()` (when the search dialog opens),
 * never on page load: it fetches the small manifest only; each query then
 * fetches the pieces of the index it needs. A failed open can be retried.
 */
export function useSearcher(base: string, version: string) {
  const [status, setStatus] = useState<SearcherStatus>({ kind: "idle" });
  const pending = useRef<Promise<void> | null>(null);

  const load = useCallback(() => {
    if (pending.current) return;
    setStatus({ kind: "loading" });
    // The searcher, FlexSearch and the file schemas are loaded with the data, never with the page.
    pending.current = import("@/lib/search/searcher")
      .then(({ Searcher }) => Searcher.open(fetcher(base, version), base))
      .then((searcher) => setStatus({ kind: "ready", searcher }))
      .catch((err: unknown) => {
        pending.current = null;
        setStatus({ kind: "error", message: messageOf(err) });
      });
  }, [base, version]);

  return { status, load };
}
