/**
 * Record identities across re-mining. A record's natural id is the corpus's:
 * the first 16 hex digits of SHA-256 over `repo`, `filePath` and
 * `errorMessage`, one per line; its slug is the message's first words. With
 * a previous dataset, a site keeps the id and slug of the previous record it
 * continues: the same message in the same file; else a reworded or moved
 * raise in the same file, function and class with similar wording; else a
 * raise moved to another file, when exactly one candidate fits either way.
 * Previous records nothing continues are the removed ones.
 */
import { parseTemplate } from "../record/message-template";
import { kebab } from "./record";

/** What identifies a mined site, beside its message. */
export interface SiteKey {
  repo: string;
  filePath: string;
  errorClass: string;
  errorMessage: string;
  /** Dotted name of the enclosing function (`Engine.start`), empty at module level. */
  scope: string;
}

/** A previous record, as far as matching needs it. */
export interface PreviousKey extends SiteKey {
  id: string;
  slug: string;
}

export interface Identity {
  id: string;
  slug: string;
  /** How it was settled: `new`, or kept from a previous record because of `same-message`, `reworded` or `moved-file`. */
  kept: "new" | "same-message" | "reworded" | "moved-file";
}

/** Hex SHA-256 of a UTF-8 string; injected, as `lib/` has no crypto of its own. */
export type Sha256 = (text: string) => string;

/** Words of a slug: the message's first eight, placeholders spelled as their names. */
const SLUG_WORDS = 8;
/** How similar two wordings must be (Dice coefficient over word bigrams and words) to count as one message reworded. */
export const SIMILAR_WORDING = 0.5;

/** The corpus's id: SHA-256 over repo, file path and message, first 16 hex digits. */
export function naturalId(key: Pick<SiteKey, "repo" | "filePath" | "errorMessage">, sha256: Sha256): string {
  return sha256(`${key.repo}\n${key.filePath}\n${key.errorMessage}`).slice(0, 16);
}

/** `Invalid value {x!r} for mode` → `invalid-value-x-for-mode`; the class when the message has no words. */
export function baseSlug(errorMessage: string, errorClass: string): string {
  const words = errorMessage
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, SLUG_WORDS);
  return words.join("-") || kebab(errorClass) || "error";
}

/** Hands out slugs unique within a repository: `name`, then `name-2`, `name-3`… */
export class SlugBook {
  private readonly taken = new Set<string>();
  reserve(repo: string, slug: string): void {
    this.taken.add(`${repo}\n${slug}`);
  }
  claim(repo: string, base: string): string {
    let slug = base;
    for (let n = 2; this.taken.has(`${repo}\n${slug}`); n++) slug = `${base}-${n}`;
    this.reserve(repo, slug);
    return slug;
  }
}

/** The words of a message for similarity: literal words, placeholders as one token. */
function words(message: string): string[] {
  const out: string[] = [];
  for (const s of parseTemplate(message)) {
    if (s.kind === "placeholder") out.push("{}");
    else
      out.push(
        ...s.value
          .toLowerCase()
          .split(/[^a-z0-9_]+/)
          .filter(Boolean),
      );
  }
  return out;
}

/** Dice coefficient over the words and word pairs of two messages, 0..1. */
export function wordingSimilarity(a: string, b: string): number {
  const grams = (ws: string[]) => {
    const m = new Map<string, number>();
    const add = (g: string) => m.set(g, (m.get(g) ?? 0) + 1);
    ws.forEach((w, i) => {
      add(w);
      if (i > 0) add(`${ws[i - 1]} ${w}`);
    });
    return m;
  };
  const ga = grams(words(a));
  const gb = grams(words(b));
  let shared = 0;
  let total = 0;
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0);
  for (const n of ga.values()) total += n;
  for (const n of gb.values()) total += n;
  return total === 0 ? 0 : (2 * shared) / total;
}

/** The last name of a dotted scope: `Engine.start` → `start`. */
const functionName = (scope: string) => scope.slice(scope.lastIndexOf(".") + 1);

/**
 * Settles the id and slug of every current site, in order, and lists the
 * previous records that no site continues. Deterministic: the same inputs
 * give the same identities.
 */
export function settleIdentities(
  current: SiteKey[],
  previous: PreviousKey[],
  sha256: Sha256,
): { identities: Identity[]; removed: PreviousKey[] } {
  const kept = new Map<number, { prev: PreviousKey; why: Identity["kept"] }>();
  const used = new Set<PreviousKey>();
  const exact = (k: SiteKey) => `${k.repo}\n${k.filePath}\n${k.errorMessage}`;
  const byMessage = new Map(previous.map((p) => [exact(p), p]));
  current.forEach((site, i) => {
    const prev = byMessage.get(exact(site));
    if (prev && !used.has(prev)) {
      kept.set(i, { prev, why: "same-message" });
      used.add(prev);
    }
  });
  // Each pass compares a site only with the previous records of its group: same file, function and class; or same function and class.
  matchUnique(current, previous, kept, used, "reworded", (k) => `${k.repo}\n${k.filePath}\n${k.scope}\n${k.errorClass}`, similar);
  const movedGroup = (k: SiteKey) => `${k.repo}\n${functionName(k.scope)}\n${k.errorClass}`;
  matchUnique(current, previous, kept, used, "moved-file", movedGroup, (s, p) => s.filePath !== p.filePath && similar(s, p));
  const book = new SlugBook();
  // Every previous slug stays taken, a removed record's too: its permalink must not come to name another error.
  for (const prev of previous) book.reserve(prev.repo, prev.slug);
  const identities = current.map((site, i): Identity => {
    const k = kept.get(i);
    if (k) return { id: k.prev.id, slug: k.prev.slug, kept: k.why };
    return { id: naturalId(site, sha256), slug: book.claim(site.repo, baseSlug(site.errorMessage, site.errorClass)), kept: "new" };
  });
  return { identities, removed: previous.filter((p) => !used.has(p)) };
}

const similar = (s: SiteKey, p: PreviousKey) => wordingSimilarity(s.errorMessage, p.errorMessage) >= SIMILAR_WORDING;

/** Pairs sites and previous records of one group that fit only each other. */
function matchUnique(
  current: SiteKey[],
  previous: PreviousKey[],
  kept: Map<number, { prev: PreviousKey; why: Identity["kept"] }>,
  used: Set<PreviousKey>,
  why: Identity["kept"],
  group: (k: SiteKey) => string,
  fits: (s: SiteKey, p: PreviousKey) => boolean,
): void {
  const open = new Map<string, PreviousKey[]>();
  for (const p of previous) if (!used.has(p)) (open.get(group(p)) ?? open.set(group(p), []).get(group(p))!).push(p);
  const candidates = new Map<number, PreviousKey[]>();
  const claims = new Map<PreviousKey, number>();
  current.forEach((site, i) => {
    if (kept.has(i)) return;
    const fit = (open.get(group(site)) ?? []).filter((p) => fits(site, p));
    candidates.set(i, fit);
    for (const p of fit) claims.set(p, (claims.get(p) ?? 0) + 1);
  });
  for (const [i, fit] of candidates) {
    if (fit.length === 1 && claims.get(fit[0]!) === 1) {
      kept.set(i, { prev: fit[0]!, why });
      used.add(fit[0]!);
    }
  }
}
