/**
 * Compiles records into the matcher's data: for each record its translated
 * regex, the engine it may run on, its specificity, an optional partial
 * (first-line or first-sentence) pattern, and the literal keys the prefilter
 * looks for. Built once — at build time for the browser (serialised as JSON),
 * or at start-up in the CLI — never per lookup.
 */
import type { ErrorRecord } from "../../record/schema";
import { compilePattern } from "../../pattern/pattern";
import { analyzePattern, trimLineBlanks, type LiteralRun } from "../../pattern/pattern-analysis";
import { KEY_LENGTHS } from "../find/prefilter";
import { parseTemplate, placeholderName } from "../../record/message-template";
import { expandedMessage, raiseSiteHashes } from "./source-facts";
import { T } from "../rank/tuning";

/** Below this many letters and digits of literal text a pattern is generic: it can match unrelated errors. */
export const GENERIC_LETTERS = T.genericLetters;
/** A partial pattern needs at least this much literal text to identify an error on its own. */
export const PARTIAL_MIN_LETTERS = T.partialMinLetters;

export interface MatcherKey {
  /** Literal text (lower-cased for case-insensitive patterns). */
  text: string;
  /** Line of the pattern the key sits on (0 = first). */
  line: number;
  /** Literal text just before and after the key in its run (up to KEY_CONTEXT chars): a hit whose surroundings disagree is no candidate. */
  before: string;
  after: string;
}

/** How much of a key's literal run on each side is checked at a hit. */
export const KEY_CONTEXT = 24; // not tuning: a candidate filter's width, tied to the snapshot format

/** What the matcher needs to know about one record. */
export interface MatcherEntry {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  filePath: string;
  lineNumber: number;
  /** The commit the record's source was analysed at: the no-match view links a traceback's file on GitHub at it. */
  sha?: string;
  /** The message template, for display. */
  message: string;
  /** First solution, for display. */
  solution?: string;
  /** Original Python pattern, for display. */
  pattern: string;
  /** Translated JavaScript source and flags. */
  source: string;
  flags: string;
  /** `re2` runs only on the linear-time engine (complex shape); `v8` runs on V8 within a length bound. */
  engine: "v8" | "re2";
  /** Number of unbounded repetitions: bounds how long an input V8 may see. */
  unbounded: number;
  /** Letters and digits of required literal text. */
  letters: number;
  generic: boolean;
  /** Lines the pattern spans (literal `\n` count + 1). */
  lines: number;
  keys: MatcherKey[];
  /**
   * Capture names by group number less one ("" for an unnamed group): the
   * pattern's own group names, else the message template's placeholders when
   * there are as many as groups, in order. Absent when no group has a name.
   */
  names?: string[];
  /** The message with the text assigned to the variables it interpolates (`{msg}`), when it is built from them. */
  wording?: string;
  /** Hashes of the raise statement's lines without blanks (lib/match/data/source-facts), to recognise a traceback frame's source line. */
  site?: string[];
  /** A shorter pattern that still identifies the error (first line or sentence). */
  partial?: { source: string; letters: number };
}

/** Version of the matcher data's shape; bump when it changes. */
export const MATCHER_DATA_VERSION = 4;

export interface MatcherData {
  version: typeof MATCHER_DATA_VERSION;
  datasetVersion: string;
  entries: MatcherEntry[];
}

interface Draft {
  record: ErrorRecord;
  source: string;
  flags: string;
  names: string[];
  shape: ReturnType<typeof analyzePattern>;
  partial?: { source: string; letters: number; runs: LiteralRun[] };
  windows: Window[][];
}

/** Builds matcher data for records; records whose pattern does not compile are left out (validation reports them). */
export function buildMatcherData(records: ErrorRecord[], datasetVersion = ""): MatcherData {
  const drafts: Draft[] = [];
  const frequency = new Map<string, number>();
  for (const record of records) {
    const c = compilePattern(record.messagePattern);
    if (!c.ok) continue;
    const source = greedyTail(trimLineBlanks(c.source));
    const shape = analyzePattern(source, c.flags, PARTIAL_MIN_LETTERS);
    const partial = shape.partial && { ...shape.partial, source: greedyTail(shape.partial.source) };
    // Keys come from the partial's region when there is one, so a pasted first line still finds the record.
    const branches = partial && shape.branches.length === 1 ? [partial.runs] : shape.branches;
    const windows = branches.map(candidateWindows);
    for (const branch of windows) {
      const seen = new Set<string>();
      for (const w of branch) {
        if (seen.has(w.text)) continue;
        seen.add(w.text);
        frequency.set(w.text, (frequency.get(w.text) ?? 0) + 1);
      }
    }
    drafts.push({ record, source, flags: c.flags, names: c.groupNames, shape, partial, windows });
  }
  const entries = drafts.map((d) => toEntry(d, frequency));
  return { version: MATCHER_DATA_VERSION, datasetVersion, entries };
}

