/**
 * The URLs errdex gives out. Permalinks are forever: change these only with
 * redirects from the old form.
 */
import type { ErrorRecord } from "./schema";

type Addressable = Pick<ErrorRecord, "repo" | "slug">;

/**
 * `/errors/<owner>/<repo>/<slug>` made of the characters a valid record's
 * permalink has: no `.` or `..` segment, no `%`, no backslash, nothing a
 * crafted manifest could use to make the build write outside its output.
 */
export const PERMALINK_RE = /^\/errors\/[A-Za-z0-9][A-Za-z0-9-]{0,38}\/(?!\.\.?\/)[A-Za-z0-9._-]{1,100}\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `/errors/<owner>/<repo>/<slug>`: the stable, readable permalink of a record. */
export function recordPath(r: Addressable): string {
  const [owner = "", name = ""] = r.repo.split("/");
  return `/errors/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/${encodeURIComponent(r.slug)}`;
}

/** `/e/<id>`: the short link that lands on the record's permalink. */
export function shortPath(id: string): string {
  return `/e/${encodeURIComponent(id)}`;
}

/** `/errors/<owner>/<repo>`: a repository's records. */
export function repoPath(repo: string): string {
  const [owner = "", name = ""] = repo.split("/");
  return `/errors/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
}

/** `/tags/<tag>`: a tag's records. */
export function tagPath(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}

/** Joins a site-relative path to the configured base URL, if any. */
export function absoluteUrl(path: string, siteUrl: string | undefined): string {
  if (!siteUrl) return path;
  return siteUrl.replace(/\/+$/, "") + path;
}

/** The GitHub link a record must carry: the snippet range at the analyzed commit. */
export function githubUrlFor(r: Pick<ErrorRecord, "repo" | "analyzedSha" | "filePath" | "sourceCodeStart" | "sourceCodeEnd">): string {
  const path = r.filePath.split("/").map(encodeURIComponent).join("/");
  return `https://github.com/${r.repo}/blob/${r.analyzedSha}/${path}#L${r.sourceCodeStart}-L${r.sourceCodeEnd}`;
}

/** The GitHub link to the single error line at the analyzed commit. */
export function githubLineUrl(r: Pick<ErrorRecord, "repo" | "analyzedSha" | "filePath" | "lineNumber">): string {
  const path = r.filePath.split("/").map(encodeURIComponent).join("/");
  return `https://github.com/${r.repo}/blob/${r.analyzedSha}/${path}#L${r.lineNumber}`;
}
