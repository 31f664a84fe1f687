"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { WorkerRequest, WorkerResponse } from "@/lib/match/data/match-worker";
import type { LookupSummary } from "@/lib/match/lookup";
import type { MatcherEntry } from "@/lib/match/data/matcher-data";

export type LookupStatus =
  | { kind: "idle" }
  | { kind: "loading-data" }
  | { kind: "matching"; done: number; total: number }
  /** Full matches are at hand; records of similar wording are being fetched and compared. */
  | { kind: "refining"; summary: LookupSummary }
  /** `waitedMs`: from the lookup's start to its answer, as the person waited (fetches included). */
  | { kind: "done"; summary: LookupSummary; waitedMs: number }
  | { kind: "cancelled" }
  | { kind: "error"; message: string };

interface Urls {
  workerUrl: string;
  dataUrl: string;
}

/**
 * Runs lookups in a Web Worker created on first use, or by `prefetch` (the
 * page calls it once idle after its first paint, or on the first focus, drop
 * or paste), which fetches the worker and the matching data's filter before
 * any log is there. A newer lookup supersedes an older one; cancel
 * terminates the worker, and the next lookup starts a fresh one.
 */
export function useLookupWorker({ workerUrl, dataUrl }: Urls) {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const startedAt = useRef(0);
  const pendingEntries = useRef(new Map<number, (e: MatcherEntry[]) => void>());
  const [status, setStatus] = useState<LookupStatus>({ kind: "idle" });

  const ensure = useCallback(() => {
    if (worker.current) return worker.current;
    const w = new Worker(workerUrl);
    w.onmessage = (e: MessageEvent<WorkerResponse>) => {
      const m = e.data;
      if (m.type === "entries") {
        pendingEntries.current.get(m.id)?.(m.entries);
        pendingEntries.current.delete(m.id);
        return;
      }
      if (m.id !== seq.current) return; // a superseded lookup
      if (m.type === "progress")
        // Parts of a batch still arriving after the lookup failed, or while full matches are shown, change nothing.
        setStatus((s) =>
          s.kind !== "matching" && s.kind !== "loading-data"
            ? s
            : m.phase === "data"
              ? { kind: "loading-data" }
              : { kind: "matching", done: m.done, total: m.total },
        );
      else if (m.type === "early") setStatus(earlyStatus(m.summary));
      else if (m.type === "result") setStatus({ kind: "done", summary: m.summary, waitedMs: performance.now() - startedAt.current });
      else if (m.type === "error") setStatus({ kind: "error", message: m.message });
    };
    w.onerror = (e) => {
      setStatus({ kind: "error", message: e.message || "the matcher stopped unexpectedly" });
      w.terminate();
      worker.current = null;
    };
    worker.current = w;
    return w;
  }, [workerUrl]);

  const run = useCallback(
    (log: string) => {
      const id = ++seq.current;
      if (log.trim() === "") {
        setStatus({ kind: "idle" });
        return;
      }
      startedAt.current = performance.now();
      setStatus({ kind: "matching", done: 0, total: log.length });
      const req: WorkerRequest = { type: "lookup", id, log, dataUrl };
      ensure().postMessage(req);
    },
    [dataUrl, ensure],
  );

  const cancel = useCallback(() => {
    seq.current++;
    worker.current?.terminate();
    worker.current = null;
    setStatus({ kind: "cancelled" });
  }, []);

  const clear = useCallback(() => {
    seq.current++;
    setStatus({ kind: "idle" });
  }, []);

  /** Starts the worker and has it fetch the matching data's filter, so the first lookup waits for neither. */
  const prefetch = useCallback(() => {
    if (worker.current) return;
    const req: WorkerRequest = { type: "prefetch", id: PREFETCH_ID, dataUrl };
    ensure().postMessage(req);
  }, [dataUrl, ensure]);

  /** Fetches matcher entries by id (for a shared lookup without its log). */
  const entries = useCallback(
    (ids: string[]) =>
      new Promise<MatcherEntry[]>((resolve) => {
        const id = ++seq.current;
        pendingEntries.current.set(id, resolve);
        const req: WorkerRequest = { type: "entries", id, ids, dataUrl };
        ensure().postMessage(req);
      }),
    [dataUrl, ensure],
  );

  useEffect(() => () => worker.current?.terminate(), []);

  return { status, run, cancel, clear, entries, prefetch };
}

/** The id of a prefetch: its progress messages are no lookup's. */
const PREFETCH_ID = -1;

/** What an early summary shows: its full matches, which the final answer keeps; without any, the lookup is still matching. */
function earlyStatus(summary: LookupSummary): LookupStatus {
  const matches = summary.matches.filter((m) => m.kind === "full");
  return { kind: "refining", summary: { ...summary, matches } };
}
