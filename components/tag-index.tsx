import type { TagEntry } from "@/lib/site-index";
import { tagPath } from "@/lib/permalink";
import { Breadcrumbs } from "./breadcrumbs";
import { plural } from "./ui/format";

/** Every tag with its record count, most used first. */
export function TagIndex({ tags }: { tags: readonly TagEntry[] }) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: "Tags" }]} />
      <h1 className="text-2xl font-semibold">Tags</h1>
      <p className="mt-1 mb-4 text-muted">{plural(tags.length, "tag")}, most used first.</p>
      <ul className="flex flex-wrap gap-1.5">
        {tags.map((t) => (
          <li key={t.tag}>
            <a className="chip" href={tagPath(t.tag)}>
              {t.tag}
              <span className="ml-1.5 text-muted">
                {t.records.length}
                <span className="sr-only"> records</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
