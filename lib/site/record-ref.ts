/**
 * A record reference as a person types or pastes it (`errdex show <ref>`):
 * an id, a short link, a permalink (site-relative or absolute) or
 * `<owner>/<repo>/<slug>`; resolved against the dataset, and, when nothing
 * has it, the near misses: an id or slug one character off, or an old
 * permalink the previous manifest redirects or lists as removed.
 */
import { ID_RE, REPO_RE, SLUG_RE } from "../record/ids";
import type { ErrorRecord } from "../record/schema";
import { recordPath } from "../record/permalink";
import type { Manifest } from "./manifest";

export type RecordRef = { kind: "id" | "short"; id: string } | { kind: "permalink" | "slug"; repo: string; slug: string };

/** What a reference may be, quoted when one is not understood. */
export const REF_FORMS =
  "an id (16 hex digits), a short link (/e/<id>), a permalink (/errors/<owner>/<repo>/<slug>) or <owner>/<repo>/<slug>";

/** Parses a reference; null when it is none of REF_FORMS. */
export function parseRef(raw: string): RecordRef | null {
  let text = raw.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      text = new URL(text).pathname;
    } catch {
      return null;
    }
  }
  try {
    text = decodeURIComponent(text).replace(/\/+$/, "");
  } catch {
    return null;
  }
  const short = /^\/?e\/([^/]+)$/.exec(text);
  if (short) return ID_RE.test(short[1]!.toLowerCase()) ? { kind: "short", id: short[1]!.toLowerCase() } : null;
  if (ID_RE.test(text.toLowerCase())) return { kind: "id", id: text.toLowerCase() };
  const permalink = /^\/errors\/([^/]+\/[^/]+)\/([^/]+)$/.exec(text);
  const slug = permalink ?? /^([^/]+\/[^/]+)\/([^/]+)$/.exec(text);
  if (slug && REPO_RE.test(slug[1]!) && SLUG_RE.test(slug[2]!))
    return { kind: permalink ? "permalink" : "slug", repo: slug[1]!, slug: slug[2]! };
  return null;
}

/** Whether two strings are at most one edit apart (a character changed, added or dropped). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** How a reference resolved: the record, or the near misses to suggest (`did you mean`) and what the manifest says of it. */
export type Resolution = { record: ErrorRecord } | { record: null; suggestions: string[]; notes: string[] };

/** `owner/repo/slug (id)`: how a suggestion names a record. */
export function refName(r: Pick<ErrorRecord, "id" | "repo" | "slug">): string {
  return `${r.repo}/${r.slug} (${r.id})`;
}

/** Most suggestions listed. */
const MAX_SUGGESTIONS = 5;

/** Finds the record a reference names, or what it probably meant. */
export function resolveRef(ref: RecordRef, records: readonly ErrorRecord[], manifest?: Manifest): Resolution {
  const byId = new Map(records.map((r) => [r.id, r]));
  if ("id" in ref) {
    const found = byId.get(ref.id);
    if (found) return { record: found };
    const near = records.filter((r) => oneEditApart(r.id, ref.id)).map(refName);
    const removed = manifest?.removed.find((e) => e.id === ref.id);
    return { record: null, suggestions: near.slice(0, MAX_SUGGESTIONS), notes: removed ? [removedNote(removed)] : [] };
  }
  const found = records.find((r) => r.repo === ref.repo && r.slug === ref.slug);
  if (found) return { record: found };
  const path = recordPath(ref);
  const suggestions: string[] = [];
  const notes: string[] = [];
  // The slug of an older dataset: the manifest knows which record it was, and where that record is now.
  const moved = manifest
    ? [...manifest.redirects.filter((e) => e.from === path), ...manifest.records.filter((e) => e.permalink === path)]
    : [];
  for (const e of moved) {
    const now = byId.get(e.id);
    if (now && recordPath(now) !== path) {
      suggestions.push(refName(now));
      notes.push(`${ref.repo}/${ref.slug} is an older name of record ${now.id}`);
    }
  }
  const removed = manifest?.removed.find((e) => e.permalink === path);
  if (removed) notes.push(removedNote(removed));
  for (const r of records) if (r.repo === ref.repo && oneEditApart(r.slug, ref.slug)) suggestions.push(refName(r));
  return { record: null, suggestions: [...new Set(suggestions)].slice(0, MAX_SUGGESTIONS), notes: [...new Set(notes)] };
}

function removedNote(e: Manifest["removed"][number]): string {
  return `record ${e.id} (${e.permalink}) was removed from the dataset in version ${e.removedIn}`;
}
