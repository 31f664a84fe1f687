import type { TagEntry } from "@/lib/site/site-index";
import { Breadcrumbs } from "./breadcrumbs";
import { TagTable } from "./browse/tag-table";
import { Island } from "./islands/island";
import { plural } from "./ui/format";

/** Every tag with its record count: a table, most used first, with a filter and a sort. */
export function TagIndex({ tags }: { tags: readonly TagEntry[] }) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: "Tags" }]} />
      <h1 className="text-2xl font-semibold">Tags</h1>
      <p className="mt-1 mb-4 text-muted">{plural(tags.length, "tag")}, most used first.</p>
      <Island name="tag-table" of={TagTable} props={{ tags: tags.map((t) => ({ tag: t.tag, count: t.records.length })) }} />
    </>
  );
}
