import type { TagEntry } from "@/lib/site-index";
import { Breadcrumbs } from "./breadcrumbs";
import { RecordList } from "./record/record-list";
import { plural } from "./ui/format";

/** The records that carry one tag. */
export function TagView({ entry }: { entry: TagEntry }) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: "Tags", href: "/tags" }, { label: entry.tag }]} />
      <h1 className="text-2xl font-semibold">
        Tag <span className="font-mono">{entry.tag}</span>
      </h1>
      <p className="mt-1 mb-4 text-muted">{plural(entry.records.length, "error record")} {entry.records.length === 1 ? "carries" : "carry"} this tag.</p>
      <RecordList records={entry.records} />
    </>
  );
}
