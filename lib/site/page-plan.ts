/**
 * Which records get a prerendered page, and where the others' data lives.
 *
 * A page per record (plus its share image) is what a static site does best:
 * instant, crawlable, unfurls in chat. It stops scaling somewhere past 20,000
 * records: the shared corpus (11,320) builds in 9 minutes into 1.3 GB, so
 * 100,000 would take over an hour and about 12 GB. Past PAGE_LIMIT, the
 * records first in `pagePriority` order keep their pages; the long tail is
 * written as data shards and drawn in the browser at the very same permalink
 * (the host serves `/r.html` for a permalink without a file; `npm start`
 * does, and the README gives the rule for other hosts). Links never change
 * whichever side of the limit a record falls on.
 */
import type { ErrorRecord } from "../record/schema";
import { recordPath } from "../record/permalink";

/** Records prerendered when ERRDEX_PAGE_LIMIT is not set: covers the shared corpus with room to spare. */
export const DEFAULT_PAGE_LIMIT = 20_000;

/** Shard files are named by the first SHARD_BITS of a hash: at most 4,096 files of each kind. */
export const SHARD_BITS = 12;

/** Short-link shards are named by the first ID_SHARD_BITS of a hash: at most 256 files, each one small. */
export const ID_SHARD_BITS = 8;

/** Where the long tail's data is served from. */
export const TAIL_DIR = "/_errdex/tail";

/** Where the short-link shards are served from. */
export const SHORT_LINK_DIR = "/_errdex/e";

/** The page that draws a long-tail record in the browser (and its short links). */
export const TAIL_PAGE = "/r";

/** Reads ERRDEX_PAGE_LIMIT: a whole number of records, 0 for none. */
export function pageLimitFrom(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_PAGE_LIMIT;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`ERRDEX_PAGE_LIMIT must be a whole number of records (0 or more), got ${JSON.stringify(raw)}`);
  return n;
}

const SEVERITY_ORDER: Record<string, number> = { critical: 0, error: 1, warning: 2, info: 3 };

/**
 * The order in which records earn a prerendered page: the most severe first
 * (what an incident is about), then the most documented (more to read, more
 * likely linked), then dataset order.
 */
export function pagePriority(records: readonly ErrorRecord[]): ErrorRecord[] {
  const weight = (r: ErrorRecord) =>
    (r.documentation ? 1 : 0) +
    (r.solutions.length ? 1 : 0) +
    (r.triggerScenarios ? 1 : 0) +
    (r.preventionTips.length ? 1 : 0) +
    (r.exampleFix ? 1 : 0);
  return records
    .map((r, i) => ({ r, i, s: Object.hasOwn(SEVERITY_ORDER, r.severity) ? SEVERITY_ORDER[r.severity]! : 4, w: weight(r) }))
    .sort((a, b) => a.s - b.s || b.w - a.w || a.i - b.i)
    .map((x) => x.r);
}

export interface PagePlan {
  /** Ids of the records with a prerendered page (and share image and short-link file). */
  prerendered: Set<string>;
  /** The others, in dataset order: written to shards and drawn in the browser. */
  tail: ErrorRecord[];
}

/** Splits records at `limit` in priority order. */
export function planPages(records: readonly ErrorRecord[], limit: number): PagePlan {
  if (records.length <= limit) return { prerendered: new Set(records.map((r) => r.id)), tail: [] };
  const prerendered = new Set(
    pagePriority(records)
      .slice(0, limit)
      .map((r) => r.id),
  );
  return { prerendered, tail: records.filter((r) => !prerendered.has(r.id)) };
}

/** FNV-1a over UTF-16 code units: the same number in the build and in every browser. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The shard a key falls in: the first `bits` of its hash, in hex (three digits for SHARD_BITS). */
export function shardOf(key: string, bits = SHARD_BITS): string {
  return (fnv1a(key) >>> (32 - bits)).toString(16).padStart(Math.ceil(bits / 4), "0");
}

/** The shard file holding a long-tail record, found from its permalink path. */
export function recordShardUrl(permalink: string): string {
  return `${TAIL_DIR}/p/${shardOf(permalink)}.json`;
}

/**
 * The shard file mapping record ids to permalinks, for short links: every
 * record's, and every removed record's (to the page left at its address).
 * A short link has no file of its own; the host rewrites it to /r, which
 * reads this (scripts/short-links.ts).
 */
export function idShardUrl(id: string): string {
  return `${SHORT_LINK_DIR}/${shardOf(id, ID_SHARD_BITS)}.json`;
}

/** What a tail page asks for, read from the address it was served at. */
export type TailTarget = { kind: "record"; permalink: string } | { kind: "short"; id: string } | null;

/**
 * `/errors/<owner>/<repo>/<slug>` (a rewritten or 404-served permalink) or
 * `/e/<id>`; `/r?id=<id>` and `/r#<id>` name a record by id. Anything else is
 * not a record address.
 */
export function tailTarget(pathname: string, search = "", hash = ""): TailTarget {
  const path = pathname.replace(/\.html$/, "").replace(/\/+$/, "");
  const parts = path.split("/");
  if (parts.length === 5 && parts[1] === "errors" && parts.slice(2).every((p) => p !== "")) {
    // Re-encode so the key is the exact recordPath form whatever the browser decoded.
    const [owner, repo, slug] = parts.slice(2).map(decodeSafe);
    return { kind: "record", permalink: recordPath({ repo: `${owner}/${repo}`, slug: slug! }) };
  }
  if (parts.length === 3 && parts[1] === "e" && parts[2] !== "") return { kind: "short", id: decodeSafe(parts[2]!) };
  const id = new URLSearchParams(search).get("id") ?? (hash.length > 1 ? decodeSafe(hash.slice(1)) : null);
  return id ? { kind: "short", id } : null;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
