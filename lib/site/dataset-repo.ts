/**
 * Where a dataset is maintained: `ERRDEX_DATASET_REPO=owner/name`, or
 * `owner/name:path` where the path template says which file of that
 * repository holds a record (`records/{repo}.jsonl`). With it, record pages
 * offer "Improve this record" and lookup results "Not this error?", both
 * opening a pre-filled GitHub issue there. Parsed like any input: a
 * malformed value stops the build with the message below.
 */

/** A dataset's home on GitHub. */
export interface DatasetRepo {
  /** `owner/name` on GitHub. */
  repo: string;
  /** Path template of a record's file in that repository (`{repo}`, `{owner}`, `{name}`, `{id}`, `{slug}`), if given. */
  path?: string | undefined;
}

/** A GitHub owner (user or organisation: letters, digits, single hyphens, up to 39) and a repository name (no `.` or `..`). */
const REPO_RE = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$/;

/** A relative path of plain segments, with placeholders in braces; no `..`, no leading `/`, nothing to escape in a URL. */
const PATH_RE = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._{}/-]{1,300}$/;

/** The placeholders a path template may hold. */
export const PATH_PLACEHOLDERS = ["repo", "owner", "name", "id", "slug"] as const;

/** What a valid value looks like, quoted in every error. */
export const DATASET_REPO_FORM = "owner/name, or owner/name:path with {repo}, {owner}, {name}, {id} or {slug} in the path";

/** Thrown for a malformed value; the message is the line the build prints. */
export class DatasetRepoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatasetRepoError";
  }
}

/** Parses `ERRDEX_DATASET_REPO` (trimmed); null for unset or blank; a DatasetRepoError naming the value and the form otherwise. */
export function parseDatasetRepo(raw: string | undefined, source = "ERRDEX_DATASET_REPO"): DatasetRepo | null {
  const value = raw?.trim();
  if (!value) return null;
  const colon = value.indexOf(":");
  const repo = colon < 0 ? value : value.slice(0, colon);
  const path = colon < 0 ? undefined : value.slice(colon + 1);
  const fail = (what: string) => new DatasetRepoError(`${source}: ${JSON.stringify(value)} ${what} (expected ${DATASET_REPO_FORM})`);
  if (!REPO_RE.test(repo)) throw fail(`names no GitHub repository: ${JSON.stringify(repo)} is not owner/name`);
  if (path !== undefined) {
    if (!PATH_RE.test(path)) throw fail(`has a path that is not a plain relative path: ${JSON.stringify(path)}`);
    for (const m of path.matchAll(/\{([^{}]*)\}/g)) {
      if (!(PATH_PLACEHOLDERS as readonly string[]).includes(m[1]!)) throw fail(`has an unknown placeholder {${m[1]}} in its path`);
    }
    if (/[{}]/.test(path.replace(/\{[^{}]*\}/g, ""))) throw fail(`has an unmatched brace in its path`);
  }
  return path === undefined ? { repo } : { repo, path };
}

/** The file of the dataset repository holding a record, from the path template; undefined without one. */
export function recordFilePath(d: DatasetRepo, r: { id: string; repo: string; slug: string }): string | undefined {
  if (!d.path) return undefined;
  const [owner = "", name = ""] = r.repo.split("/");
  const values: Record<(typeof PATH_PLACEHOLDERS)[number], string> = { repo: r.repo, owner, name, id: r.id, slug: r.slug };
  return d.path.replace(/\{(\w+)\}/g, (_, k: keyof typeof values) => values[k]);
}
