import { filterOptions, type RepoEntry } from "@/lib/site-index";
import { RecordFilter } from "./browse/record-filter";
import { Breadcrumbs } from "./breadcrumbs";
import { RecordList } from "./record/record-list";
import { areaId } from "./record/record-view";
import { plural } from "./ui/format";

/** A repository's records, grouped by the area of the codebase (backgroundTag), largest group first. */
export function RepoView({ entry }: { entry: RepoEntry }) {
  return (
    <>
      <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: "Repositories", href: "/#repositories" }, { label: entry.repo }]} />
      <h1 className="text-2xl font-semibold">
        <span className="font-mono">{entry.repo}</span>
      </h1>
      <p className="mt-1 text-muted">
        {plural(entry.records.length, "known error")} in {plural(entry.groups.length, "area")} of the codebase.{" "}
        <a href={`https://github.com/${entry.repo}`}>{entry.repo} on GitHub</a>
      </p>
      {entry.groups.length > 1 ? (
        <nav aria-label="Areas" className="mt-4">
          <ul className="flex flex-wrap gap-1.5 text-sm">
            {entry.groups.map((g) => (
              <li key={g.backgroundTag}>
                <a className="chip" href={`#${areaId(g.backgroundTag)}`}>
                  {g.backgroundTag || "(none)"} <span className="ml-1 text-muted">{g.records.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mt-4">
        <RecordFilter options={filterOptions(entry.records)} total={entry.records.length} listId="repo-records" />
      </div>
      <div id="repo-records">
        {entry.groups.map((g) => (
          <section key={g.backgroundTag} data-browse-group aria-labelledby={areaId(g.backgroundTag)}>
            <h2 id={areaId(g.backgroundTag)} className="section-title scroll-mt-4">
              {g.backgroundTag || "No area"} <span className="text-base font-normal text-muted">({plural(g.records.length, "record")})</span>
            </h2>
            <RecordList records={g.records} />
          </section>
        ))}
      </div>
    </>
  );
}
