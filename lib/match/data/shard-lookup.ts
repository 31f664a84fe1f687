/**
 * A lookup over split matcher data (lib/match/data/split-data) that fetches only
 * what the log needs, with the same answers as a lookup over the whole data:
 *
 *  1. the filter's key hashes name the shards that may hold a record whose
 *     key is in the log (key-filter); those, and the keyless records' shard,
 *     are fetched;
 *  2. a Lookup runs over the entries at hand, with the filter's wording and
 *     raise-site indexes of the whole data. Any entry it needed and did not
 *     have (a record of similar wording, one raised in a traceback's file)
 *     is reported; its shard is fetched and the lookup runs again, until
 *     nothing is missing. Candidates depend only on the whole data's
 *     indexes, never on what is loaded, so the last run is the whole data's.
 *
 * Wording candidates are picked from the records of the words the lookup
 * compares, fetched by word shard the same way. Everything fetched is kept:
 * a later lookup that needs the same records fetches nothing.
 */
import type { WholeData } from "../matcher";
import { cleanLog } from "../find/clean-log";
import { keyShards } from "./key-filter";
import { Lookup, type LookupSummary } from "../lookup";
import { MATCHER_DATA_VERSION, type MatcherEntry } from "./matcher-data";
import { isContentWord, tokens } from "../rank/wording";
import type { SplitFilter } from "./split-data-schema";
import { T } from "../rank/tuning";

/** Fetches and parses the parts beside the filter (see split-data-schema). */
export interface SplitSource {
  shard(n: number): Promise<{ indexes: number[]; entries: MatcherEntry[]; counts: Map<string, number> }>;
  words(n: number): Promise<{ postings: Map<string, number[]>; counts: Map<string, number> }>;
  ids(): Promise<string[]>;
}

/** Texts holding a key whose words are fetched with the key shards: as many as drift-queries compares (T.maxBareTexts). */
const MAX_HINTED_TEXTS = T.maxBareTexts;

/** A record's message may span lines after the one holding its key: as many as drift-queries joins (T.maxBlockLines). */
const HINT_WINDOW = T.maxBlockLines;

/** The distinct texts of the lines in `hinted` and the HINT_WINDOW lines after each, in log order. */
function withFollowing(lines: readonly { text: string }[], hinted: Set<string>): string[] {
  const out = new Set<string>();
  let until = -1;
  lines.forEach((l, i) => {
    if (hinted.has(l.text)) until = i + HINT_WINDOW;
    if (i <= until && l.text) out.add(l.text);
  });
  return [...out];
}

export class ShardedLookup {
  /** Entries by index in the whole data; holes for those not fetched. */
  private readonly entries: (MatcherEntry | undefined)[];
  /** Parts fetched or being fetched, by name (`shard-3`, `words-7`, `ids`); a failed one is forgotten, so the next lookup tries again. */
  private readonly parts = new Map<string, Promise<void>>();
  /** Parts fetched and read. */
  private readonly done = new Set<string>();
  private readonly postings = new Map<string, number[]>();
  /** Words' numbers of records, as the entry shards fetched give them, and the word shards for words too common to list. */
  private readonly counts = new Map<string, number>();
  private readonly wordShardsAt = new Set<number>();
  private ids: string[] | null = null;
  private readonly whole: WholeData;
  private missing = new Set<string>();
  private lookup: Lookup | null = null;
  /** How many sequential batches of fetches the last run made (0 when it had everything). */
  rounds = 0;

  constructor(
    readonly filter: SplitFilter,
    private readonly source: SplitSource,
  ) {
    this.entries = new Array<MatcherEntry | undefined>(filter.entryCount);
    this.whole = {
      wording: {
        documents: filter.wording.documents,
        selection: filter.selection,
        postings: (w) => this.postingsOf(w),
        count: (w) => this.counts.get(w) ?? this.postingsOf(w)?.length,
      },
      sites: filter.sites,
      repos: filter.repos,
      onMissing: (i) => this.missing.add(`shard-${filter.shardOf(i)}`),
    };
  }

  /** Names of the parts fetched so far, sorted. */
  get fetched(): string[] {
    return [...this.parts.keys()].sort();
  }

  private postingsOf(word: string): number[] | null | undefined {
    const n = this.filter.wordShardOf(word);
    if (n < 0) return undefined;
    if (this.wordShardsAt.has(n)) return this.postings.get(word);
    this.missing.add(`words-${n}`);
    return null;
  }

  /** The word shards of the content words of `texts`. */
  private wordShardsOf(texts: string[]): string[] {
    const out = new Set<string>();
    for (const text of texts)
      for (const t of tokens(text)) {
        const n = isContentWord(t.key) ? this.filter.wordShardOf(t.key) : -1;
        if (n >= 0) out.add(`words-${n}`);
      }
    return [...out];
  }

  /** Fetches the parts not yet at hand; `onPart(done, total)` after each. */
  private async load(names: Iterable<string>, onPart?: (done: number, total: number) => void): Promise<void> {
    const wanted = [...new Set(names)];
    const fresh = wanted.filter((s) => !this.parts.has(s));
    let done = 0;
    for (const name of fresh) {
      const p = this.fetchPart(name).then(() => {
        this.done.add(name);
        this.lookup = null;
        onPart?.(++done, fresh.length);
      });
      this.parts.set(name, p);
      p.catch(() => this.parts.delete(name));
    }
    await Promise.all(wanted.map((s) => this.parts.get(s)));
  }

