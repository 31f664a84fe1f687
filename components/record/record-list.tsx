import type { ErrorRecord } from "@/lib/schema";
import { recordPath } from "@/lib/permalink";
import { escapeHtml } from "@/lib/html";
import { truncate } from "@/components/ui/format";
import { severityClass } from "./record-facts";

/** How much of a message a list row shows; the record page has the rest. */
const ROW_MESSAGE_MAX = 180;

/** One row: class and message linking to the record, then the severity. All text is escaped. */
function rowHtml(r: ErrorRecord): string {
  const message = escapeHtml(truncate(r.errorMessage, ROW_MESSAGE_MAX));
  return `<li><a href="${escapeHtml(recordPath(r))}"><b>${escapeHtml(r.errorClass)}</b>: ${message}</a><span class="${severityClass(r.severity)}">${escapeHtml(r.severity)}</span></li>`;
}

/**
 * A dense list of records: class, message and severity, each row one link.
 * A repository or tag can hold thousands of records, so the rows are one
 * escaped HTML string: the page's RSC payload then carries them as one text
 * chunk instead of an element tree per row (about half the bytes).
 */
export function RecordList({ records }: { records: readonly ErrorRecord[] }) {
  return <ul className="rec-list" dangerouslySetInnerHTML={{ __html: records.map(rowHtml).join("") }} />;
}
