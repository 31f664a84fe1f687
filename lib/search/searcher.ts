/**
 * The browser side of the split search (lib/search/layout.ts): opens with the
 * manifest alone, then for each query fetches the vocabulary files of its
 * words' first characters (and, for a word not known, the typo files that can
 * hold its fix), the index buckets of the terms it resolves to, the
 * facet pages of its hits, and, through `docs`, the slug and title of the
 * hits shown. Each file is fetched once per session, parsed against its
 * schema and checked against what was asked for; FlexSearch ranks (every
 * fetched bucket is imported into one FlexSearch index).
 *
 * Guarantees: the same answers as one FlexSearch index over every record (the
 * tests compare both; docs/benchmarks.md has the one difference, between
 * equally near typo fixes); a query term missing from the vocabulary is corrected
 * to the most frequent known term within one edit (two for words of 8+
 * characters; an edit at the first letter is looked up in the typo files,
 * frequency compared by tier), and the last term, while being typed,
 * also matches as a prefix; when no record holds every word, the records
 * holding most of them come back, flagged `partial`. A file that cannot be
 * fetched, or is damaged or stale, rejects the search with an error naming
 * the file and what is wrong; it is not cached, so the next search tries it
 * again.
 */
import type { Encoder, Index } from "flexsearch";
import { InputError } from "../parse";
import { bucketOf, fromGaps, searchPath, typoKey, typoKeysFor, vocabKey } from "./layout";
import { editDistance, loadFlexSearch, makeEncoder, makeIndex, MAX_HITS, type Hit, type SearchDoc, type SearchResult } from "./search";
import { parseBucket, parseDocs, parseFacets, parseManifest, parseVocab, type StoredManifest } from "./stored";

/** Fetches one search file by its path relative to the asset folder (`search/i/3.json`); rejects, naming the file, when it cannot. */
export type FetchJson = (path: string) => Promise<unknown>;

/** Most vocabulary terms a half-typed last word expands to. */
const MAX_PREFIX_EXPANSIONS = 6;

/** One vocabulary file, ready for look-ups. */
interface Vocab {
  /** Term → rank (0 is the most frequent). */
  rank: Map<string, number>;
  /** Term → frequency tier (layout.frequencyTier), comparable across files. */
  tier: (term: string) => number;
  /** The terms sorted, for prefix ranges. */
  sorted: string[];
  byLength: Map<number, string[]>;
}

/** A loaded manifest and the fragments fetched so far. Create once per session (`Searcher.open`), query per keystroke. */
export class Searcher {
  private readonly cache = new Map<string, Promise<unknown>>();

  private constructor(
    private readonly fetchJson: FetchJson,
    private readonly base: string,
    private readonly encoder: Encoder,
    private readonly index: Index,
    private readonly manifest: StoredManifest,
  ) {}

  /** Fetches the manifest (and loads FlexSearch); `base` is the asset folder's URL path, used to name files in errors. */
  static async open(fetchJson: FetchJson, base = "/_errdex/"): Promise<Searcher> {
    const [fx, raw] = await Promise.all([loadFlexSearch(), fetchJson(searchPath.manifest)]);
    const manifest = parseManifest(raw, base + searchPath.manifest);
    const encoder = makeEncoder(fx);
    return new Searcher(fetchJson, base, encoder, makeIndex(fx, encoder), manifest);
  }

  /** Number of records indexed. */
  get size(): number {
    return this.manifest.records;
  }

  /** Encodes text the way the index does: the terms a word or phrase stands for. */
  encode(text: string): string[] {
    return this.encoder.encode(text);
  }

