/**
 * Finds the known errors in a log. The cost grows with the log's size and
 * the number of real candidates, not with log size × number of patterns:
 *
 *  1. the log is cleaned line by line (`log/log-normalize.ts`) in chunks
 *     (`clean-log.ts`), or comes cleaned (`LookupOptions.cleaned`);
 *  2. one rolling-hash pass per key length finds every record's literal keys
 *     (`prefilter.ts`); only those (record, line) pairs become candidates;
 *     junctions of wrapped lines are scanned for keys a break cut (`wrapped.ts`);
 *  3. each candidate's regex runs (`engine.ts`) on its line, on the window of
 *     lines a multi-line pattern spans, then on the line re-joined with its
 *     neighbours (hard-wrapped text), and last as a partial pattern;
 *  4. the lines no pattern fully matched are compared by wording and raise site,
 *     and through the candidate rules (`find/drift-candidates.ts`);
 *  5. tracebacks give evidence (`log/traceback.ts`), and `rank/rank.ts` walks
 *     the rules (`rules/`) that give each record its confidence and order.
 */
import { looksLikeError, type LogLine } from "../log/log-normalize";
import { isErrorBodyMessage, isErrorLevel } from "../log/looks-like-error";
import { parseTracebacks } from "../log/traceback";
import { withoutJsWhitespace } from "../text";
import { exec, locate, programOf, type Program } from "./find/engine";
import { contextAgrees, foldCase, packOwners, upperBound, type KeyIndex } from "./find/key-index";
import type { MatcherData, MatcherEntry } from "./data/matcher-data";
import { DistinctLines, HitsByText } from "./find/distinct-lines";
import { DriftCandidates } from "./find/drift-candidates";
import { chunksOf, cleanChunks } from "./find/clean-log";
import { KeyScanner } from "./find/prefilter";
import { packageOf, packagePath, repoEvidence, SiteIndex, siteParts, type SiteParts } from "./rank/evidence";
import { mirrorsPython, rankMatches, type Unranked } from "./rank/rank";
import { WordingIndex, statsFromParts, type WordingParts, type WordingStats } from "./find/wording-index";
import { packSnapshot, unpackSnapshot, type MatcherSnapshot, type MatcherTables } from "./data/snapshot";
import type { LookupOptions, LookupResult, MatchKind, MatchedLine } from "./types";
import { WRAP_BACK, buildWrapTables, matchWrapped, sameWriter, scanJunctions } from "./find/wrapped";
import { T } from "./rank/tuning";
import { bareLines } from "./find/drift-queries";

export type { Capture, LookupOptions, LookupResult, Match, MatchKind, MatchedLine } from "./types";
export { v8InputLimit } from "./find/engine";
export { SNAPSHOT_FORMAT, type MatcherSnapshot } from "./data/snapshot";

/** Whether a captured value holds wording, not just a value: more than T.maxValueWords blank-separated words with letters. */
function holdsWording(value: string): boolean {
  let words = 0;
  for (const w of value.split(/\s+/)) if (/[A-Za-z]{2}/.test(w) && ++words > T.maxValueWords) return true;
  return false;
}

/**
 * What a matcher over part of a dataset's entries needs of the whole, so its
 * answers are those of the whole data (lib/match/data/shard-lookup): the wording
 * and raise-site indexes and the repositories.
 */
export interface WholeData {
  wording: WordingStats;
  sites: SiteParts;
  repos: string[];
  /** Told of each entry a lookup needed that is not loaded: that lookup's result is incomplete. */
  onMissing: (entry: number) => void;
}

/** A compiled, reusable matcher over one dataset's matcher data. */
export class Matcher {
  /** Entries by index; from a snapshot, parsed from `entryJson` on first use. */
  private readonly entryList: (MatcherEntry | undefined)[];
  private readonly entryJson: string[] | null;
  readonly entryCount: number;
  private readonly tables: MatcherTables;
  /** Lines without blanks, for the wrapped pre-check; dropped with the lines after each lookup. */
  private squeezed = new WeakMap<LogLine, string>();
  /** Programs by entry index: [2i] the full pattern, [2i + 1] the partial one. */
  private readonly programs: (Program | undefined)[] = [];
  /** Built on first need: the wording index and the records by file. */
  private wording: WordingIndex | undefined;
  private sites: SiteIndex | undefined;
  /** Entries the wording index found missing (a lookup over part of the data): it will run again once they are fetched. */
  private missedCount = 0;
  /** From a snapshot: the wording index's parts, so it is rebuilt without tokenizing every record. */
  private readonly wordingParts: WordingParts | undefined;
  private readonly whole: WholeData | undefined;

