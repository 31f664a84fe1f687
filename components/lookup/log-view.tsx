"use client";

import { useMemo, useRef, useState, type UIEvent } from "react";
import type { LookupMatch } from "@/lib/match/lookup";
import type { MatchedLine } from "@/lib/match/matcher";
import { cleanLine } from "@/lib/log/log-normalize";
import { MatchedLogLine } from "./lookup-results";

const ROW = 20; // px, fixed so the list can be virtual
const HEIGHT = 420;
const OVERSCAN = 30;

/**
 * The whole log with matched lines marked, virtualised so a 20 MB log scrolls
 * smoothly: only the rows in view are rendered. "Previous"/"Next" jump from
 * match to match.
 */
export function LogView({ lines, matches }: { lines: string[]; matches: LookupMatch[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [current, setCurrent] = useState(-1);
  const byLine = useMemo(() => {
    const map = new Map<number, MatchedLine>();
    for (const m of matches) for (const l of m.lines) if (!map.has(l.line)) map.set(l.line, l);
    return map;
  }, [matches]);
  const marked = useMemo(() => [...byLine.keys()].sort((a, b) => a - b), [byLine]);

  const jump = (to: number) => {
    const i = (to + marked.length) % marked.length;
    setCurrent(i);
    const line = marked[i]!;
    box.current?.scrollTo({ top: Math.max(0, (line - 1) * ROW - HEIGHT / 3) });
  };

  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(lines.length, Math.ceil((top + HEIGHT) / ROW) + OVERSCAN);
  const rows = [];
  for (let i = first; i < last; i++) {
    const n = i + 1;
    const hit = byLine.get(n);
    const isCurrent = current >= 0 && marked[current] === n;
    rows.push(
      <div key={n} className={`lv-row ${hit ? "lv-hit" : ""} ${isCurrent ? "lv-current" : ""}`} style={{ top: i * ROW }} data-line={n}>
        {hit ? (
          <MatchedLogLine line={hit} bare />
        ) : (
          <>
            <span className="log-ln">{n}</span>
            <code className="log-text">{cleanLine((lines[i] ?? "").slice(0, 2000))}</code>
          </>
        )}
      </div>,
    );
  }

  return (
    <section aria-labelledby="log-title" className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="log-title" className="section-title">
          The log{" "}
          <span className="text-sm font-normal text-muted">
            ({lines.length.toLocaleString("en-US")} lines, {marked.length} matched)
          </span>
        </h2>
        {marked.length > 0 && (
          <div className="flex items-center gap-2 text-sm">
            <button type="button" className="btn" onClick={() => jump(current - 1)}>
              ↑ Previous match
            </button>
            <button type="button" className="btn" onClick={() => jump(current + 1)}>
              ↓ Next match
            </button>
            <span className="text-muted" aria-live="polite">
              {current >= 0 ? `match ${current + 1} of ${marked.length}, line ${marked[current]}` : ""}
            </span>
          </div>
        )}
      </div>
      <div
        ref={box}
        className="log-view"
        style={{ height: Math.min(HEIGHT, lines.length * ROW + 2) }}
        onScroll={(e: UIEvent<HTMLDivElement>) => setTop(e.currentTarget.scrollTop)}
        tabIndex={0}
        role="region"
        aria-label="Log lines"
      >
        <div style={{ height: lines.length * ROW, position: "relative" }}>{rows}</div>
      </div>
    </section>
  );
}
