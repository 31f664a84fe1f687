"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLookupWorker } from "./use-lookup-worker";
import { LookupResults } from "./lookup-results";
import { LogView } from "./log-view";
import { ShareLookup } from "./share-lookup";
import { SharedView } from "./shared-view";
import { decodeShare, type SharedLookup } from "@/lib/site/lookup-link";
import type { LookupFeedback } from "./result-feedback";
import "./lookup.css";

/** Above this size a log is not put into the text box (a 20 MB textarea freezes the page); it is shown in the log view instead. */
const TEXTAREA_LIMIT = 256 * 1024;
/** Largest file or paste the page accepts. */
export const MAX_LOG_BYTES = 200 * 1024 * 1024;
const TYPING_DELAY_MS = 200;
/** The longest the page waits for an idle moment before it loads the worker and the filter anyway. */
const PREFETCH_TIMEOUT_MS = 3000;

interface LogLookupProps {
  workerUrl: string;
  dataUrl: string;
  recordCount: number;
  /** Reporting a wrong match (result-feedback); none without a dataset repository. */
  feedback?: LookupFeedback;
}

/**
 * The paste-a-log lookup: paste anywhere on the page, drop or pick a file, or
 * type. Matching runs in a Web Worker as soon as there is text; nothing about
 * the log is sent anywhere.
 */
