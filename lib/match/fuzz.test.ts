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
 * ReDoS check rejects them, server/redos.ts) and the shapes of "known gaps".
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { RE2JS } from "re2js";
import { Matcher, type LookupResult } from "./matcher";
import { Lookup, MAX_ERROR_LINES } from "./lookup";
import { buildMatcherData, type MatcherData, type MatcherEntry } from "./matcher-data";
import { compilePattern } from "../pattern/pattern";
import { translatePythonRegex } from "../pattern/python-regex";
import { PY_END_ANCHOR, analyzePattern, squeezePattern } from "../pattern/pattern-analysis";
import { looksLikeError } from "../log/log-normalize";
import { recordSchema, type ErrorRecord } from "../record/schema";
import { distinctRecord } from "../testing/test-fixtures";
import { NOISE_LINES, frame, hardWrap, traceback } from "../testing/fixtures/logs";

/**
 * Per matcher build and per lookup. The slowest generated lookup takes ~0.3 s
 * on this 2-core machine idle and ~0.8 s with a load average of 12; the
 * catastrophic backtracks this fuzz has found took 7 s to many minutes.
 */
const BUDGET_MS = 3_000;
const SEED = 20_250_601;
const RUNS = 100;

// ---------------------------------------------------------------------------
// Patterns

/** A fragment of a pattern: its Python source and a text it matches. */
interface Piece {
  py: string;
  text: string;
}

/** A generated pattern, the message it was rendered into, and what it is made of. */
interface Generated {
  py: string;
  text: string;
  /** Has a piece that may make it invalid: no promise that it matches `text`. */
  invalid: boolean;
}

const piece = (py: string, text: fc.Arbitrary<string>): fc.Arbitrary<Piece> => text.map((t) => ({ py, text: t }));
const fixed = (pairs: [string, string][]): fc.Arbitrary<Piece> => fc.constantFrom(...pairs).map(([py, text]) => ({ py, text }));

const COMMON_WORDS = [
  "CUDA",
  "model",
  "tensor",
  "parallel",
  "size",
  "must",
  "be",
  "divisible",
  "by",
  "failed",
  "to",
  "load",
  "checkpoint",
  "rank",
  "memory",
  "engine",
  "not",
  "supported",
  "Expected",
  "got",
  "device",
];
/** Mostly made-up words: literal keys unique to their pattern, as in a real corpus, so an attack line is a candidate for few records. */
const word = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...COMMON_WORDS) },
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z_]{3,11}$/) },
);
const value = fc.oneof(
  fc.constantFrom("Qwen/Qwen-7B", "32768", "cuda:0", "'fp8'", "bfloat16", "a b", "{'EngineCore_DP0': 1}"),
  fc.stringMatching(/^[A-Za-z0-9_./:-]{1,12}$/),
);
const digits = fc.nat(99_999).map(String);

/** What the mined corpus is made of. */
const CORPUS_PIECE: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 6, arbitrary: word.map((w) => ({ py: w, text: w })) },
  { weight: 4, arbitrary: fixed([[" ", " "]]) },
  { weight: 1, arbitrary: fixed([["\\n", "\n"]]) },
  {
    weight: 3,
    arbitrary: fixed([
      ["\\.", "."],
      [":", ":"],
      [",", ","],
      ["'", "'"],
      ["=", "="],
      ["\\(", "("],
      ["\\)", ")"],
      ["/", "/"],
      ["-", "-"],
      ["\\[", "["],
      ["\\]", "]"],
      ["`", "`"],
      ["\\$", "$"],
      ["\\?", "?"],
      ["\\\\", "\\"],
      ["#", "#"],
    ]),
  },
  { weight: 3, arbitrary: piece("(.+?)", value) },
  { weight: 2, arbitrary: piece("(\\d+)", digits) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("model", "size", "rank", "dtype", "n"),
        fc.nat(99),
        fc.constantFrom<[string, fc.Arbitrary<string>]>(["\\d+", digits], [".+?", value], ["\\w+", word]),
      )
      .chain(([name, k, [inner, text]]) => piece(`(?P<${name}${k}>${inner})`, text)),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      piece("[a-z_]+", fc.stringMatching(/^[a-z_]{1,8}$/)),
      piece("([^']+)", fc.stringMatching(/^[a-z0-9 .]{1,10}$/)),
      piece("[0-9a-f]{8}", fc.stringMatching(/^[0-9a-f]{8}$/)),
      piece("(\\d+(?:\\.\\d+)?)", fc.constantFrom("3", "1.5", "0.25")),
      piece("(\\w+)", word),
      piece("\\s+", fc.constantFrom(" ", "  ", "\t")),
      piece("\\s*", fc.constantFrom("", " ")),
      piece("s?", fc.constantFrom("", "s")),
      piece("x{2,3}", fc.constantFrom("xx", "xxx")),
      piece("(?:cuda|rocm|xpu)", fc.constantFrom("cuda", "rocm", "xpu")),
      piece("(float16|bfloat16|fp8)", fc.constantFrom("float16", "bfloat16", "fp8")),
      piece("(?i:cuda)", fc.constantFrom("CUDA", "cuda", "Cuda")),
      piece("(?:, got \\d+)?", fc.constantFrom("", ", got 3")),
      piece("\\U0001F600+", fc.constantFrom("\u{1F600}", "\u{1F600}\u{1F600}")),
      piece("é(?#a comment)", fc.constant("é")),
    ),
  },
);

