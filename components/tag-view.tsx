import { filterOptions, tagPage, tagPageCount, TAG_PAGE_SIZE, type TagEntry } from "@/lib/site/site-index";
import { tagPath } from "@/lib/record/permalink";
import { Breadcrumbs } from "./breadcrumbs";
import { RecordList } from "./record/record-list";
import { RecordFilter } from "./browse/record-filter";
import { Island } from "./islands/island";
import { Pager } from "./browse/pager";
import { plural } from "./ui/format";

/** The address of a tag's rows JSON (app/tags/[tag]/rows.json), which the filter loads to cover every page. */
export function tagRowsPath(tag: string): string {
  return `${tagPath(tag)}/rows.json`;
}

/**
 * One static page of the records that carry a tag. Big tags are split into
 * pages of TAG_PAGE_SIZE rows, so no page's HTML grows with the tag.
 */
export function TagView({ entry, page = 1 }: { entry: TagEntry; page?: number }) {
  const pages = tagPageCount(entry);
  const base = tagPath(entry.tag);
  const total = entry.records.length;
  const first = (page - 1) * TAG_PAGE_SIZE + 1;
  const rows = tagPage(entry, page);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: "Home", href: "/" },
          { label: "Tags", href: "/tags" },
          { label: entry.tag, href: page > 1 ? base : undefined },
          ...(page > 1 ? [{ label: `Page ${page}` }] : []),
        ]}
      />
      <h1 className="text-2xl font-semibold">
        Tag <span className="font-mono">{entry.tag}</span>
      </h1>
      <p className="mt-1 mb-4 text-muted">
        {plural(total, "error record")} {total === 1 ? "carries" : "carry"} this tag.
        {pages > 1 ? ` Records ${first}–${first + rows.length - 1}, page ${page} of ${pages}.` : ""}
      </p>
      <Island
        name="record-filter"
        of={RecordFilter}
        props={{
          options: filterOptions(entry.records),
          total: pages > 1 ? total : rows.length,
          listId: "tag-records",
          rowsUrl: pages > 1 ? tagRowsPath(entry.tag) : undefined,
        }}
      />
      <div id="tag-records">
        <RecordList records={rows} label={`Records tagged ${entry.tag}`} />
        <Pager base={base} page={page} pages={pages} />
      </div>
    </>
  );
}
