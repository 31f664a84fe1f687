/**
 * Seeded fuzz of the whole lookup (fast-check, fixed seeds): datasets of 1–50
 * records whose patterns are shaped like the mined corpus (words, `(.+?)`,
 * `(\d+)`, `(?P<name>…)`, classes, alternations, anchors, inline flags) or
 * hostile (nested and overlapping repetitions, lookaround, backreferences,
 * syntax the translator rejects, random regex soup), against logs made of
 * their rendered messages, noise, ANSI colours, CRLF, logger prefixes,
 * tracebacks, JSON lines, wrapped lines, NUL, lone surrogates and runs of up
 * to 50,000 repeated characters. Whatever the combination:
 *
 * - building the matcher and looking a log up never throw, and each stays far
 *   inside a time budget (a catastrophic backtrack blows it by orders of magnitude);
 * - a pattern the translator rejects is left out cleanly, with a reason;
 * - every reported span and capture lies in its line, line numbers stay within
 *   the log, and each record is reported at most once;
 * - a line its record's pattern matches is reported, wherever the matcher's
 *   own rules say it must be (single-line pattern, literal key or an error-like
 *   line, an engine that sees the whole line).
 *
 * Patterns the matcher does not promise to run fast by itself are left out of
 * the generators: hostile ones with backreferences or lookaround (validation's
 * ReDoS check rejects them, server/redos.ts) and the shapes of "known gaps"
 * (fuzz-known-gaps.test.ts). The corpus, hostile and lookaround shapes are
 * generated in lib/testing/fuzz-patterns.ts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Matcher, type LookupResult } from "./matcher";
import { Lookup, MAX_ERROR_LINES } from "./lookup";
import { buildMatcherData, type MatcherData, type MatcherEntry } from "./data/matcher-data";
import { compilePattern } from "../pattern/pattern";
import { translatePythonRegex } from "../pattern/python-regex";
import { analyzePattern, squeezePattern } from "../pattern/pattern-analysis";
import { looksLikeError } from "../log/log-normalize";
import { NOISE_LINES, frame, hardWrap, traceback } from "../testing/fixtures/logs";
import {
  HOSTILE,
  INVALID,
  corpusPattern,
  hostilePattern,
  lookaroundPattern,
  re2Of,
  record,
  type Generated,
} from "../testing/fuzz-patterns";

/**
 * Per matcher build and per lookup. The slowest generated lookup takes ~0.3 s
 * on this 2-core machine idle and ~0.8 s with a load average of 12; the
 * catastrophic backtracks this fuzz has found took 7 s to many minutes.
 */
const BUDGET_MS = 3_000;
const SEED = 20_250_601;
const RUNS = 100;

// ---------------------------------------------------------------------------
// Patterns (the corpus, hostile and lookaround shapes: lib/testing/fuzz-patterns.ts)

const SOUP_TOKENS = [
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "?",
  "*",
  "+",
  "|",
  "^",
  "$",
  ".",
  "\\",
  "a",
  "b",
  "x",
  "0",
  "1",
  "2",
  ",",
  "-",
  ":",
  "=",
  "!",
  "<",
  ">",
  "P",
  "i",
  "m",
  "s",
  "d",
  "w",
  "B",
  "A",
  "Z",
  " ",
  "'",
  "#",
  "(?:",
  "(?P<g>",
  "(?=",
  "(?<=",
  "(?i)",
  "\\d",
  "\\s",
  "\\w",
  "{2}",
  "{1,3}",
  "é",
  "\u{1F600}",
];

/** Random regex soup, minus what the matcher leaves to validation or to a known gap (see `inMatcherScope`). */
const soupPattern = fc
  .array(fc.constantFrom(...SOUP_TOKENS), { minLength: 1, maxLength: 24 })
  .map((tokens): Generated => ({ py: tokens.join(""), text: tokens.join(""), invalid: true }))
  .filter((g) => inMatcherScope(g.py));