/** Nested and overlapping repetitions: RE2 runs every one of them (the matcher sends complex shapes there). */
const HOSTILE: [string, string][] = [
  ["(a+)+", "aaa"],
  ["(x|x)*y", "xxy"],
  ["(?:a|aa)+", "aaa"],
  ["(\\w+\\s?)*", "ab cd"],
  ["(.*a){3}", "xaxaxa"],
  ["(?:a*)*", "aa"],
  ["([a-z]+)*", "abc"],
  ["(x+x+)+y", "xxxy"],
  ["\\d*\\d*\\d*\\d*", "123"],
  ["(.+?)(.+?)(.+?)(.+?)", "abcd"],
  ["(?:.*,)*", "a,b,"],
  ["(?:\\s*\\S+)*", "a b"],
  ["(.*)*", "z"],
  ["(?:(a|b)+)+", "abab"],
  ["(.*?,){11}", "a,".repeat(11)],
  ["(a|a?)+", "aa"],
  ["(?:\\w*)+\\.", "ab."],
  ["(?:a{1,5}){1,5}", "aaa"],
  ["(\\s*\\d+\\s*,?)+", "1, 2"],
  [".*.*.*=", "x=y="],
];

/**
 * Lookaround and backreferences, each self-contained so it matches its text
 * wherever it stands, and each safe by itself: a backreference to a repeated
 * group (`(?P<w>\w+) (?P=w)`) is cubic on V8 and validation rejects it.
 */
const LOOKAROUND: [string, string][] = [
  ["rank (?<=rank )(\\d+)", "rank 3"],
  ["(?=\\d)\\d+", "42"],
  ["(?P<q>['\"])\\w+(?P=q)", "'fp8'"],
  ["(?!foo)bar", "bar"],
  ["x(?<!y)z", "xz"],
  ["runn\\Bing", "running"],
];

/** Syntax Python or JavaScript rejects (or, at the start or after an atom, sometimes accepts). */
const INVALID = [
  "(?>x)",
  "a++",
  "x*+",
  "\\q",
  "(?P<1>x)",
  "[z-a]",
  "(",
  ")",
  "*",
  "?",
  "(?<=a+)b",
  "\\N{EM DASH}",
  "[\u{1F600}]",
  "(?(1)a|b)",
  "x{3,2}",
  "\\ud800",
  "(?i)",
  "(?L)",
  "[",
  "(?P=nope)",
  "(?Px)",
  "\ud800",
];

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

const flagsPrefix = fc.constantFrom("", "", "", "(?i)", "(?s)", "(?a)", "(?u)");
const startAnchor = fc.constantFrom("", "", "", "^", "\\A");
const endAnchor = fc.constantFrom("", "", "", "$", "\\Z");

function assemble(flags: string, start: string, body: Piece[], end: string, invalid: boolean, shout: boolean): Generated {
  const text = body.map((p) => p.text).join("");
  return {
    py: flags + start + body.map((p) => p.py).join("") + end,
    text: flags.includes("i") && shout ? text.toUpperCase() : text,
    invalid,
  };
}

