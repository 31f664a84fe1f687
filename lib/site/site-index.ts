/**
 * The lookups the site's pages need, built once from a dataset's records:
 * a record by its permalink parts, the records of each repository (grouped
 * by backgroundTag) and of each tag. Pages call `siteIndexFor` so a build of
 * thousands of pages pays for one pass over the records per process, never a
 * scan per page.
 */
import type { ErrorRecord } from "../record/schema";
import { recordPath } from "../record/permalink";
import { firstLineClipped } from "../text";

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
  /** Each record's position in `records`, by record id (for prev/next). */
  position: Map<string, number>;
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
  /** Records by `repo + "\n" + filePath`, in dataset order. */
  byFile: Map<string, ErrorRecord[]>;
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
      if (!entry) tags.set(tag, (entry = { tag, records: [], position: new Map() }));
      entry.position.set(r.id, entry.records.length);
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
  const byFile = new Map<string, ErrorRecord[]>();
  for (const r of records) {
    const key = `${r.repo}\n${r.filePath}`;
    const list = byFile.get(key);
    if (list) list.push(r);
    else byFile.set(key, [r]);
  }
  return { byPermalink, repos, repoList, tags, tagList, byFile };
}

const cache = new WeakMap<readonly ErrorRecord[], SiteIndex>();

/** The index of a records array, built on first use and shared by every later call with the same array. */
export function siteIndexFor(records: readonly ErrorRecord[]): SiteIndex {
  let index = cache.get(records);
  if (!index) cache.set(records, (index = buildSiteIndex(records)));
  return index;
}

/**
 * A repository page lists every record up to this many; past it (sglang has
 * 53,000 in a 100,000-record dataset) each area shows its share of this many
 * rows and the filter loads the rest from the repository's rows JSON.
 */
export const REPO_PAGE_ROWS = 2_000;

/** Rows an area shows on its repository page: all of them, or its share of REPO_PAGE_ROWS (at least 10). */
export function areaRowsShown(repoSize: number, areaSize: number): number {
  if (repoSize <= REPO_PAGE_ROWS) return areaSize;
  return Math.min(areaSize, Math.max(10, Math.floor((REPO_PAGE_ROWS * areaSize) / repoSize)));
}

/** Rows per static page of a tag: keeps a tag page's HTML small (the largest tags hold thousands of records). */
export const TAG_PAGE_SIZE = 200;

/** How many static pages a tag's records fill (at least one). */
export function tagPageCount(entry: Pick<TagEntry, "records">): number {
  return Math.max(1, Math.ceil(entry.records.length / TAG_PAGE_SIZE));
}

/** The records on page `n` (1-based) of a tag. */
export function tagPage(entry: Pick<TagEntry, "records">, n: number): ErrorRecord[] {
  return entry.records.slice((n - 1) * TAG_PAGE_SIZE, n * TAG_PAGE_SIZE);
}

/** How many related records a record page shows. */
export const RELATED_MAX = 6;
/**
 * Tags carried by more records than this say little about relatedness (think
 * `value-error`) and would make scoring cost quadratic, so they are skipped.
 */
export const RELATED_TAG_MAX = 1000;

/** What a link to another record shows (a list row, a prev/next link). */
export type RecordRef = Pick<ErrorRecord, "id" | "repo" | "slug" | "errorClass" | "errorMessage" | "severity" | "errorType">;

/** A record cut down to a RecordRef, its message to the first line a row shows (for data sent to the browser). */
export function refOf(r: RecordRef): RecordRef {
  return {
    id: r.id,
    repo: r.repo,
    slug: r.slug,
    errorClass: r.errorClass,
    errorMessage: firstLine(r.errorMessage),
    severity: r.severity,
    errorType: r.errorType,
  };
}