  /**
   * Builds the matcher for `data`. With `whole`, `data.entries` may be sparse
   * (indexes of the whole data, holes for entries not loaded).
   */
  constructor(data: MatcherData, whole?: WholeData);
  /** @internal Used by `fromSnapshot`. */
  constructor(data: null, loaded: Loaded);
  constructor(data: MatcherData | null, extra?: WholeData | Loaded) {
    if (data === null) {
      const loaded = extra as Loaded;
      this.entryJson = loaded.entryJson;
      this.entryCount = this.entryJson.length;
      this.entryList = new Array(this.entryCount);
      this.tables = loaded.tables;
      this.wordingParts = loaded.wording;
      return;
    }
    this.entryJson = null;
    this.entryList = data.entries;
    this.entryCount = data.entries.length;
    this.whole = extra as WholeData | undefined;
    this.tables = buildTables(data.entries);
    if (this.whole) this.tables.repos = this.whole.repos;
  }

  /** Loads a matcher built before (`snapshot()`); throws on a damaged or foreign snapshot. */
  static fromSnapshot(snap: MatcherSnapshot): Matcher {
    return new Matcher(null, unpackSnapshot(snap));
  }

  /** The entry at `index` (parsed on first use when loaded from a snapshot). */
  entry(index: number): MatcherEntry {
    let e = this.entryList[index];
    if (e === undefined) this.entryList[index] = e = JSON.parse(this.entryJson![index]!) as MatcherEntry;
    return e;
  }

  /** Everything the constructor built, and the wording index's parts (built here if no lookup needed it yet), as plain parts (see MatcherSnapshot). */
  snapshot(datasetVersion = ""): MatcherSnapshot {
    const entries: string[] = [];
    for (let n = 0; n < this.entryCount; n++) entries.push(this.entryJson?.[n] ?? JSON.stringify(this.entry(n)));
    return packSnapshot(entries, this.tables, datasetVersion, this.wordingParts ?? this.wordingIndex().parts());
  }

  /** Looks a whole log up. */
  lookup(log: string, options: LookupOptions = {}): LookupResult {
    const t0 = now();
    const { lines, candidates, distinct, errorFlags, errorish } = this.scan(log, options);
    const budgetEnd = options.budgetMs === undefined ? Infinity : t0 + options.budgetMs;
    const { raw, hinted, stopped } = this.verifyAll(candidates, lines, budgetEnd, options.budgetMs);

    // 4. Drifted messages: error lines no pattern fully matched, compared by wording and by raise site.
    const tracebacks = parseTracebacks(lines);
    const found: Unranked[] = raw.map((r) => ({ entry: this.entry(r.entry), kind: r.kind, lines: r.lines, occurrences: r.occurrences }));
    const answered = new Set<number>();
    for (const r of raw) for (const l of r.lines) if (this.answers(r.entry, l)) answered.add(l.line);
    const bare = bareLines(lines, hinted, errorFlags, distinct.idOf, tracebacks, answered);
    if (!stopped) found.push(...new DriftCandidates(this).find(lines, [...errorish, ...bare], errorFlags, tracebacks, raw, found));

    // 5. Rank with the traceback's and the whole log's evidence.
    const matches = rankMatches(found, {
      tracebacks,
      repos: repoEvidence(log, this.repos()),
      packages: this.repos().map(packageOf),
      sameClassInFile: (e) =>
        this.siteIndex()
          .sameFile(e)
          .filter((i) => !this.loaded(i) || this.entry(i).errorClass === e.errorClass).length,
    });
    return { matches, lineCount: lines.length, tracebacks, lines, stopped, elapsedMs: now() - t0 };
  }

