"use client";

import { useEffect, useState } from "react";
import type { TailEntry } from "@/lib/site/tail";
import { idShardUrl, recordShardUrl, tailTarget } from "@/lib/site/page-plan";
import { RecordView } from "./record-view";
import { plainCode } from "./plain-code";
import { NotFoundView } from "@/components/not-found-view";
import type { RecordFeedback } from "./record-feedback";

type State = { kind: "pending" } | { kind: "none" } | { kind: "found"; entry: TailEntry } | { kind: "failed"; message: string };

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url, { credentials: "same-origin" });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as unknown;
}

/**
 * Draws a long-tail record (one without a prerendered page; lib/page-plan)
 * at its own permalink: the host serves this page for a permalink without a
 * file, and the record comes from its shard. Shows `fallback` when the
 * address names no record. Short links (`/e/<id>`) of the long tail resolve
 * here too, and move on to the permalink.
 *
 * Until the record arrives it shows `pending`: a loading note (the /r page)
 * or the 404 page itself (the 404 page, which draws a record only when the
 * address turns out to name one). Short links resolve always (they have no
 * files); permalinks only when the site has a long tail (`tail`).
 */
export function TailRecord(props: {
  version: string;
  siteUrl: string | null;
  pending: "loading" | "not-found";
  tail?: boolean;
  feedback: RecordFeedback;
}) {
  const { version, siteUrl, pending, tail = true, feedback } = props;
  const [state, setState] = useState<State>({ kind: "pending" });

  useEffect(() => {
    const target = tailTarget(location.pathname, location.search, location.hash);
    if (!target || (target.kind === "record" && !tail)) {
      setState({ kind: "none" });
      return;
    }
    const v = `?v=${encodeURIComponent(version)}`;
    let live = true;
    (async () => {
      // The record schema is loaded with the shard, never with the page.
      const { tailEntryFrom, tailPermalinkFrom } = await import("@/lib/site/tail");
      if (target.kind === "short") {
        const url = idShardUrl(target.id);
        const ids = await fetchJson(url + v);
        const permalink = ids === null ? undefined : tailPermalinkFrom(ids, target.id, url);
        if (permalink && live) location.replace(permalink);
        else if (live) setState({ kind: "none" });
        return;
      }
      const url = recordShardUrl(target.permalink);
      const shard = await fetchJson(url + v);
      const entry = shard === null ? undefined : tailEntryFrom(shard, target.permalink, url);
      if (!live) return;
      if (!entry) {
        setState({ kind: "none" });
        return;
      }
      setState({ kind: "found", entry });
    })().catch((err: unknown) => {
      if (live) setState({ kind: "failed", message: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      live = false;
    };
  }, [version, tail]);

  const title =
    state.kind === "found"
      ? `${state.entry.record.errorClass}: ${state.entry.record.errorMessage.split("\n", 1)[0]!.slice(0, 100)} · errdex`
      : null;
  useEffect(() => {
    if (title === null) return;
    // Next writes this page's own title into the head and may write it again after hydration;
    // the record's title wins for as long as the record is shown.
    const apply = () => {
      if (document.title !== title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [title]);

  switch (state.kind) {
    case "pending":
      return pending === "loading" ? <Loading /> : <NotFoundView />;
    case "none":
      return <NotFoundView />;
    case "failed":
      return (
        <div role="alert" className="prose-text">
          <h1 className="text-2xl font-semibold">This record could not be loaded</h1>
          <p className="mt-3">
            The record&apos;s data did not arrive ({state.message}). Reload the page to try again, or{" "}
            <a href="/">look the error up from a log</a>.
          </p>
        </div>
      );
    case "found":
      return (
        <RecordView
          record={state.entry.record}
          datasetVersion={state.entry.datasetVersion}
          siteUrl={siteUrl}
          neighbours={state.entry.neighbours}
          code={plainCode}
          feedback={feedback}
        />
      );
  }
}

function Loading() {
  return (
    <div className="prose-text" aria-busy="true">
      <p className="text-muted">Loading the error record…</p>
      <noscript>
        <p>This record is drawn by JavaScript. Turn it on, or find the error from the home page.</p>
      </noscript>
    </div>
  );
}
