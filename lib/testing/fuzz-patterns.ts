/**
 * Test support for the lookup fuzz (lib/match/fuzz*.test.ts): fast-check
 * generators of patterns shaped like the mined corpus (words, `(.+?)`,
 * `(\d+)`, `(?P<name>…)`, classes, alternations, anchors, inline flags),
 * hostile ones (nested and overlapping repetitions) and ones with lookaround
 * or backreferences, each with a message it matches; the syntax the
 * translator rejects; RE2 as the matcher runs it; and the record that carries
 * a generated pattern.
 */
import fc from "fast-check";
import { RE2JS } from "re2js";
import { PY_END_ANCHOR } from "../pattern/pattern-analysis";
import { recordSchema, type ErrorRecord } from "../record/schema";
import { distinctRecord } from "./test-fixtures";

/** A fragment of a pattern: its Python source and a text it matches. */
interface Piece {
  py: string;
  text: string;
}

/** A generated pattern, the message it was rendered into, and what it is made of. */
export interface Generated {
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
export const HOSTILE: [string, string][] = [
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
export const INVALID = [
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
export const corpusPattern = fc
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
export const hostilePattern = fc
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
export const lookaroundPattern = fc
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

/** RE2 as the matcher runs it (`exec` in matcher.ts), or null when RE2 cannot (lookaround, backreference, a large count). */
export function re2Of(source: string, flags: string): RE2JS | null {
  try {
    let f = 0;
    if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE;
    if (flags.includes("s")) f |= RE2JS.DOTALL;
    return RE2JS.compile(source.split(PY_END_ANCHOR).join("(?:\\n?$)"), f);
  } catch {
    return null;
  }
}

/** The nth record of a generated dataset, parsed at the boundary like any dataset line. */
export function record(n: number, g: Generated): ErrorRecord {
  return recordSchema.parse(distinctRecord(n + 1, { messagePattern: g.py, errorMessage: g.text }));
}