  private async fetchPart(name: string): Promise<void> {
    const [kind, n] = name.split("-") as [string, string | undefined];
    if (kind === "shard") {
      const { indexes, entries, counts } = await this.source.shard(Number(n));
      indexes.forEach((i, k) => (this.entries[i] = entries[k]));
      for (const [w, c] of counts) this.counts.set(w, c);
    } else if (kind === "words") {
      const { postings, counts } = await this.source.words(Number(n));
      for (const [w, list] of postings) this.postings.set(w, list);
      for (const [w, c] of counts) this.counts.set(w, c);
      this.wordShardsAt.add(Number(n));
    } else this.ids = await this.source.ids();
  }

  /**
   * Runs the whole lookup on a log, fetching the parts it needs in as few
   * rounds as it can (see `rounds`); `onPart` counts fetches, and `onEarly`
   * gets each answer over part of what the lookup will read, once the key
   * shards are at hand (its full matches are final; the rest may change).
   */
  async run(
    log: string,
    onProgress?: (done: number, total: number) => void,
    onPart?: (done: number, total: number) => void,
    onEarly?: (summary: LookupSummary) => void,
  ): Promise<LookupSummary> {
    // Cleaned once: the key filter and every run of the lookup read the same lines.
    const cleaned = cleanLog(log);
    const hinted = new Set<string>();
    const keyed = [...keyShards(this.filter.keys, cleaned.lines, hinted)].map((n) => `shard-${n}`);
    if (this.filter.keyless > 0) keyed.push(`shard-${this.filter.shards}`);
    // A line holding a key whose pattern it fails may be compared by wording (drift-queries' bare lines): its words too.
    keyed.push(...this.wordShardsOf(withFollowing(cleaned.lines, hinted).slice(0, MAX_HINTED_TEXTS)));
    this.rounds = 0;
    // The first run reads what is at hand (nothing, in a fresh worker) and says what else it lacks: the words of the
    // lines it compares and the records raised in the traceback's files. Those and the key shards are one batch; the
    // run after it finds the records of similar wording, the second batch. Another round only if that one missed.
    for (;;) {
      const keysAtHand = keyed.every((m) => this.done.has(m));
      this.missing = new Set();
      // Sparse on purpose: with `whole`, the matcher reports the entries it lacks (see Matcher).
      const entries = this.entries as MatcherEntry[];
      this.lookup ??= new Lookup({ version: MATCHER_DATA_VERSION, datasetVersion: this.filter.datasetVersion, entries }, this.whole);
      const summary = this.lookup.run(log, onProgress, cleaned);
      const pending = [...new Set([...keyed, ...this.missing])].filter((m) => !this.done.has(m));
      if (pending.length === 0) {
        if (this.missing.size === 0) return summary;
        throw new Error(`the matching data is incomplete: ${[...this.missing].join(", ")} lack what the filter says they hold`);
      }
      if (keysAtHand) onEarly?.(summary);
      // Parts another lookup is fetching already are waited for, not counted.
      if (pending.some((m) => !this.parts.has(m))) this.rounds++;
      const loading = this.load(pending, onPart);
      if (!keysAtHand && onEarly) this.earlyOnKeys(keyed, pending, log, cleaned, onEarly);
      await loading;
    }
  }

  /**
   * Once the key batch's entry shards are in, while its word shards are still on their way: an answer over what is
   * at hand, whose full matches are final (a record a pattern fully matches has its key in the log), so the page
   * shows them without waiting for the whole batch. Nothing when the batch is all in by then (the loop answers).
   */
  private earlyOnKeys(
    keyed: string[],
    pending: string[],
    log: string,
    cleaned: ReturnType<typeof cleanLog>,
    onEarly: (summary: LookupSummary) => void,
  ): void {
    const entryShards = keyed.filter((m) => m.startsWith("shard-"));
    void Promise.all(entryShards.map((m) => this.parts.get(m)))
      .then(() => {
        if (pending.every((m) => this.done.has(m))) return;
        const entries = this.entries as MatcherEntry[];
        // Its own Lookup and missing list: the run in progress keeps its own.
        const missing = this.missing;
        this.missing = new Set();
        const data = new Lookup({ version: MATCHER_DATA_VERSION, datasetVersion: this.filter.datasetVersion, entries }, this.whole);
        const summary = data.run(log, undefined, cleaned);
        this.missing = missing;
        onEarly(summary);
      })
      .catch(() => undefined); // the batch's failure is the run's to report
  }

  /** The entries of records by id (a shared lookup's), fetching the id list and their shards; ids this dataset lacks are left out. */
  async byId(ids: string[]): Promise<MatcherEntry[]> {
    await this.load(["ids"]);
    const want = new Set(ids);
    const at: number[] = [];
    this.ids!.forEach((id, i) => want.has(id) && at.push(i));
    await this.load(at.map((i) => `shard-${this.filter.shardOf(i)}`));
    return at.map((i) => this.entries[i]!);
  }
}
