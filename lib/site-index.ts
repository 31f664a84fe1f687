/**
 * The lookups the site's pages need, built once from a dataset's records:
 * a record by its permalink parts, the records of each repository (grouped
 * by backgroundTag) and of each tag. Pages call `siteIndexFor` so a build of
 * thousands of pages pays for one pass over the records per process, never a
 * scan per page.
 */
import type { ErrorRecord } from "./schema";

/** A repository and its records, grouped by the area of the codebase. */
export interface RepoEntry {
  repo: string;
  owner: string;
  name: string;
  records: ErrorRecord[];
  /** backgroundTag groups, largest first, then by name. */
  groups: { backgroundTag: string; records: ErrorRecord[] }[];
}

/** A tag and the records that carry it. */
export interface TagEntry {
  tag: string;
  records: ErrorRecord[];
}

export interface SiteIndex {
  /** Records keyed by `owner/name/slug` (see `permalinkKey`). */
  byPermalink: Map<string, ErrorRecord>;
  /** Repositories by `owner/name`. */
  repos: Map<string, RepoEntry>;
  /** Repositories sorted by name. */
  repoList: RepoEntry[];
  tags: Map<string, TagEntry>;
  /** Tags sorted by record count (most first), then by name. */
  tagList: TagEntry[];
}

/** Splits `owner/name` into its two parts; a missing part is "". */
export function splitRepo(repo: string): { owner: string; name: string } {
  const [owner = "", name = ""] = repo.split("/");
  return { owner, name };
}

/** The key of a record's permalink parts in `byPermalink`. */
export function permalinkKey(owner: string, name: string, slug: string): string {
  return `${owner}/${name}/${slug}`;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Builds every lookup in one pass over the records (records keep their dataset order within a list). */
export function buildSiteIndex(records: readonly ErrorRecord[]): SiteIndex {
  const byPermalink = new Map<string, ErrorRecord>();
  const repos = new Map<string, RepoEntry>();
  const tags = new Map<string, TagEntry>();
  for (const r of records) {
    const { owner, name } = splitRepo(r.repo);
    byPermalink.set(permalinkKey(owner, name, r.slug), r);
    let repo = repos.get(r.repo);
    if (!repo) repos.set(r.repo, (repo = { repo: r.repo, owner, name, records: [], groups: [] }));
    repo.records.push(r);
    for (const tag of new Set(r.tags)) {
      let entry = tags.get(tag);
      if (!entry) tags.set(tag, (entry = { tag, records: [] }));
      entry.records.push(r);
    }
  }
  for (const repo of repos.values()) {
    const groups = new Map<string, ErrorRecord[]>();
    for (const r of repo.records) {
      const list = groups.get(r.backgroundTag);
      if (list) list.push(r);
      else groups.set(r.backgroundTag, [r]);
    }
    repo.groups = [...groups]
      .map(([backgroundTag, list]) => ({ backgroundTag, records: list }))
      .sort((a, b) => b.records.length - a.records.length || byName(a.backgroundTag, b.backgroundTag));
  }
  const repoList = [...repos.values()].sort((a, b) => byName(a.repo, b.repo));
  const tagList = [...tags.values()].sort((a, b) => b.records.length - a.records.length || byName(a.tag, b.tag));
  return { byPermalink, repos, repoList, tags, tagList };
}

const cache = new WeakMap<readonly ErrorRecord[], SiteIndex>();

/** The index of a records array, built on first use and shared by every later call with the same array. */
export function siteIndexFor(records: readonly ErrorRecord[]): SiteIndex {
  let index = cache.get(records);
  if (!index) cache.set(records, (index = buildSiteIndex(records)));
  return index;
}
