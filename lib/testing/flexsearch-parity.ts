/**
 * Test support: the answers of the searcher over the same search files with
 * Node's FlexSearch build and with another one (the islands' compact build,
 * scripts/islands.ts), for tests that check the two agree.
 */
import path from "node:path";
import { vi } from "vitest";
import type { SearchFiles } from "../search/build";
import { titleOf, type SearchResult } from "../search/search";
import { Searcher } from "../search/searcher";
import type { ErrorRecord } from "../record/schema";
import { memoryFetch } from "./search-files";

type Answer = SearchResult & { q: string };

/** What a user types, from the records: each title word as typed, half typed and with a typo; word pairs; classes; tags. */
export function typedQueries(records: readonly ErrorRecord[]): string[] {
  const out = new Set<string>();
  for (const r of records) {
    const words = titleOf(r.errorMessage)
      .toLowerCase()
      .split(/[^a-z0-9_]+/)
      .filter((w) => w.length > 2);
    words.forEach((w, i) => {
      out.add(`${w} `).add(w.slice(0, Math.ceil(w.length / 2)));
      if (w.length > 4) out.add(`${w.slice(0, 2)}${w[3]}${w[2]}${w.slice(4)} `);
      if (words[i + 1]) out.add(`${w} ${words[i + 1]}`);
    });
    out.add(r.errorClass).add(r.tags.join(" "));
  }
  return [...out];
}

/** The answers to `queries` over `files`, with Node's FlexSearch and with the build at `modulePath` (from the project root). */
export async function answersByBuild(
  files: SearchFiles["files"],
  queries: readonly string[],
  modulePath: string,
): Promise<{ full: Answer[]; other: Answer[]; otherHasWorker: boolean }> {
  const answers = async (s: Searcher) => {
    const out: Answer[] = [];
    for (const q of queries) {
      out.push({ q, ...(await s.search(q)) });
      // In-memory fetches resolve as microtasks: let the event loop turn, or vitest's RPC to this worker times out (60 s).
      await new Promise((resolve) => setImmediate(resolve));
    }
    return out;
  };
  const full = await answers(await Searcher.open(memoryFetch(files)));
  vi.resetModules();
  vi.doMock("flexsearch", () => import(path.resolve(modulePath)));
  try {
    const otherHasWorker = (await import("flexsearch")).Worker !== null;
    const other = await answers(await (await import("../search/searcher")).Searcher.open(memoryFetch(files)));
    return { full, other, otherHasWorker };
  } finally {
    vi.doUnmock("flexsearch");
    vi.resetModules();
  }
}
