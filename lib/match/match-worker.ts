/**
 * The Web Worker that runs lookups off the main thread, so typing and
 * scrolling never stall. It fetches the matcher data (built at build time)
 * the first time it is asked, builds the matcher once, and answers each
 * lookup with progress messages and a plain-data summary. The log stays in
 * this worker and the page: the only request it makes is for the data file.
 * To cancel, the page terminates the worker.
 */
import { Lookup, type LookupSummary } from "./lookup";
import type { MatcherData } from "./matcher-data";
import { parseMatcherData } from "./matcher-data-schema";

export type WorkerRequest =
  { type: "lookup"; id: number; log: string; dataUrl: string } | { type: "entries"; id: number; ids: string[]; dataUrl: string };

export type WorkerResponse =
  | { type: "progress"; id: number; phase: "data" | "match"; done: number; total: number }
  | { type: "result"; id: number; summary: LookupSummary }
  | { type: "entries"; id: number; entries: MatcherData["entries"] }
  | { type: "error"; id: number; message: string };

interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerResponse): void;
}

let lookup: Promise<Lookup> | null = null;

function load(dataUrl: string, id: number, post: (m: WorkerResponse) => void): Promise<Lookup> {
  lookup ??= (async () => {
    post({ type: "progress", id, phase: "data", done: 0, total: 1 });
    const res = await fetch(dataUrl, { credentials: "same-origin" });
    if (!res.ok) throw new Error(`could not load the matching data (${res.status} ${res.statusText})`);
    const data = parseMatcherData(await res.json(), dataUrl);
    post({ type: "progress", id, phase: "data", done: 1, total: 1 });
    return new Lookup(data);
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
      if (req.type === "entries") {
        const want = new Set(req.ids);
        post({ type: "entries", id: req.id, entries: l.data.entries.filter((x) => want.has(x.id)) });
        return;
      }
      let last = 0;
      const summary = l.run(req.log, (done, total) => {
        const now = Date.now();
        if (now - last > 50 || done === total) {
          last = now;
          post({ type: "progress", id: req.id, phase: "match", done, total });
        }
      });
      post({ type: "result", id: req.id, summary });
    } catch (err) {
      post({ type: "error", id: req.id, message: err instanceof Error ? err.message : String(err) });
    }
  };
}