  /**
   * Steps 1–2: cleans and scans the log chunk by chunk (so progress can be reported; a text many lines share is scanned
   * once), and gives each candidate record the first line index of each window to try it on, and the error lines.
   */
  private scan(log: string, options: LookupOptions) {
    const lines: LogLine[] = [];
    const candidates = new Map<number, Set<number>>(); // entry -> first line index of the window
    const addCandidate = (entry: number, lineIndex: number) => {
      if (lineIndex < 0) lineIndex = 0;
      let set = candidates.get(entry);
      if (!set) candidates.set(entry, (set = new Set()));
      set.add(lineIndex);
    };
    const distinct = new DistinctLines();
    const hits = new HitsByText();
    // Whether each line looks like an error, decided once (per text): the junction scan, keyless records and drift queries all ask.
    const errorFlags: number[] = [];
    const textIsError: boolean[] = [];
    for (const chunk of options.cleaned ? chunksOf(options.cleaned) : cleanChunks(log)) {
      const firstIndex = lines.length;
      for (const l of chunk.lines) lines.push(l);
      const firstNew = distinct.add(lines, firstIndex);
      for (let id = firstNew; id < distinct.texts.length; id++) textIsError[id] = looksLikeError(distinct.texts[id]!);
      for (let li = firstIndex; li < lines.length; li++) {
        const l = lines[li]!;
        errorFlags.push(l.text && (textIsError[distinct.idOf[li]!] || isErrorLevel(l.level)) ? 1 : 0);
      }
      this.scanTexts(distinct.texts, firstNew, hits);
      for (let li = firstIndex; li < lines.length; li++) hits.each(distinct.idOf[li]!, li, addCandidate);
      scanJunctions(this.tables.wrap, lines, firstIndex, addCandidate, errorFlags, distinct.idOf);
      options.onProgress?.(chunk.charEnd, log.length);
    }
    // Lines that look like errors, once: keyless records are tried on them, and drifted messages looked for.
    const errorish: number[] = [];
    for (let li = 0; li < lines.length; li++) {
      // The message of an error body printed over several lines is an error line, though it holds no error word.
      if (!errorFlags[li] && isErrorBodyMessage(lines, li)) errorFlags[li] = 1;
      if (errorFlags[li]) errorish.push(li);
    }
    for (const i of this.tables.residual) for (const li of errorish) addCandidate(i, li);
    return { lines, candidates, distinct, errorFlags, errorish };
  }

  /**
   * Step 3: verifies each candidate on its windows, until the budget runs out; also gives the lines that hold a
   * record's literal key but that its pattern did not match (another release's wording, maybe).
   */
  private verifyAll(candidates: Map<number, Set<number>>, lines: LogLine[], budgetEnd: number, budgetMs: number | undefined) {
    let stopped: string | undefined;
    const raw: RawMatch[] = [];
    const hinted = new Set<number>();
    for (const [entryIndex, starts] of candidates) {
      if (now() > budgetEnd) {
        stopped = `stopped after ${budgetMs} ms; ${candidates.size - raw.length} candidate records were not checked`;
        break;
      }
      let best: { kind: MatchKind; lines: MatchedLine[] } | null = null;
      let occurrences = 0;
      const covered = new Set<number>();
      for (const li of [...starts].sort((a, b) => a - b)) {
        if (covered.has(li)) continue;
        const found = this.verify(entryIndex, lines, li);
        if (!found) {
          // The window the record's message would span: its key may be on any of its lines.
          for (let k = li, end = Math.min(lines.length, li + this.entry(entryIndex).lines); k < end; k++) hinted.add(k);
          continue;
        }
        occurrences++;
        for (const m of found.lines) covered.add(lineIndexOf(lines, m, li));
        if (!best || (best.kind === "partial" && found.kind === "full")) best = { kind: found.kind, lines: [...found.lines] };
        else if (found.kind === best.kind && best.lines.length < T.maxOccurrencesKept) best.lines.push(...found.lines);
      }
      if (best) raw.push({ entry: entryIndex, kind: best.kind, lines: best.lines, occurrences });
    }
    return { raw, hinted, stopped };
  }

  /** Every entry (parsed, when loaded from a snapshot). */
  private allEntries(): MatcherEntry[] {
    const out: MatcherEntry[] = [];
    for (let i = 0; i < this.entryCount; i++) out.push(this.entry(i));
    return out;
  }