/** A record's neighbours: prev/next within its tag, and related records. */
export interface Neighbours {
  /** The tag whose order prev/next follow: the backgroundTag when the record carries it, else its first tag. */
  tag: string | null;
  prev: RecordRef | null;
  next: RecordRef | null;
  /** Up to RELATED_MAX records: same file first (dataset order), then most shared tags (then dataset order). */
  related: RecordRef[];
}

const neighbourCache = new WeakMap<SiteIndex, Map<string, Neighbours>>();

/** The neighbours of a record, from the index's lookups only (no scan of all records); memoized per index. */
export function neighboursOf(index: SiteIndex, r: ErrorRecord): Neighbours {
  let memo = neighbourCache.get(index);
  if (!memo) neighbourCache.set(index, (memo = new Map()));
  let n = memo.get(r.id);
  if (!n) memo.set(r.id, (n = computeNeighbours(index, r)));
  return n;
}

function computeNeighbours(index: SiteIndex, r: ErrorRecord): Neighbours {
  const tag = r.tags.includes(r.backgroundTag) ? r.backgroundTag : (r.tags[0] ?? null);
  const entry = tag === null ? undefined : index.tags.get(tag);
  const at = entry?.position.get(r.id);
  const prev = entry && at !== undefined && at > 0 ? entry.records[at - 1]! : null;
  const next = entry && at !== undefined ? (entry.records[at + 1] ?? null) : null;

  const related: ErrorRecord[] = [];
  const taken = new Set([r.id]);
  for (const other of index.byFile.get(`${r.repo}\n${r.filePath}`) ?? []) {
    if (related.length >= RELATED_MAX) break;
    if (!taken.has(other.id)) {
      related.push(other);
      taken.add(other.id);
    }
  }
  if (related.length < RELATED_MAX) {
    // Shared-tag counts, with the first-seen order as the tie-break (dataset order within the first tag).
    const shared = new Map<string, { record: ErrorRecord; count: number; order: number }>();
    for (const t of new Set(r.tags)) {
      const list = index.tags.get(t)?.records ?? [];
      if (list.length > RELATED_TAG_MAX) continue;
      for (const other of list) {
        if (taken.has(other.id)) continue;
        const s = shared.get(other.id);
        if (s) s.count++;
        else shared.set(other.id, { record: other, count: 1, order: shared.size });
      }
    }
    const best = [...shared.values()].sort((a, b) => b.count - a.count || a.order - b.order);
    for (const s of best.slice(0, RELATED_MAX - related.length)) related.push(s.record);
  }
  return { tag, prev, next, related };
}

/** One record as a browse list needs it; the compact form of a tag's rows JSON. */
export interface BrowseRow {
  /** Exception class. */
  c: string;
  /** First line of the message, cut to ROW_MESSAGE_MAX. */
  m: string;
  /** Repository `owner/name`. */
  r: string;
  /** Severity. */
  s: string;
  /** Error type. */
  t: string;
  /** The record's permalink path. */
  p: string;
}

/** A record's compact browse row. */
export function toBrowseRow(r: Omit<RecordRef, "id">): BrowseRow {
  return { c: r.errorClass, m: firstLine(r.errorMessage), r: r.repo, s: r.severity, t: r.errorType, p: recordPath(r) };
}

/** How much of a message a list row shows; the record page has the rest. */
export const ROW_MESSAGE_MAX = 160;

/** The first line of a message, cut to `max` characters with an ellipsis. */
export function firstLine(message: string, max = ROW_MESSAGE_MAX): string {
  return firstLineClipped(message, max);
}

/** The distinct values of the three filter fields, sorted by name, for a list's filter controls. */
export function filterOptions(rows: readonly Pick<ErrorRecord, "errorClass" | "severity" | "errorType">[]) {
  const sorted = (pick: (r: (typeof rows)[number]) => string) => [...new Set(rows.map(pick))].sort(byName);
  return { classes: sorted((r) => r.errorClass), severities: sorted((r) => r.severity), types: sorted((r) => r.errorType) };
}

/** The options of filterOptions. */
export type FilterOptions = ReturnType<typeof filterOptions>;
