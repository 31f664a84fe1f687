"use client";

import { useEffect, useState } from "react";
import type { SharedLookup } from "@/lib/site/lookup-link";
import type { MatcherEntry } from "@/lib/match/data/matcher-data";
import { recordPath } from "@/lib/record/permalink";
import { MessageText } from "@/components/record/message-text";
import { firstLine } from "@/lib/text";

/** A lookup someone shared without its log: the records it matched and where. */
export function SharedView({ shared, entries }: { shared: SharedLookup; entries: (ids: string[]) => Promise<MatcherEntry[]> }) {
  const [found, setFound] = useState<MatcherEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    void entries(shared.matches.map((m) => m.id)).then((e) => live && setFound(e));
    return () => {
      live = false;
    };
  }, [shared, entries]);
  const byId = new Map(found?.map((e) => [e.id, e]));
  return (
    <section aria-labelledby="shared-title" className="mt-6">
      <h2 id="shared-title" className="section-title">
        Shared lookup: {shared.matches.length} known error{shared.matches.length === 1 ? "" : "s"}
      </h2>
      <p className="text-sm text-muted">The link holds the matches only, not the log. Paste the log to see the matched lines.</p>
      <ol className="results">
        {shared.matches.map((m, i) => {
          const e = byId.get(m.id);
          return (
            <li key={m.id} className="result">
              {e ? (
                <>
                  <h3 className="result-title">
                    <span className="text-muted">{i + 1}.</span>{" "}
                    <a href={recordPath(e)}>
                      <span className="font-mono font-semibold">{e.errorClass}</span>: <MessageText message={firstLine(e.message)} />
                    </a>
                  </h3>
                  <p className="text-sm text-muted">
                    <span className="font-mono">{e.repo}</span> · matched at line{m.lines.length === 1 ? "" : "s"} {m.lines.join(", ")}
                  </p>
                  {e.solution && (
                    <p className="mt-1">
                      <span className="font-semibold">Fix: </span>
                      {e.solution}
                    </p>
                  )}
                </>
              ) : found ? (
                <p>
                  Record <code>{m.id}</code> is not in this version of the dataset. <a href={`/e/${m.id}`}>Try its short link</a>.
                </p>
              ) : (
                <p className="text-muted">Loading record {m.id}…</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
