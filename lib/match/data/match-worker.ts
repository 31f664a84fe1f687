/**
 * The Web Worker that runs lookups off the main thread, so typing and
 * scrolling never stall. It fetches the matching data's filter (built at
 * build time, lib/match/data/split-data) the first time it is asked (the page asks
 * with `prefetch` while it sits idle), then for each lookup only the shards
 * the log needs (lib/match/data/shard-lookup), keeping them for the next; it
 * answers with progress messages, an early summary once the key shards are
 * at hand (its full matches are final) and the final plain-data summary. The log stays in this worker and the page: the only requests it
 * makes are for data files. To cancel, the page terminates the worker.
 */
import type { LookupSummary } from "../lookup";
import type { MatcherEntry } from "./matcher-data";
import { ShardedLookup } from "./shard-lookup";
import { splitFileName } from "./split-data";
import { parseFilter, parseIds, parseShard, parseWordShard, type SplitFilter } from "./split-data-schema";

export type WorkerRequest =
  | { type: "lookup"; id: number; log: string; dataUrl: string }
  | { type: "entries"; id: number; ids: string[]; dataUrl: string }
  | { type: "prefetch"; id: number; dataUrl: string };

export type WorkerResponse =
  | { type: "progress"; id: number; phase: "data" | "match"; done: number; total: number }
  | { type: "early"; id: number; summary: LookupSummary }
  | { type: "result"; id: number; summary: LookupSummary }
  | { type: "entries"; id: number; entries: MatcherEntry[] }
  | { type: "error"; id: number; message: string };

interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
}

/** The URL of a part beside the filter at `dataUrl`, with the same query (the dataset version). */
export function partUrl(dataUrl: string, name: string): string {
  const q = dataUrl.indexOf("?");
  const path = q < 0 ? dataUrl : dataUrl.slice(0, q);
  return path.slice(0, path.lastIndexOf("/") + 1) + name + (q < 0 ? "" : dataUrl.slice(q));
}

/** Fetches a data file as JSON; a failure says which file and why. */
async function fetchJson(url: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin" });
  } catch (err) {
    throw new Error(`could not load the matching data ${url} (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  if (!res.ok) throw new Error(`could not load the matching data ${url} (${res.status} ${res.statusText})`);
  try {
    return await res.json();
  } catch (err) {
    throw new Error(`could not load the matching data ${url} (it is not JSON)`, { cause: err });
  }
}

let lookup: Promise<ShardedLookup> | null = null;

function load(dataUrl: string, id: number, post: (m: WorkerResponse) => void): Promise<ShardedLookup> {
  lookup ??= (async () => {
    post({ type: "progress", id, phase: "data", done: 0, total: 1 });
    const filter: SplitFilter = parseFilter(await fetchJson(dataUrl), dataUrl);
    post({ type: "progress", id, phase: "data", done: 1, total: 1 });
    const part = async <T>(name: string, parse: (json: unknown, url: string) => T) => {
      const url = partUrl(dataUrl, name);
      return parse(await fetchJson(url), url);
    };
    return new ShardedLookup(filter, {
      shard: (n) => part(splitFileName.shard(n), (j, url) => parseShard(j, url, filter, n)),
      words: (n) => part(splitFileName.words(n), (j, url) => parseWordShard(j, url, filter, n)),
      ids: () => part(splitFileName.ids, (j, url) => parseIds(j, url, filter)),
    });
  })();
  lookup.catch(() => {
    lookup = null;
  });
  return lookup;
}

/** Wires the handlers onto a worker scope (`self` in the bundled worker). */
export function serve(scope: WorkerScope): void {
  const post = (m: WorkerResponse) => scope.postMessage(m);
  scope.onmessage = async (e) => {
    const req = e.data;
    try {
      const l = await load(req.dataUrl, req.id, post);
      if (req.type === "prefetch") return;
      if (req.type === "entries") {
        post({ type: "entries", id: req.id, entries: await l.byId(req.ids) });
        return;
      }
      let last = 0;
      const summary = await l.run(
        req.log,
        (done, total) => {
          const now = Date.now();
          if (now - last > 50 || done === total) {
            last = now;
            post({ type: "progress", id: req.id, phase: "match", done, total });
          }
        },
        (done, total) => post({ type: "progress", id: req.id, phase: "data", done, total }),
        (early) => post({ type: "early", id: req.id, summary: early }),
      );
      post({ type: "result", id: req.id, summary });
    } catch (err) {
      post({ type: "error", id: req.id, message: err instanceof Error ? err.message : String(err) });
    }
  };
}