export function LogLookup({ workerUrl, dataUrl, recordCount, feedback }: LogLookupProps) {
  const { status, run, cancel, clear, entries, prefetch } = useLookupWorker({ workerUrl, dataUrl });
  const logRef = useRef("");
  const [logInfo, setLogInfo] = useState<{ chars: number; source: string; big: boolean; version: number }>({
    chars: 0,
    source: "",
    big: false,
    version: 0,
  });
  const [notice, setNotice] = useState("");
  const [dragging, setDragging] = useState(false);
  const [shared, setShared] = useState<SharedLookup | null>(null);
  const [ready, setReady] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const setLog = useCallback(
    (text: string, source: string) => {
      clearTimeout(typingTimer.current);
      if (text.length > MAX_LOG_BYTES) {
        setNotice(
          `That log is ${mb(text.length)}; errdex reads up to ${mb(MAX_LOG_BYTES)} in the browser. Paste the part around the failure, or use the CLI (npx errdex match) for bigger files.`,
        );
        return;
      }
      setNotice("");
      setShared(null);
      logRef.current = text;
      const big = text.length > TEXTAREA_LIMIT;
      if (textarea.current && !big && textarea.current.value !== text) textarea.current.value = text;
      setLogInfo((p) => ({ chars: text.length, source, big, version: p.version + 1 }));
      run(text);
    },
    [run],
  );

  // Paste anywhere on the page (outside other inputs), and drop a file anywhere.
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      const inOtherField = target && target !== textarea.current && target.closest("input, textarea, [contenteditable='true']") !== null;
      if (inOtherField) return;
      const text = e.clipboardData?.getData("text/plain") ?? "";
      if (!text) return;
      e.preventDefault();
      setLog(text, "pasted");
    };
    const onDragOver = (e: DragEvent) => {
      if (!e.dataTransfer?.types.includes("Files")) return;
      e.preventDefault();
      setDragging(true);
    };
    const onDragLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      setDragging(false);
      if (!file) return;
      e.preventDefault();
      void readFile(file).then((r) => (r.ok ? setLog(r.text, file.name) : setNotice(r.message)));
    };
    document.addEventListener("paste", onPaste);
    setReady(true);
    document.addEventListener("dragover", onDragOver);
    document.addEventListener("dragleave", onDragLeave);
    document.addEventListener("drop", onDrop);
    return () => {
      document.removeEventListener("paste", onPaste);
      document.removeEventListener("dragover", onDragOver);
      document.removeEventListener("dragleave", onDragLeave);
      document.removeEventListener("drop", onDrop);
    };
  }, [setLog]);

  // The worker and the matching data's filter load while the page sits idle after its first paint (or on the first
  // focus, drop or paste, whichever comes first), so a paste waits only for the parts its log needs.
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1));
    const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(prefetch, { timeout: PREFETCH_TIMEOUT_MS });
    const events = ["focusin", "dragenter", "paste"] as const;
    for (const e of events) document.addEventListener(e, prefetch, { once: true, capture: true });
    return () => {
      cancelIdle(handle);
      for (const e of events) document.removeEventListener(e, prefetch, { capture: true });
    };
  }, [prefetch]);

  // A shared lookup in the URL fragment: run its log, or show its matches.
  useEffect(() => {
    const apply = () => {
      const s = decodeShare(window.location.hash);
      if (!s) return;
      if (s.log !== undefined) setLog(s.log, "shared link");
      else setShared(s);
    };
    apply();
    window.addEventListener("hashchange", apply);
    return () => window.removeEventListener("hashchange", apply);
  }, [setLog]);

  const onInput = () => {
    const text = textarea.current?.value ?? "";
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => setLog(text, "typed"), TYPING_DELAY_MS);
  };

  const onClear = () => {
    logRef.current = "";
    if (textarea.current) textarea.current.value = "";
    setLogInfo((p) => ({ chars: 0, source: "", big: false, version: p.version + 1 }));
    setShared(null);
    setNotice("");
    clear();
    if (window.location.hash) history.replaceState(null, "", window.location.pathname + window.location.search);
    textarea.current?.focus();
  };

  // Full matches show as soon as their shards are in; the final answer replaces them, in the final order.
  const summary =
    status.kind === "done" ? status.summary : status.kind === "refining" && status.summary.matches.length > 0 ? status.summary : null;
  const log = logRef.current;
  const lines = useMemo(() => (logInfo.chars ? log.split(/\r\n|\r|\n/) : []), [logInfo.version]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section aria-labelledby="lookup-title" className={`lookup ${dragging ? "lookup-dragging" : ""}`} data-ready={ready ? "" : undefined}>
      <h1 id="lookup-title" className="text-2xl font-semibold">
        Paste a log, find the known errors in it
      </h1>
      <p className="mt-1 text-muted">
        Paste anywhere on this page, drop a log file, or pick one. errdex checks it against {recordCount.toLocaleString("en-US")} known
        error{recordCount === 1 ? "" : "s"} <strong className="font-semibold text-fg">in your browser: the log is never uploaded</strong>.
      </p>

      <div className="mt-3">
        <label htmlFor="log-input" className="sr-only">
          Log to look up
        </label>
        {logInfo.big ? (
          <div className="big-log" role="group" aria-label="Loaded log">
            <p>
              <strong>{logInfo.source === "pasted" ? "Pasted log" : logInfo.source}</strong>: {mb(logInfo.chars)},{" "}
              {lines.length.toLocaleString("en-US")} lines (too big to edit here; it is shown below).
            </p>
          </div>
        ) : (
          <textarea
            id="log-input"
            ref={textarea}
            className="log-input"
            spellCheck={false}
            autoComplete="off"
            rows={8}
            placeholder={
              'Paste a log, a traceback or an error line…\n\nTraceback (most recent call last):\n  File ".../sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra\nRuntimeError: PD Disaggregation does NOT support ...'
            }
            onInput={onInput}
            aria-describedby="lookup-status"
          />
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <FilePicker onText={(text, name) => setLog(text, name)} onError={setNotice} />
          {(logInfo.chars > 0 || shared) && (
            <button type="button" className="btn" onClick={onClear}>
              Clear
            </button>
          )}
          <StatusLine status={status} onCancel={cancel} />
        </div>
        {notice && (
          <p role="alert" className="notice mt-2">
            {notice}
          </p>
        )}
      </div>

      {summary && (
        <div data-lookup-results="">
          <LookupResults summary={summary} feedback={feedback} log={log} />
          {summary.matches.length > 0 && <ShareLookup summary={summary} log={log} />}
          <LogView lines={lines} matches={summary.matches} />
        </div>
      )}
      {!summary && shared && <SharedView shared={shared} entries={entries} />}
    </section>
  );
}

function StatusLine({ status, onCancel }: { status: ReturnType<typeof useLookupWorker>["status"]; onCancel: () => void }) {
  let text = "";
  let busy = false;
  if (status.kind === "loading-data") {
    text = "Loading the error patterns…";
    busy = true;
  } else if (status.kind === "matching") {
    busy = true;
    text = status.total > 1_000_000 ? `Matching… ${Math.floor((100 * status.done) / status.total)}% of ${mb(status.total)}` : "Matching…";
  } else if (status.kind === "refining") {
    busy = true;
    const n = status.summary.matches.length;
    text = `${n ? `${n} known error${n === 1 ? "" : "s"} so far; ` : ""}comparing wording…`;
  } else if (status.kind === "done") {
    const s = status.summary;
    // The wall time the person waited, fetches included (not the worker's matching time alone).
    text = `${s.matches.length === 0 ? "No known error" : `${s.matches.length} known error${s.matches.length === 1 ? "" : "s"}`} in ${s.lineCount.toLocaleString("en-US")} lines (${Math.max(1, Math.round(status.waitedMs))} ms)${s.stopped ? ` — ${s.stopped}` : ""}`;
  } else if (status.kind === "cancelled") text = "Cancelled.";
  else if (status.kind === "error") text = `Could not match: ${status.message}`;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-muted">
      <span id="lookup-status" role="status" aria-live="polite" data-lookup-refining={status.kind === "refining" ? "" : undefined}>
        {text}
      </span>
      {busy && (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      )}
    </span>
  );
}

function FilePicker({ onText, onError }: { onText: (text: string, name: string) => void; onError: (m: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="btn" onClick={() => input.current?.click()}>
        Open a log file…
      </button>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-label="Log file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void readFile(file).then((r) => (r.ok ? onText(r.text, file.name) : onError(r.message)));
        }}
      />
    </>
  );
}

async function readFile(file: File): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_LOG_BYTES)
    return {
      ok: false,
      message: `${file.name} is ${mb(file.size)}; errdex reads up to ${mb(MAX_LOG_BYTES)} in the browser. Use the CLI for bigger files: npx errdex match ${file.name}`,
    };
  try {
    return { ok: true, text: await file.text() };
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
}

function mb(chars: number): string {
  return chars >= 1024 * 1024 ? `${(chars / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(chars / 1024))} KB`;
}