  /**
   * Whether an entry's pattern match answers its line: not a generic pattern nor one of Python's own messages, which
   * answer a line no better than its wording does (a specific record of drifted wording says more than
   * `{name} must be {x}, got {y}`, and outranks it: medium over low). A generic pattern whose placeholders took only
   * values (`MAMBA`, `torch.Size([2, 4096])`) does answer it: no other wording hides in them.
   */
  answers(i: number, l: MatchedLine): boolean {
    const e = this.entry(i);
    if (mirrorsPython(e)) return false;
    return !e.generic || l.captures.every((c) => !holdsWording(c.value));
  }

  /** How many entries the wording index found missing so far (see DriftSource). */
  get missed(): number {
    return this.missedCount;
  }

  /** Whether entry `i` is at hand; if not (a matcher over part of the data), the caller is told and must ask again. */
  loaded(i: number): boolean {
    if (!this.whole || this.entryList[i] !== undefined) return true;
    this.whole.onMissing(i);
    return false;
  }

  /** The records' wording index, built on first need (drift queries, guesses when nothing matched) and kept. */
  wordingIndex(): WordingIndex {
    if (this.whole) {
      const whole = this.whole;
      return (this.wording ??= new WordingIndex(this.entryList, whole.wording, (i) => {
        this.missedCount++;
        whole.onMissing(i);
      }));
    }
    return (this.wording ??= this.wordingParts
      ? new WordingIndex((i) => this.entry(i), statsFromParts(this.wordingParts))
      : new WordingIndex(this.allEntries()));
  }

  /** Records by package-relative raise-site file (the whole data's, over part of it). */
  siteIndex(): SiteIndex {
    return (this.sites ??= new SiteIndex(this.whole ? this.whole.sites : siteParts(this.tables.files)));
  }

  /** The repositories the data covers. */
  repos(): string[] {
    return this.tables.repos;
  }

  /**
   * Scans the texts from id `from` on for every key, exact and case-folded;
   * each hit whose context agrees is filed under its text as (entry, line delta).
   */
  private scanTexts(texts: string[], from: number, hits: HitsByText): void {
    if (from >= texts.length) return;
    const starts = new Int32Array(texts.length - from + 1);
    let offset = 0;
    for (let i = from; i < texts.length; i++) {
      starts[i - from] = offset;
      offset += texts[i]!.length + 1;
    }
    starts[texts.length - from] = offset;
    const text = (from === 0 ? texts : texts.slice(from)).join("\n");
    const { keyBefore, keyAfter } = this.tables;
    const onHit = (scanned: string, index: KeyIndex) => (key: number, pos: number) => {
      const own = index.owners.data;
      const keyLength = index.scanner.keys[key]!.length;
      let id = -1;
      const stride = 3; // not tuning: the owners table's stride
      for (let j = index.owners.start[key]!, end = index.owners.start[key + 1]!; j < end; j += stride) {
        const c = own[j + 2]!; // not tuning: a field of the owners table
        if (!contextAgrees(scanned, pos, keyLength, keyBefore[c]!, keyAfter[c]!)) continue;
        if (id < 0) id = from + upperBound(starts, pos) - 1;
        hits.push(id, own[j]!, own[j + 1]!);
      }
    };
    this.tables.exact.scanner.scan(text, onHit(text, this.tables.exact));
    if (this.tables.folded) {
      const folded = foldCase(text);
      this.tables.folded.scanner.scan(folded, onHit(folded, this.tables.folded));
    }
    hits.seal(from, texts.length);
  }

  private squeezeLine = (l: LogLine): string => {
    let q = this.squeezed.get(l);
    if (q === undefined) this.squeezed.set(l, (q = withoutJsWhitespace(l.text)));
    return q;
  };