/** Corpus shapes, one in ten with a piece that may break it. */
const corpusPattern = fc
  .tuple(
    flagsPrefix,
    startAnchor,
    fc.array(CORPUS_PIECE, { minLength: 1, maxLength: 14 }),
    endAnchor,
    fc.option(fc.tuple(fc.nat(), fc.constantFrom(...INVALID)), { freq: 9 }),
    fc.boolean(),
  )
  .map(([flags, start, body, end, bad, shout]) => {
    if (bad) body.splice(bad[0] % (body.length + 1), 0, { py: bad[1], text: "" });
    return assemble(flags, start, body, end, bad !== null, shout);
  });

/**
 * One or two hostile pieces among corpus pieces and a made-up word: literal
 * text as real patterns have, so each is a candidate on its own lines (one
 * without literal text is a candidate on every error line, and RE2 costs
 * ~1–6 µs a character for each: linear, but the budget is per lookup).
 */
const hostilePattern = fc
  .tuple(
    flagsPrefix,
    startAnchor,
    fc.array(CORPUS_PIECE, { maxLength: 5 }),
    fc.stringMatching(/^[a-z]{5,10}$/),
    fc.array(fixed(HOSTILE), { minLength: 1, maxLength: 2 }),
    fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    endAnchor,
    fc.boolean(),
  )
  .map(([flags, start, body, key, hostile, at, end, shout]) => {
    [{ py: key, text: key }, ...hostile].forEach((h, i) => body.splice(at[i]! % (body.length + 1), 0, h));
    return assemble(flags, start, body, end, false, shout);
  });

/** Lookaround or a backreference among words and at most two repetitions: what V8 runs on a bounded prefix. */
const lookaroundPattern = fc
  .tuple(
    fc.constantFrom("", "(?m)", "(?i)", "(?im)"),
    startAnchor,
    fc.array(
      fc.oneof(
        word.map((w) => ({ py: w, text: w })),
        fixed([
          [" ", " "],
          ["\\.", "."],
          [":", ":"],
        ]),
      ),
      { minLength: 1, maxLength: 8 },
    ),
    fc.array(fc.oneof(piece("(.+?)", value), piece("(\\d+)", digits)), { maxLength: 2 }),
    fixed(LOOKAROUND),
    fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    endAnchor,
  )
  .map(([flags, start, body, reps, look, at, end]) => {
    [...reps, look].forEach((p, i) => body.splice(at[i]! % (body.length + 1), 0, p));
    return assemble(flags, start, body, end, false, false);
  });

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

/** RE2 as the matcher runs it (`exec` in matcher.ts), or null when RE2 cannot (lookaround, backreference, a large count). */
function re2Of(source: string, flags: string): RE2JS | null {
  try {
    let f = 0;
    if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE;
    if (flags.includes("s")) f |= RE2JS.DOTALL;
    return RE2JS.compile(source.split(PY_END_ANCHOR).join("(?:\\n?$)"), f);
  } catch {
    return null;
  }
}

/**
 * Whether the matcher promises by itself that the pattern runs fast on any
 * log: every pattern RE2 can run, and ones V8 runs on a bounded prefix if they
 * hold no nested repetition. Left out: backreferences and lookaround around
 * hostile shapes (validation rejects them), and the known gaps below (large
 * bounded counts in the simple shape, and patterns RE2 refuses for a count).
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

/** The nth record of a generated dataset, parsed at the boundary like any dataset line. */
function record(n: number, g: Generated): ErrorRecord {
  return recordSchema.parse(distinctRecord(n + 1, { messagePattern: g.py, errorMessage: g.text }));
}

/** How normalizeLog counts lines: any line end; a final line end adds no line. */
function lineTotal(log: string): number {
  const rows = log.split(/\r\n|\r|\n/);
  return rows.length > 1 && rows[rows.length - 1] === "" ? rows.length - 1 : rows.length;
}