const patternArb: fc.Arbitrary<Generated> = fc.oneof(
  { weight: 12, arbitrary: corpusPattern },
  { weight: 3, arbitrary: hostilePattern },
  { weight: 2, arbitrary: lookaroundPattern },
  { weight: 1, arbitrary: soupPattern },
);

/**
 * Whether the matcher promises by itself that the pattern runs fast on any
 * log: every pattern RE2 can run, and ones V8 runs on a bounded prefix if they
 * hold no nested repetition. Left out: backreferences and lookaround around
 * hostile shapes (validation rejects them), and the known gaps of
 * fuzz-known-gaps.test.ts (large bounded counts in the simple shape, and
 * patterns RE2 refuses for a count).
 */
function inMatcherScope(py: string): boolean {
  const c = compilePattern(py);
  if (!c.ok) return true;
  const shape = analyzePattern(c.source, c.flags);
  if (shape.simple) return !/\{\d*,?\d{2,}\}/.test(c.source);
  return !shape.needsBacktracking && re2Of(c.source, c.flags) !== null;
}

// ---------------------------------------------------------------------------
// Logs

/** Prefixes a process writes before every line and ones a logger writes before a record's first line. */
const PREFIXES = [
  "",
  "",
  "[rank0]: ",
  "(RayWorkerWrapper pid=5085) ",
  "sglang-1  | ",
  "2025-06-01T10:00:00.1234567Z ",
  "> ",
  "[2025-06-01 10:00:00 TP3] ",
  "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ",
  "INFO 06-01 10:00:00 ",
  "2025-06-01 10:00:00,123 - sglang.srt - ERROR - ",
];
const DECORATIONS: [string, string][] = [
  ["", ""],
  ["\x1b[31m", "\x1b[0m"],
  ["\x1b[1;31m", "\x1b[0m\x1b[K"],
  ["^[[31m", "^[[0m"],
  ["[31m", " [0m"],
  ["`", "`"],
  ["**", "**"],
];
const RUN_CHARS = ["a", "x", " ", "1", ",", "\t", "_", "é", "\0", "ab", "a,", "\u{1F600}"];

type LineSpec =
  | { kind: "message"; which: number; prefix: string; decoration: [string, string]; withClass: boolean }
  | { kind: "noise"; text: string }
  | { kind: "attack"; which: number; run: string; n: number; at: number }
  | { kind: "traceback"; which: number; prefix: string }
  | { kind: "json"; which: number }
  | { kind: "repeated"; which: number; times: number }
  | { kind: "wrapped"; which: number; width: number };