  /**
   * Searches for records holding every query word (a word may be a typo of a
   * known one; the last word, unless followed by a space, may be unfinished).
   */
  async search(query: string, limit = MAX_HITS): Promise<SearchResult> {
    const empty: SearchResult = { hits: [], terms: [], fuzzy: false, partial: false };
    const words = query.split(/\s+/).filter(Boolean);
    const typing = !/\s$/.test(query);
    const wanted = words.flatMap((word, i) => this.encode(word).map((term) => ({ term, last: i === words.length - 1 && typing })));
    if (wanted.length === 0) return empty; // nothing, or only stop words and punctuation
    const vocabs = await Promise.all(wanted.map(({ term }) => this.vocab("vocab", vocabKey(term))));
    // Each term becomes a set of alternatives: itself if known, else its prefix expansions (last word only), else its nearest typo fix.
    let fuzzy = false;
    const alternatives = await Promise.all(
      wanted.map(async ({ term, last }, i): Promise<string[]> => {
        const v = vocabs[i] ?? null;
        if (v?.rank.has(term))
          return last ? [term, ...prefixes(v, term).filter((t) => t !== term)].slice(0, MAX_PREFIX_EXPANSIONS) : [term];
        const prefixed = v && last ? prefixes(v, term) : [];
        if (prefixed.length) return prefixed;
        if (term.length < 3) return [];
        const typos = await Promise.all(typoKeysFor(term).map((k) => this.vocab("typo", k)));
        const fix = nearest(term, [v, ...typos]);
        if (fix) fuzzy = true;
        return fix ? [fix] : [];
      }),
    );
    const buckets = new Set(alternatives.flat().map((t) => bucketOf(t, this.manifest.buckets)));
    await Promise.all([...buckets].map((n) => this.bucket(n)));
    if (alternatives.every((a) => a.length > 0)) {
      const ids = this.query(alternatives, limit);
      if (ids.length) return { hits: await this.hits(ids), terms: [...new Set(alternatives.flat())], fuzzy, partial: false };
    }
    // No record holds every word (one may be a typo of a word that exists, or unknown): FlexSearch's suggestion mode ranks the records holding most of them.
    const known = alternatives.filter((a) => a.length > 0).map((a) => a[0]!);
    if (known.length === 0) return empty;
    const ids = this.index.search(known.join(" "), { limit, suggest: true }) as number[];
    return { hits: await this.hits(ids), terms: known, fuzzy, partial: ids.length > 0 };
  }

  /** The slug and title of each hit (fetching their docs pages), in the same order. */
  async docs(hits: readonly Hit[]): Promise<SearchDoc[]> {
    const per = this.manifest.docsPage;
    const pages = new Map<number, Promise<[string, string][]>>();
    for (const h of hits) {
      const n = Math.floor(h.id / per);
      if (!pages.has(n))
        pages.set(
          n,
          this.page(searchPath.docs(n), n, per, parseDocs, (f) => f.docs),
        );
    }
    const loaded = new Map(await Promise.all([...pages].map(async ([n, p]) => [n, await p] as const)));
    return hits.map((h) => {
      const [slug, title] = loaded.get(Math.floor(h.id / per))![h.id % per]!;
      return { ...h, slug, title };
    });
  }