/** Milliseconds `f` takes. */
function measure(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
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

/** A pattern that can match line breaks alone, between two lines: such a match lies on no line (a known gap, below). */
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

/**
 * Cases this fuzz found, left out of its generators. Each `it.fails` states
 * the correct behaviour the matcher does not have yet; when it is fixed vitest
 * reports it as passing unexpectedly: drop the `.fails` then (as for bounded
 * repetitions).
 * The controls check that each case's expectation is the right one.
 */
describe("known gaps", () => {
  const BOUNDED = { py: ".{0,50}.{0,50}.{0,50}CUDA error: out of memory", text: "CUDA error: out of memory", invalid: false };
  const BOUNDED_LOG = `RuntimeError: ${"a".repeat(1_500)}CUDA error: out of memory`;
  const BRANCH = { py: "CUDA out of memory|OOM", text: "OOM", invalid: false };
  const SIGMA = { py: "(?i)το μοντέλο σας δεν υποστηρίζεται", text: "το μοντέλο σας δεν υποστηρίζεται", invalid: false };
  const FINAL_SIGMA_LOG = "ValueError: το μοντέλο ςας δεν υποστηρίζεται";
  const BREAK = { py: " \\n ", text: "\n", invalid: false };

  const matcherOf = (g: Generated) => new Matcher(buildMatcherData([record(0, g)]));
  const kinds = (g: Generated, log: string) =>
    matcherOf(g)
      .lookup(log)
      .matches.map((m) => m.kind);

  it("controls: each pattern matches its gap's log line, and the matcher finds the record in the ordinary case", () => {
    for (const [g, line] of [
      [BOUNDED, BOUNDED_LOG],
      [BRANCH, "RuntimeError: OOM"],
      [SIGMA, FINAL_SIGMA_LOG],
      [BREAK, "RuntimeError: boom\nnext line"],
    ] as const) {
      const e = matcherOf(g).entry(0);
      // V8 as the matcher runs it; RE2 for the bounded one, which V8 takes a second over.
      expect(g === BOUNDED ? re2Of(e.source, e.flags)!.matcher(line).find() : new RegExp(e.source, e.flags).test(line), g.py).toBe(true);
    }
    // Bounded repetitions count for nothing in the degree, so V8 sees the whole line.
    // Large bounded repetitions count towards the degree (lib/pattern-analysis), so V8 never sees a long line for it.
    expect(matcherOf(BOUNDED).entry(0)).toMatchObject({ engine: "v8", unbounded: 3 });
    expect(kinds(BOUNDED, "RuntimeError: CUDA error: out of memory")).toEqual(["full"]);
    expect(kinds(BRANCH, "RuntimeError: CUDA out of memory")).toEqual(["full"]);
    expect(kinds(SIGMA, "ValueError: ΤΟ ΜΟΝΤΈΛΟ ΣΑΣ ΔΕΝ ΥΠΟΣΤΗΡΊΖΕΤΑΙ")).toEqual(["full"]);
  });

  it(`bounds what V8 sees for bounded repetitions too (a gap this fuzz found, now fixed): .{0,50} three times on a ${BOUNDED_LOG.length}-character line costs about what a linear engine does`, () => {
    const matcher = matcherOf(BOUNDED);
    // What RE2 takes for the same line here and now (best of three), so the bound follows the machine's load.
    const c = compilePattern(BOUNDED.py);
    if (!c.ok) throw new Error(c.error);
    const re2 = re2Of(c.source, c.flags)!;
    const linear = Math.min(...[1, 2, 3].map(() => measure(() => re2.matcher(BOUNDED_LOG).find())));
    // Today V8 backtracks through ~50³/6 steps at each of 1,500 positions: some 50 times RE2's time.
    let result: LookupResult | undefined;
    expect(measure(() => (result = matcher.lookup(BOUNDED_LOG)))).toBeLessThan(10 * linear + 20);
    expect(result!.matches.map((m) => m.kind)).toEqual(["full"]);
  });

  it("finds a top-level alternative with no literal key of its own (fixed: such a record has no keys and is tried on error-looking lines): `CUDA out of memory|OOM` on `RuntimeError: OOM`", () => {
    expect(kinds(BRANCH, "RuntimeError: OOM")).toEqual(["full"]);
  });

  it.fails(
    "finds a (?i) record whose letters the log writes in another case form: σ as final sigma ς (Python and the regex both match)",
    () => {
      expect(kinds(SIGMA, FINAL_SIGMA_LOG)).toEqual(["full"]);
    },
  );

  it.fails("reports no match that lies on no line: a pattern of a line break alone (` \\n `) on a two-line error", () => {
    for (const m of matcherOf(BREAK).lookup("RuntimeError: boom\nnext line").matches) expect(m.lines).not.toEqual([]);
  });
});
