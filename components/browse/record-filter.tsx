"use client";

import { useEffect, useMemo, useState } from "react";
import type { BrowseRow, FilterOptions } from "@/lib/site/site-index";
import { rowHtml } from "@/components/record/record-list";

interface RecordFilterProps {
  options: FilterOptions;
  /** Records in the whole list (all pages). */
  total: number;
  /** The id of the element holding the server-rendered rows (and pagination). */
  listId: string;
  /** A rows JSON (a paginated tag, a big repository): when set, filters cover every record, loaded on first use. Without it, the rows on this page are filtered in place. */
  rowsUrl?: string;
}

type Filters = { c: string; s: string; t: string };
const NONE: Filters = { c: "", s: "", t: "" };
/** Matches rendered at most from the rows JSON; the count still covers all of them. */
const SHOWN_MAX = 500;

const matches = (f: Filters, row: Pick<BrowseRow, "c" | "s" | "t">) =>
  (!f.c || row.c === f.c) && (!f.s || row.s === f.s) && (!f.t || row.t === f.t);

/**
 * Filters a list of records by exception class, severity and error type. The
 * page works without it: the rows are static HTML; this leaf hides rows, or,
 * for a paginated tag, swaps in the matches from every page.
 */
export function RecordFilter({ options, total, listId, rowsUrl }: RecordFilterProps) {
  const [f, setF] = useState<Filters>(NONE);
  const [rows, setRows] = useState<BrowseRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const active = !!(f.c || f.s || f.t);

  useEffect(() => {
    if (!rowsUrl || !active || rows || failed) return;
    let live = true;
    // The parser is loaded with the rows, never with the page.
    Promise.all([
      fetch(rowsUrl).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status))))),
      import("@/lib/site/browse-rows"),
    ])
      .then(([data, { parseBrowseRows }]) => live && setRows(parseBrowseRows(data, rowsUrl)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [rowsUrl, active, rows, failed]);

  const remote = !!rowsUrl && !failed;
  const found = useMemo(() => (remote && rows && active ? rows.filter((r) => matches(f, r)) : null), [remote, rows, active, f]);

  // In-page mode: hide the rows (and emptied groups) that do not match; returns the visible count.
  const [visible, setVisible] = useState(total);
  useEffect(() => {
    const list = document.getElementById(listId);
    if (!list) return;
    list.hidden = remote && active;
    if (remote) return;
    let n = 0;
    for (const li of list.querySelectorAll<HTMLLIElement>(".rec-list > li")) {
      const show = matches(f, { c: li.dataset.c ?? "", s: li.dataset.s ?? "", t: li.dataset.t ?? "" });
      li.hidden = !show;
      if (show) n++;
    }
    for (const group of list.querySelectorAll<HTMLElement>("[data-browse-group]"))
      group.hidden = !group.querySelector(".rec-list > li:not([hidden])");
    setVisible(n);
  }, [f, remote, active, listId]);

  const status = !active
    ? ""
    : remote
      ? found
        ? `${found.length} of ${total} records match.${found.length > SHOWN_MAX ? ` Showing the first ${SHOWN_MAX}.` : ""}`
        : "Loading every record…"
      : `${visible} of ${total} records shown.`;

  const select = (key: keyof Filters, label: string, values: string[]) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <select
        className="rounded-md border border-line bg-bg px-2 py-1 text-fg"
        value={f[key]}
        onChange={(e) => setF({ ...f, [key]: e.target.value })}
      >
        <option value="">Any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="mb-4">
      <form role="search" aria-label="Filter records" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        {select("c", "Exception class", options.classes)}
        {select("s", "Severity", options.severities)}
        {select("t", "Error type", options.types)}
        {active ? (
          <button type="button" className="btn" onClick={() => setF(NONE)}>
            Clear filters
          </button>
        ) : null}
      </form>
      <p className="mt-2 text-sm text-muted" role="status" aria-live="polite">
        {status}
      </p>
      {found ? (
        <ul
          className="rec-list"
          aria-label="Matching records"
          dangerouslySetInnerHTML={{ __html: found.slice(0, SHOWN_MAX).map(rowHtml).join("") }}
        />
      ) : null}
    </div>
  );
}