  /** Runs the AND of the words (each an OR of alternatives), best first, ids unique. */
  private query(alternatives: string[][], limit: number): number[] {
    // The most common case, one alternative per word: one FlexSearch query.
    let combos: string[][] = [[]];
    for (const alts of alternatives) {
      const next: string[][] = [];
      for (const c of combos) for (const a of alts) if (next.length < MAX_PREFIX_EXPANSIONS) next.push([...c, a]);
      combos = next;
    }
    const seen = new Set<number>();
    const out: number[] = [];
    for (const combo of combos) {
      for (const id of this.index.search(combo.join(" "), { limit }) as number[]) {
        if (seen.has(id)) continue;
        seen.add(id);
        out.push(id);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** The facets of each id (fetching their facet pages). */
  private async hits(ids: readonly number[]): Promise<Hit[]> {
    const m = this.manifest;
    const per = m.facetPage;
    const pages = new Map<number, Promise<[number, number, number[]][]>>();
    for (const id of ids) {
      if (id >= m.records)
        throw new InputError([
          `${this.base}search: the index names record ${id}, but the manifest counts ${m.records}: the files are from different builds`,
        ]);
      const n = Math.floor(id / per);
      if (!pages.has(n))
        pages.set(
          n,
          this.page(searchPath.facets(n), n, per, parseFacets, (f) => f.facets, checkFacets(m)),
        );
    }
    const loaded = new Map(await Promise.all([...pages].map(async ([n, p]) => [n, await p] as const)));
    return ids.map((id) => {
      const [repo, errorClass, tags] = loaded.get(Math.floor(id / per))![id % per]!;
      return { id, repo: m.repos[repo]!, errorClass: m.classes[errorClass]!, tags: tags.map((t) => m.tags[t]!) };
    });
  }

  /** Fetches and parses a file once per session; a failure is not kept, so a later call tries again. */
  private once<T>(path: string, parse: (x: unknown, source: string) => T): Promise<T> {
    let p = this.cache.get(path) as Promise<T> | undefined;
    if (!p) {
      p = this.fetchJson(path).then((x) => parse(x, this.base + path));
      this.cache.set(path, p);
      p.catch(() => this.cache.delete(path));
    }
    return p;
  }

  /** A docs or facet page: checks it is page n with the right number of rows, then each row with `check`. */
  private page<F extends { n: number }, R>(
    path: string,
    n: number,
    per: number,
    parse: (x: unknown, source: string) => F,
    rows: (f: F) => R[],
    check?: (row: R, i: number, source: string) => void,
  ): Promise<R[]> {
    return this.once(path, (x, source) => {
      const f = parse(x, source);
      if (f.n !== n) throw new InputError([`${source}: n: ${f.n} expected ${n}: the file is stale or misplaced`]);
      const list = rows(f);
      const expected = Math.min(per, this.manifest.records - n * per);
      if (list.length !== expected)
        throw new InputError([`${source}: holds ${list.length} records, expected ${expected}: the file is stale or damaged`]);
      if (check) list.forEach((row, i) => check(row, i, source));
      return list;
    });
  }

  /** A vocabulary (or typo) file, or null when no known term has that key. */
  private vocab(kind: "vocab" | "typo", key: string): Promise<Vocab | null> {
    if (!this.manifest[kind].includes(key)) return Promise.resolve(null);
    const keyOf = kind === "vocab" ? vocabKey : typoKey;
    return this.once(searchPath[kind](key), (x, source) => {
      const f = parseVocab(x, source);
      if (f.k !== key)
        throw new InputError([`${source}: k: ${JSON.stringify(f.k)} expected ${JSON.stringify(key)}: the file is stale or misplaced`]);
      const rank = new Map<string, number>();
      const byLength = new Map<number, string[]>();
      f.terms.forEach((t, i) => {
        if (keyOf(t) !== key || (kind === "typo" && t.length < 3))
          throw new InputError([`${source}: terms[${i}]: ${JSON.stringify(t)} does not belong in the file of ${JSON.stringify(key)}`]);
        rank.set(t, i);
        const list = byLength.get(t.length);
        if (list) list.push(t);
        else byLength.set(t.length, [t]);
      });
      const tier = (t: string) => {
        const r = rank.get(t) ?? Infinity;
        let found = 0;
        for (const [start, value] of f.tiers) if (start <= r) found = value;
        return found;
      };
      return { rank, tier, sorted: [...f.terms].sort(), byLength };
    });
  }

  /** Fetches index bucket n into the FlexSearch index (once), checking every term belongs to the bucket's range. */
  private bucket(n: number): Promise<void> {
    return this.once(searchPath.bucket(n), (x, source) => {
      const b = parseBucket(x, source);
      if (b.n !== n) throw new InputError([`${source}: n: ${b.n} expected ${n}: the file is stale or misplaced`]);
      const from = this.manifest.buckets[n]!;
      const to = this.manifest.buckets[n + 1];
      b.terms.forEach(([term], i) => {
        if (term < from || (to !== undefined && term >= to))
          throw new InputError([
            `${source}: terms[${i}]: ${JSON.stringify(term)} lies outside the bucket's range: the file is stale or damaged`,
          ]);
      });
      // FlexSearch's importer takes parsed JSON as well as the string it exported (src/serialize.js), and adds map entries to those it holds.
      this.index.import("map", b.terms.map(([term, gaps]) => [term, fromGaps(gaps)]) as unknown as string);
    });
  }
}

/** Checks a facet row's indexes name entries of the manifest's lists. */
function checkFacets(m: StoredManifest) {
  return ([repo, cls, tags]: [number, number, number[]], i: number, source: string) => {
    const bad =
      repo >= m.repos.length ? "repository" : cls >= m.classes.length ? "class" : tags.some((t) => t >= m.tags.length) ? "tag" : "";
    if (bad)
      throw new InputError([`${source}: facets[${i}]: names a ${bad} the manifest does not list: the files are from different builds`]);
  };
}

/** Known terms starting with `term`, most frequent first (the term itself first). */
function prefixes(v: Vocab, term: string): string[] {
  if (term.length < 2) return v.rank.has(term) ? [term] : [];
  let lo = 0;
  let hi = v.sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.sorted[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < v.sorted.length && v.sorted[i]!.startsWith(term); i++) found.push(v.sorted[i]!);
  const rank = (t: string) => (t === term ? -1 : v.rank.get(t)!);
  return found.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_PREFIX_EXPANSIONS);
}

/**
 * The most frequent known term within one edit of `term` (two for terms of 8+
 * characters) among the files given (the term's own vocabulary file first);
 * null if none. Fewest edits first, then the highest frequency tier, then the
 * earlier file, then the file's own order (exact frequency).
 */
function nearest(term: string, files: readonly (Vocab | null)[]): string | null {
  const maxEdits = term.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestKey: number[] = [];
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  files.forEach((v, f) => {
    if (!v) return;
    for (let len = term.length - maxEdits; len <= term.length + maxEdits; len++) {
      for (const cand of v.byLength.get(len) ?? []) {
        const d = editDistance(term, cand, maxEdits);
        if (d > maxEdits) continue;
        const key = [d, -v.tier(cand), f, v.rank.get(cand)!];
        if (!best || better(key, bestKey)) {
          best = cand;
          bestKey = key;
        }
      }
    }
  });
  return best;
}
