"use client";

import { useState } from "react";
import type { LookupSummary } from "@/lib/match/lookup";
import { encodeShare } from "@/lib/site/lookup-link";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * "Share this lookup": a link whose fragment holds the matched record ids and
 * line numbers. Adding the log is opt-in, warned about, compressed and capped.
 */
export function ShareLookup({ summary, log }: { summary: LookupSummary; log: string }) {
  const [withLog, setWithLog] = useState(false);
  const matches = summary.matches.map((m) => ({ id: m.id, lines: [...new Set(m.lines.map((l) => l.line))] }));
  const encoded = encodeShare(withLog ? { matches, log } : { matches });
  const url = encoded.ok && typeof window !== "undefined" ? `${window.location.origin}${window.location.pathname}#${encoded.fragment}` : "";
  return (
    <section aria-labelledby="share-title" className="share mt-4">
      <h2 id="share-title" className="font-semibold">
        Share this lookup
      </h2>
      <p className="text-sm text-muted">
        The link lists the matched records and line numbers after a #, which browsers never send to a server.
      </p>
      <label className="mt-1 flex items-start gap-2 text-sm">
        <input type="checkbox" checked={withLog} onChange={(e) => setWithLog(e.target.checked)} className="mt-1" />
        <span>
          Include the log in the link{" "}
          {withLog && <strong className="warn">— anyone with the link can read the log, including any secrets in it.</strong>}
        </span>
      </label>
      {encoded.ok ? (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <input className="share-url" readOnly value={url} aria-label="Share link" onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={url} label="Copy link" copiedMessage="Link copied" />
        </div>
      ) : (
        <p role="alert" className="notice mt-2">
          Cannot put the log in a link: {encoded.reason}.
        </p>
      )}
    </section>
  );
}