  /**
   * Tries a candidate, best kind first: the line (or, for a multi-line message,
   * the following lines of the same process), then the line re-joined with its
   * wrapped continuation lines, then the partial pattern.
   */
  private verify(entryIndex: number, lines: LogLine[], li: number): { kind: MatchKind; lines: MatchedLine[] } | null {
    const entry = this.entry(entryIndex);
    const full = this.program(entryIndex, false);
    const direct = entry.lines > 1 ? sameStream(lines, li, entry.lines + T.messageExtraLines) : [lines[li]!];
    const found = tryWindow(full, direct, ["\n"]) ?? matchWrapped(full, lines, li, entry.lines > 1, this.squeezeLine);
    if (found) return { kind: "full", lines: found };
    if (!entry.partial) return null;
    const partial = this.program(entryIndex, true);
    const part = tryWindow(partial, [lines[li]!], []) ?? matchWrapped(partial, lines, li, false, this.squeezeLine);
    return part ? { kind: "partial", lines: part } : null;
  }

  private program(entryIndex: number, partial: boolean): Program {
    const slot = entryIndex * 2 + (partial ? 1 : 0); // not tuning: two programs per entry
    return (this.programs[slot] ??= programOf(this.entry(entryIndex), partial));
  }
}

/** A record whose pattern matched, before ranking. */
export interface RawMatch {
  entry: number;
  kind: MatchKind;
  lines: MatchedLine[];
  occurrences: number;
}

/** What a snapshot gives the constructor. */
interface Loaded {
  entryJson: string[];
  tables: MatcherTables;
  wording?: WordingParts | undefined;
}

/** Builds the key tables of a matcher from its entries. */
function buildTables(entries: MatcherEntry[]): MatcherTables {
  const keyBefore: string[] = [];
  const keyAfter: string[] = [];
  const exactKeys = new Map<string, number[]>();
  const foldedKeys = new Map<string, number[]>();
  const residual: number[] = [];
  entries.forEach((e, i) => {
    if (e.keys.length === 0) residual.push(i);
    const target = e.flags.includes("i") ? foldedKeys : exactKeys;
    for (const k of e.keys) {
      const list = target.get(k.text) ?? [];
      list.push(i, k.line, keyBefore.length);
      keyBefore.push(k.before);
      keyAfter.push(k.after);
      target.set(k.text, list);
    }
  });
  return {
    residual: Int32Array.from(residual),
    exact: { scanner: new KeyScanner([...exactKeys.keys()]), owners: packOwners(exactKeys) },
    folded: foldedKeys.size ? { scanner: new KeyScanner([...foldedKeys.keys()]), owners: packOwners(foldedKeys) } : null,
    keyBefore,
    keyAfter,
    wrap: buildWrapTables(entries),
    repos: [...new Set(entries.map((e) => e.repo))],
    files: entries.map((e) => packagePath(e.filePath, packageOf(e.repo)) ?? ""),
  };
}

/** Joins `window` with `seps[k]` after line k (the last separator repeats) and runs the pattern. */
function tryWindow(p: Program, window: LogLine[], seps: string[]): MatchedLine[] | null {
  let text = window[0]!.text;
  const starts = [0];
  for (let k = 1; k < window.length; k++) {
    text += seps[Math.min(k - 1, seps.length - 1)] ?? "\n";
    starts.push(text.length);
    text += window[k]!.text;
  }
  const found = exec(p, text);
  return found ? locate(found, window, starts) : null;
}

/**
 * Up to `count` lines from `li` on written by the same process, so interleaved
 * ranks stay apart; lines with no prefix at all continue whatever came before.
 */
function sameStream(lines: LogLine[], li: number, count: number): LogLine[] {
  const stream = lines[li]!.stream;
  const out: LogLine[] = [];
  for (let i = li; i < lines.length && out.length < count && i < li + count * T.streamLookahead; i++) {
    if (sameWriter(lines[i]!.stream, stream)) out.push(lines[i]!);
  }
  return out;
}

/** Index in `lines` of the line object a match reported (searched near the candidate). */
function lineIndexOf(lines: LogLine[], m: MatchedLine, near: number): number {
  const end = Math.min(lines.length, near + 64); // not tuning: a bound on where a reported line can sit
  for (let i = Math.max(0, near - WRAP_BACK); i < end; i++) if (lines[i]!.line === m.line && lines[i]!.text === m.text) return i;
  return near;
}

function now(): number {
  return typeof performance !== "undefined" ? performance.now() : Date.now();
}
