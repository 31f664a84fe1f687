import { escapeHtml } from "@/lib/site/html";
import { toBrowseRow, type BrowseRow, type RecordRef } from "@/lib/site/site-index";
import { severityClass } from "./record-facts";

/**
 * One row: class and first message line linking to the record, then the
 * repository and severity. The data attributes are what the filter leaf
 * (components/browse/record-filter) matches on. All text is escaped.
 */
export function rowHtml(row: BrowseRow): string {
  const e = escapeHtml;
  return `<li data-c="${e(row.c)}" data-s="${e(row.s)}" data-t="${e(row.t)}"><a href="${e(row.p)}"><b>${e(row.c)}</b>: ${e(row.m)}</a><span class="flex-none text-right"><span class="font-mono text-xs text-muted">${e(row.r)}</span> <span class="${severityClass(row.s)}">${e(row.s)}</span></span></li>`;
}

/**
 * A dense list of records: class, message, repository and severity, each row
 * one link. A repository can hold thousands of records, so the rows are one
 * escaped HTML string: the page's RSC payload then carries them as one text
 * chunk instead of an element tree per row (about half the bytes).
 */
export function RecordList({ records, label }: { records: readonly RecordRef[]; label?: string }) {
  return (
    <ul
      className="rec-list"
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: records.map((r) => rowHtml(toBrowseRow(r))).join("") }}
    />
  );
}
