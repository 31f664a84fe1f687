"use client";

import { useMemo, useState } from "react";
import { tagPath } from "@/lib/record/permalink";

/** A tag and its record count, as the tags table shows it. */
export interface TagCount {
  tag: string;
  count: number;
}

type Sort = "count" | "name";

const byName = (a: TagCount, b: TagCount) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);
const SORTS: Record<Sort, (a: TagCount, b: TagCount) => number> = {
  count: (a, b) => b.count - a.count || byName(a, b),
  name: byName,
};

/**
 * Every tag with its count, filterable as you type and sortable by count or
 * name. The server renders the whole table (most used first), so it works
 * without JavaScript; the controls only reorder and hide rows.
 */
export function TagTable({ tags }: { tags: readonly TagCount[] }) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort>("count");
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return tags.filter((t) => t.tag.includes(q)).sort(SORTS[sort]);
  }, [tags, query, sort]);

  return (
    <>
      <form role="search" aria-label="Find a tag" className="mb-2 flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Filter tags</span>
          <input
            type="search"
            className="rounded-md border border-line bg-bg px-2 py-1 text-fg"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-muted">Sort by</span>
          <select
            className="rounded-md border border-line bg-bg px-2 py-1 text-fg"
            value={sort}
            onChange={(e) => setSort(e.target.value as Sort)}
          >
            <option value="count">Most records first</option>
            <option value="name">Name (A–Z)</option>
          </select>
        </label>
      </form>
      <p className="mb-3 text-sm text-muted" role="status" aria-live="polite">
        {query.trim() ? `${shown.length} of ${tags.length} tags match.` : ""}
      </p>
      <table className="w-full max-w-xl text-sm">
        <caption className="sr-only">Tags and their record counts</caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="py-1 font-semibold" aria-sort={sort === "name" ? "ascending" : undefined}>
              Tag
            </th>
            <th scope="col" className="py-1 text-right font-semibold" aria-sort={sort === "count" ? "descending" : undefined}>
              Records
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((t) => (
            <tr key={t.tag} className="border-b border-line">
              <td className="py-1">
                <a href={tagPath(t.tag)}>{t.tag}</a>
              </td>
              <td className="py-1 text-right tabular-nums">{t.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