const noise = fc.oneof(
  fc.constantFrom(
    ...NOISE_LINES,
    "",
    "   ",
    "\x1b[31mERROR\x1b[0m something failed",
    "progress 10%\rprogress 100%",
    "\0\x01\x02\x7f",
    "\ud800 lone \udfff surrogates \ufffd",
    "During handling of the above exception, another exception occurred:",
    '{"level": "error", "msg": "x\\ny"}',
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
);

const which = fc.nat();
const lineSpec: fc.Arbitrary<LineSpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("message" as const),
      which,
      prefix: fc.constantFrom(...PREFIXES),
      decoration: fc.constantFrom(...DECORATIONS),
      withClass: fc.boolean(),
    }),
  },
  { weight: 5, arbitrary: noise.map((text) => ({ kind: "noise" as const, text })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("attack" as const),
      which,
      run: fc.constantFrom(...RUN_CHARS),
      n: fc.constantFrom(30, 150, 299, 1_000, 2_001, 5_000),
      at: fc.nat(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("traceback" as const), which, prefix: fc.constantFrom(...PREFIXES) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("json" as const), which }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("repeated" as const), which, times: fc.integer({ min: 2, max: 300 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wrapped" as const), which, width: fc.integer({ min: 8, max: 80 }) }) },
);

/** A log: up to 14 lines, one optional 50,000-character attack line, and a line end. */
interface LogSpec {
  lines: LineSpec[];
  big: Extract<LineSpec, { kind: "attack" }> | null;
  bigAt: number;
  eol: string;
}

const logArb: fc.Arbitrary<LogSpec> = fc.record({
  lines: fc.array(lineSpec, { maxLength: 14, size: "medium" }),
  big: fc.option(
    fc.record({ kind: fc.constant("attack" as const), which, run: fc.constantFrom(...RUN_CHARS), n: fc.constant(50_000), at: fc.nat() }),
    { freq: 2 },
  ),
  bigAt: fc.nat(),
  eol: fc.constantFrom("\n", "\r\n"),
});

function renderLine(spec: LineSpec, texts: string[]): string {
  if (spec.kind === "noise") return spec.text;
  const text = texts[spec.which % texts.length]!;
  switch (spec.kind) {
    case "message":
      return spec.prefix + spec.decoration[0] + (spec.withClass ? "RuntimeError: " : "") + text + spec.decoration[1];
    case "attack": {
      const k = spec.at % (text.length + 1);
      return text.slice(0, k) + spec.run.repeat(Math.ceil(spec.n / spec.run.length)) + text.slice(k);
    }
    case "traceback":
      return (
        spec.prefix +
        traceback(
          [frame("/usr/local/lib/python3.12/dist-packages/vllm/engine.py", 10, "run", "raise RuntimeError(msg)")],
          `RuntimeError: ${text}`,
        )
      );
    case "json":
      return JSON.stringify({ level: "error", message: text });
    case "repeated":
      return Array(spec.times).fill(text).join(" ");
    case "wrapped":
      return hardWrap(text, spec.width).join("\n");
  }
}

function renderLog(log: LogSpec, texts: string[]): string {
  const specs: LineSpec[] = [...log.lines];
  if (log.big) specs.splice(log.bigAt % (specs.length + 1), 0, log.big);
  return specs.map((s) => renderLine(s, texts)).join(log.eol);
}

// ---------------------------------------------------------------------------
// Checks

/** How normalizeLog counts lines: any line end; a final line end adds no line. */
function lineTotal(log: string): number {
  const rows = log.split(/\r\n|\r|\n/);
  return rows.length > 1 && rows[rows.length - 1] === "" ? rows.length - 1 : rows.length;
}

function timed<T>(what: string, f: () => T): T {
  const t0 = performance.now();
  const out = f();
  const ms = performance.now() - t0;
  expect(ms, `${what} took ${ms.toFixed(0)} ms`).toBeLessThan(BUDGET_MS);
  return out;
}

/** The invariants every lookup keeps, whatever the log. */
function checkInvariants(log: string, data: MatcherData, result: LookupResult): void {
  const total = lineTotal(log);
  expect(result.lineCount).toBe(result.lines.length);
  expect(result.stopped).toBeUndefined();
  const ids = result.matches.map((m) => m.entry.id);
  expect(new Set(ids).size, "a record reported twice").toBe(ids.length);
  for (const m of result.matches) {
    expect(data.entries.map((e) => e.id)).toContain(m.entry.id);
    expect(m.occurrences).toBeGreaterThanOrEqual(1);
    if (!matchesBreaksAlone(m.entry)) expect(m.lines.length, `${JSON.stringify(m.entry.pattern)} matched no line`).toBeGreaterThan(0);
    for (const l of m.lines) {
      expect(l.line).toBeGreaterThanOrEqual(1);
      expect(l.line).toBeLessThanOrEqual(total);
      expect(0 <= l.start && l.start <= l.end && l.end <= l.text.length, `span ${l.start}–${l.end} in a line of ${l.text.length}`).toBe(
        true,
      );
      for (const c of l.captures) {
        expect(c.group).toBeGreaterThanOrEqual(1);
        expect(
          0 <= c.start && c.start <= c.end && c.end <= l.text.length,
          `capture ${c.start}–${c.end} in a line of ${l.text.length}`,
        ).toBe(true);
        expect(l.text.slice(c.start, c.end)).toBe(c.value);
      }
    }
  }
}

/** A pattern that can match line breaks alone, between two lines: such a match lies on no line (a known gap, fuzz-known-gaps.test.ts). */
function matchesBreaksAlone(e: MatcherEntry): boolean {
  const whole = new RegExp(`^(?:${e.source})$`, e.flags);
  return ["\n", "\n\n", "\n\n\n"].some((breaks) => whole.test(breaks));
}

/** Longest line the reporting check runs its own engine on (RE2 is linear, but the fuzz has many lines). */
const ORACLE_MAX = 5_000;

/**
 * Every line whose text the record's pattern matches is reported, where the
 * matcher's rules make it a candidate: a single-line pattern with a literal
 * key (or, without one, a line that looks like an error), on an engine that
 * sees the whole line (RE2, or V8 when the line is within every bound).
 * Returns how many such lines were checked.
 */
function checkReported(data: MatcherData, result: LookupResult): number {
  let checked = 0;
  for (const e of data.entries) {
    if (e.lines !== 1) continue;
    const re2 = re2Of(e.source, e.flags);
    const v8 = new RegExp(e.source, e.flags);
    const hit = result.matches.find((m) => m.entry.id === e.id);
    for (const l of result.lines) {
      if (l.text.length > ORACLE_MAX || (re2 === null && l.text.length > 60)) continue;
      if (e.keys.length === 0 && !looksLikeError(l)) continue;
      if (!(re2 ? re2.matcher(l.text).find() : v8.test(l.text))) continue;
      checked++;
      const where = `${JSON.stringify(e.pattern)} (keys ${JSON.stringify(e.keys.map((k) => k.text))}) on line ${l.line}: ${JSON.stringify(l.text.slice(0, 200))}`;
      expect(hit, `not found: ${where}`).toBeDefined();
      expect(hit!.kind, where).toBe("full");
      if (hit!.lines.length < 20)
        expect(
          hit!.lines.map((m) => m.line),
          where,
        ).toContain(l.line);
    }
  }
  return checked;
}

/** What must not change between two lookups of the same log. */
function essence(result: LookupResult) {
  return {
    lineCount: result.lineCount,
    matches: result.matches.map((m) => ({ id: m.entry.id, kind: m.kind, score: m.score, lines: m.lines, occurrences: m.occurrences })),
  };
}

function rendersItsMessage(g: Generated): void {
  const c = compilePattern(g.py);
  if (!c.ok || g.invalid) return;
  const re2 = re2Of(c.source, c.flags);
  const matches = re2 ? re2.matcher(g.text).find() : new RegExp(c.source, c.flags).test(g.text);
  expect(matches, `${JSON.stringify(g.py)} → /${c.source}/${c.flags} does not match its message ${JSON.stringify(g.text)}`).toBe(true);
}

// ---------------------------------------------------------------------------

describe(`lookup fuzz (seed ${SEED})`, () => {
  it(`builds a matcher and looks logs up without throwing, within ${BUDGET_MS} ms, keeping every invariant (${RUNS} datasets)`, () => {
    let reported = 0;
    fc.assert(
      fc.property(fc.array(patternArb, { minLength: 1, maxLength: 50, size: "medium" }), logArb, (patterns, logSpec) => {
        patterns.forEach(rendersItsMessage);
        const records = patterns.map((g, i) => record(i, g));
        const data = timed("building the matcher data", () => buildMatcherData(records));
        const matcher = timed("building the matcher", () => new Matcher(data));
        // Rejected patterns are left out, and only they.
        expect(data.entries.map((e) => e.id)).toEqual(records.filter((r) => compilePattern(r.messagePattern).ok).map((r) => r.id));
        const log = renderLog(
          logSpec,
          patterns.map((g) => g.text),
        );
        const result = timed(`a lookup of ${log.length} characters`, () => matcher.lookup(log));
        checkInvariants(log, data, result);
        reported += checkReported(data, result);
        // The paste box's whole lookup (a matcher of its own, the no-match view) and a matcher loaded from its snapshot (the CLI's cache) answer the same.
        const summary = timed(`the paste box's lookup of ${log.length} characters`, () => new Lookup(data).run(log));
        expect(
          summary.matches.map((m) => ({ id: m.id, kind: m.kind, score: m.score, lines: m.lines, occurrences: m.occurrences })),
        ).toEqual(essence(result).matches);
        expect(summary.errorLines.length).toBeLessThanOrEqual(MAX_ERROR_LINES);
        for (const l of summary.errorLines) expect(l.line).toBeLessThanOrEqual(lineTotal(log));
        if (summary.matches.length > 0) expect(summary.similar).toEqual([]);
        const loaded = timed(`a lookup of ${log.length} characters by a loaded matcher`, () =>
          Matcher.fromSnapshot(matcher.snapshot()).lookup(log),
        );
        expect(essence(loaded)).toEqual(essence(result));
      }),
      // Shrinking re-runs whole lookups: give it a minute, then report the smallest case so far.
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 60_000 },
    );
    // The reporting check must have had something to check (137 lines with this seed).
    expect(reported).toBeGreaterThan(RUNS / 2);
  }, 120_000);

  it("keeps every hostile shape within the budget on a 50,000-character attack line built from its own message", () => {
    for (const [py, text] of HOSTILE) {
      const g = {
        py: `Failed to load checkpoint ${py} for tensor parallel`,
        text: `Failed to load checkpoint ${text} for tensor parallel`,
        invalid: false,
      };
      const data = buildMatcherData([record(0, g)]);
      const matcher = new Matcher(data);
      for (const run of ["a", "x", " ", "1", "ab", "a,"]) {
        for (const log of [
          `RuntimeError: Failed to load checkpoint ${run.repeat(25_000)}`,
          `RuntimeError: Failed to load checkpoint ${run.repeat(25_000)} for tensor parallel!`,
          `Failed to load checkpoint ${run.repeat(300)}\n${run.repeat(300)} for tensor parallel`,
        ]) {
          const result = timed(`${py} on ${JSON.stringify(run)} runs`, () => matcher.lookup(log));
          checkInvariants(log, data, result);
        }
      }
      expect(
        matcher.lookup(`RuntimeError: ${g.text}`).matches.map((m) => m.kind),
        py,
      ).toEqual(["full"]);
    }
  }, 60_000);

  it("rejects malformed patterns cleanly, and every program it derives from an accepted one compiles", () => {
    const soup = fc.array(fc.constantFrom(...SOUP_TOKENS, ...INVALID), { minLength: 0, maxLength: 24 }).map((t) => t.join(""));
    fc.assert(
      fc.property(fc.oneof(soup, fc.string({ unit: "binary", maxLength: 30 })), (py) => {
        const t = translatePythonRegex(py);
        if (!t.ok) expect(t.error, JSON.stringify(py)).not.toMatch(/^internal error/);
        const c = compilePattern(py);
        const entries = buildMatcherData([record(0, { py, text: "", invalid: true })]).entries;
        if (!c.ok) {
          expect(c.error).toMatch(/^(is empty|is not a usable Python regular expression|does not compile in JavaScript)/);
          expect(entries).toEqual([]);
          return;
        }
        expect(entries).toHaveLength(1);
        const e: MatcherEntry = entries[0]!;
        // What the matcher hands to V8: the pattern and its partial, each also without blanks (wrapped text).
        for (const source of [e.source, e.partial?.source]) {
          if (source === undefined) continue;
          expect(() => new RegExp(source, e.flags + "d"), `${JSON.stringify(py)}: ${source}`).not.toThrow();
          const squeezed = squeezePattern(source);
          if (squeezed !== null)
            expect(() => new RegExp(squeezed, e.flags + "d"), `${JSON.stringify(py)} squeezed: ${squeezed}`).not.toThrow();
        }
      }),
      { seed: SEED + 1, numRuns: 3_000 },
    );
  });
});