function toEntry(d: Draft, frequency: Map<string, number>): MatcherEntry {
  const r = d.record;
  const keys: MatcherKey[] = [];
  // A key must be in every match, so every top-level alternative needs one: if one has no literal
  // text long enough, the record has no keys and is tried on every error-looking line instead.
  if (d.windows.every((branch) => branch.length > 0)) {
    for (const branch of d.windows) keys.push(...pickKeys(branch, frequency, d.windows.length === 1 ? 2 : 1));
  }
  const lines = 1 + d.shape.newlines;
  return {
    id: r.id,
    repo: r.repo,
    slug: r.slug,
    errorClass: r.errorClass,
    filePath: r.filePath,
    lineNumber: r.lineNumber,
    sha: r.analyzedSha,
    message: r.errorMessage,
    solution: r.solutions[0],
    pattern: r.messagePattern,
    source: d.source,
    flags: d.flags,
    engine: d.shape.simple ? "v8" : "re2",
    unbounded: d.shape.unbounded,
    letters: d.shape.letters,
    generic: d.shape.letters < GENERIC_LETTERS,
    lines,
    keys,
    names: captureNames(d.names, r.errorMessage),
    wording: expandedMessage(r) || undefined,
    site: raiseSiteHashes(r),
    partial: d.partial ? { source: d.partial.source, letters: d.partial.letters } : undefined,
  };
}

/** Fixed-length windows of a branch's literal runs, at the longest key length each run allows, a few per run. */
function candidateWindows(runs: LiteralRun[]): Window[] {
  const out: Window[] = [];
  const longest = runs.reduce((n, r) => Math.max(n, r.text.length), 0);
  const L = KEY_LENGTHS.find((l) => l <= longest);
  if (L === undefined) return out;
  runs.forEach((run, i) => {
    if (run.text.length < L) return;
    const span = run.text.length - L;
    const step = Math.max(1, Math.ceil(span / 8));
    const add = (p: number) => {
      const text = run.text.slice(p, p + L);
      out.push({ text, line: run.line, run: i, pos: p, runText: run.text, letters: letterCount(text), freq: 0 });
    };
    for (let p = 0; p <= span; p += step) add(p);
    if (span % step !== 0) add(span);
  });
  return out;
}

/**
 * The rarest windows (fewest patterns share them, then most letters), none
 * overlapping another, from different runs where possible: one line break
 * cannot cut two disjoint keys, so a wrapped message keeps at least one.
 */
function pickKeys(windows: Window[], frequency: Map<string, number>, count: number): MatcherKey[] {
  for (const w of windows) w.freq = frequency.get(w.text) ?? 0;
  const picked: Window[] = [];
  const overlaps = (a: Window, b: Window) => a.run === b.run && Math.abs(a.pos - b.pos) < a.text.length;
  const better = (a: Window, b: Window | undefined) => !b || a.freq < b.freq || (a.freq === b.freq && a.letters > b.letters);
  while (picked.length < count) {
    let best: Window | undefined;
    let bestSameRun: Window | undefined;
    for (const w of windows) {
      if (picked.some((p) => p.text === w.text || overlaps(p, w))) continue;
      if (picked.some((p) => p.run === w.run)) {
        if (better(w, bestSameRun)) bestSameRun = w;
      } else if (better(w, best)) best = w;
    }
    const choice = best ?? bestSameRun;
    if (!choice) break;
    picked.push(choice);
  }
  return picked.map(({ text, line, pos, runText }) => ({
    text,
    line,
    before: runText.slice(Math.max(0, pos - KEY_CONTEXT), pos),
    after: runText.slice(pos + text.length, pos + text.length + KEY_CONTEXT),
  }));
}

/**
 * A pattern ending in a lazy group (`Supported architectures: (.+?)`) would
 * capture one character; greedy, it runs to the end of the line, as the
 * message's last value does. Same language otherwise: nothing follows it.
 */
function greedyTail(source: string): string {
  // `.` as the translator writes it: `[^\n]` (Python's dot), or `.` (with DOTALL).
  return source.replace(/(?<!\\)\((\.|\[\^\\n\])([+*])\?\)$/, "($1$2)");
}

/** Capture names: the pattern's group names, else the template's placeholders when they are as many as the groups. */
function captureNames(groupNames: string[], message: string): string[] | undefined {
  if (groupNames.some((n) => n !== "")) return groupNames;
  if (groupNames.length === 0) return undefined;
  const placeholders = parseTemplate(message).filter((s) => s.kind === "placeholder");
  if (placeholders.length !== groupNames.length) return undefined;
  return placeholders.map((p) => placeholderName(p.expr));
}

interface Window {
  text: string;
  line: number;
  run: number;
  /** Offset of the window in its run, and the run. */
  pos: number;
  runText: string;
  letters: number;
  /** How many patterns have this window among their candidates. */
  freq: number;
}

function letterCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n++;
  }
  return n;
}
