import { areaRowsShown, filterOptions, REPO_PAGE_ROWS, type RepoEntry } from "@/lib/site/site-index";
import { repoPath, tagPath } from "@/lib/record/permalink";
import { RecordFilter } from "./browse/record-filter";
import { Island } from "./islands/island";
import { Breadcrumbs } from "./breadcrumbs";
import { RecordList } from "./record/record-list";
import { areaId } from "./record/record-view";
import { plural } from "./ui/format";

/** The rows JSON of a repository too big to list whole on its page (app/errors/[owner]/[repo]/rows.json). */
export function repoRowsPath(repo: string): string {
  return `${repoPath(repo)}/rows.json`;
}

/**
 * A repository's records, grouped by the area of the codebase (backgroundTag),
 * largest group first. A repository past REPO_PAGE_ROWS shows each area's
 * share of rows; the filter then covers every record from the rows JSON.
 */
export function RepoView({ entry, tags }: { entry: RepoEntry; tags: ReadonlySet<string> }) {
  const total = entry.records.length;
  const capped = total > REPO_PAGE_ROWS;
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
        <Island
          name="record-filter"
          of={RecordFilter}
          props={{
            options: filterOptions(entry.records),
            total,
            listId: "repo-records",
            rowsUrl: capped ? repoRowsPath(entry.repo) : undefined,
          }}
        />
      </div>
      <div id="repo-records">
        {entry.groups.map((g) => {
          const shown = areaRowsShown(total, g.records.length);
          return (
            <section key={g.backgroundTag} data-browse-group aria-labelledby={areaId(g.backgroundTag)}>
              <h2 id={areaId(g.backgroundTag)} className="section-title scroll-mt-4">
                {g.backgroundTag || "No area"}{" "}
                <span className="text-base font-normal text-muted">({plural(g.records.length, "record")})</span>
              </h2>
              <RecordList records={shown < g.records.length ? g.records.slice(0, shown) : g.records} />
              {shown < g.records.length ? (
                <p className="mt-2 text-sm text-muted">
                  The first {shown} of {g.records.length}. Filter above to search all {total} records of {entry.repo}
                  {tags.has(g.backgroundTag) ? (
                    <>
                      , or <a href={tagPath(g.backgroundTag)}>browse every record tagged {g.backgroundTag}</a>
                    </>
                  ) : null}
                  .
                </p>
              ) : null}
            </section>
          );
        })}
      </div>
    </>
  );
}
