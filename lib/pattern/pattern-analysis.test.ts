import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { analyzePattern, groupBlanks, trimLineBlanks, trimLineBlanksParsed, type LiteralRun, type PatternShape } from "./pattern-analysis";
import { compilePattern } from "./pattern";
import { PARTIAL_MIN_LETTERS } from "../match/data/matcher-data";
import { FIXTURE_RECORDS, R } from "../testing/fixtures/records";

/** Analyses a record-style Python pattern the way the matcher data does: translate, then analyse. */
function analyze(pythonPattern: string, partialMinLetters = PARTIAL_MIN_LETTERS): PatternShape & { source: string } {
  const c = compilePattern(pythonPattern);
  if (!c.ok) throw new Error(`${pythonPattern}: ${c.error}`);
  return { ...analyzePattern(c.source, c.flags, partialMinLetters), source: c.source };
}

const run = (text: string, line = 0): LiteralRun => ({ text, line });

describe("required literal runs and letters", () => {
  it.each<[string, string, LiteralRun[], number]>([
    [
      "the corpus shape: literals around (.+?)",
      R.pdDifferentTp.messagePattern,
      [run("PD Disaggregation does NOT support PD different TP sizes for non-MLA "), run(" hybrid models yet.")],
      72,
    ],
    ["escapes are literal text", String.raw`Failed core proc\(s\): (.+)`, [run("Failed core proc(s): ")], 15],
    ["one repetition of `b+` is certain, what follows is not adjacent", "ab+c", [run("ab"), run("c")], 3],
    ["an optional letter cuts the run", "colou?r", [run("colo"), run("r")], 5],
    ["a plain group's literals are required", "foo (bar) baz", [run("foo "), run("bar"), run(" baz")], 9],
    ["an optional group's literals are not", "x(?:abc)?y", [run("x"), run("y")], 2],
    [
      "classes and counted repetitions cut runs",
      String.raw`value (\d+) out of range [0-9]{2,} \w* [^x]+ a{2,5} b{3,}`,
      [run("value "), run(" out of range "), run(" "), run(" "), run(" a"), run(" b")],
      17,
    ],
    [
      "(?i) runs are lower-cased; Python's special case folds (i, s, k) are classes",
      "(?i)CUDA Error: (.+?) Failed",
      [run("cuda error: "), run(" fa"), run("led")],
      14,
    ],
    [
      "a literal \\n starts the next line's runs",
      String.raw`first line\nsecond (\d+) line`,
      [run("first line"), run("second ", 1), run(" line", 1)],
      19,
    ],
    ["letters beyond ASCII count too", "模型加载失败: (.+?)", [run("模型加载失败: ")], 6],
    ["Python's $ is an anchor, not text", "foo bar baz quux$", [run("foo bar baz quux")], 13],
    ["a pattern of only placeholders has no literal text but spaces", "(.+?) (.+?)", [run(" ")], 0],
  ])("%s", (_, pattern, runs, letters) => {
    const shape = analyze(pattern);
    expect(shape.branches).toEqual([runs]);
    expect(shape.letters).toBe(letters);
  });

  it("gives each top-level alternative its own runs, and the fewest letters among them", () => {
    const shape = analyze("LlamaForCausalLM is not supported|Qwen2 is unsupported");
    expect(shape.branches).toEqual([[run("LlamaForCausalLM is not supported")], [run("Qwen2 is unsupported")]]);
    expect(shape.letters).toBe(18);
  });
});

describe("simple and complex shapes", () => {
  it.each<[string, string, boolean, boolean]>([
    // pattern, why, simple, needsBacktracking
    [R.pdDifferentTp.messagePattern, "the corpus shape", true, false],
    ["(.+?) (.+?) (.+?) (.+?)x", "groups each holding one repeated atom", true, false],
    [String.raw`Failed core proc\(s\): (.+)`, "a greedy placeholder", true, false],
    ["(a+)", "one group, one repeated atom", true, false],
    ["foo bar baz quux$", "Python's $ (a lookahead once translated) is only an anchor", true, false],
    ["^(a+)+$", "a repeated group around a repetition", false, false],
    ["(x|x)*y", "a repeated alternation", false, false],
    ["(a|b)", "an alternation in a group", false, false],
    ["((a))", "a nested group", false, false],
    ["(a)+", "a repeated group", false, false],
    ["x(?:abc)?y", "an optional group", false, false],
    ["foo|bar", "a top-level alternation", false, false],
    ["(?:Llama|Qwen2)ForCausalLM is not supported", "an alternation of literals", false, false],
    [String.raw`(['"])(.+?)\1 failed`, "a backreference", false, true],
    [String.raw`(?<=rank)(\d+) failed`, "a lookbehind", false, true],
    [String.raw`rank(?=\d) failed`, "a lookahead", false, true],
  ])("%s: %s", (pattern, _, simple, needsBacktracking) => {
    const shape = analyze(pattern);
    expect({ simple: shape.simple, needsBacktracking: shape.needsBacktracking }).toEqual({ simple, needsBacktracking });
  });

  it("finds every fixture record's pattern simple: they are the mined shape", () => {
    const complex = FIXTURE_RECORDS.filter((r) => !analyze(r.messagePattern).simple).map((r) => r.slug);
    expect(complex).toEqual([]);
  });
});

describe("unbounded repetitions", () => {
  it.each<[string, number]>([
    ["Not enough memory", 0],
    [R.pdDifferentTp.messagePattern, 1],
    [R.kvCacheMaxSeqLen.messagePattern, 2],
    [R.maxModelLen.messagePattern, 4],
    ["(.+?) (.+?) (.+?) (.+?)x", 4],
    ["a{2,5} b{3} c?", 0],
    [String.raw`a* b+ [^x]{2,} \d+? \s*`, 5],
    ["^(a+)+$", 2],
    ["(x|x)*y", 1],
  ])("%s has %i", (pattern, unbounded) => {
    expect(analyze(pattern).unbounded).toBe(unbounded);
  });
});

describe("partial prefixes", () => {
  it.each<[string, string, string | undefined, number | undefined]>([
    // why, pattern, partial source (translated), its letters
    [
      "multi-sentence: the first sentence",
      R.kvCacheMaxSeqLen.messagePattern,
      String.raw`The model's max seq len \(([^\n]+?)\) is larger than the maximum number of tokens that can be stored in KV cache \(([^\n]+?)\)\.`,
      78,
    ],
    [
      "multi-line: a first sentence that ends before the line does",
      R.checkpointArch.messagePattern,
      "The checkpoint you are trying to load has model type `([^\\n]+?)` but Transformers does not recognize this architecture\\.",
      90,
    ],
    [
      "multi-line: the first line, cut before \\n",
      String.raw`Engine core initialization failed for the model\nSee root cause above`,
      "Engine core initialization failed for the model",
      41,
    ],
    [
      "multi-line: a first line too short on its own takes the next",
      String.raw`Capture cuda graph failed: (.+?)\nPossible solutions:\n1\. set --mem-fraction-static to a smaller value`,
      String.raw`Capture cuda graph failed: ([^\n]+?)\nPossible solutions:`,
      39,
    ],
    [
      "a question",
      String.raw`Did you forget to start the server\? Check the host and port`,
      String.raw`Did you forget to start the server\?`,
      28,
    ],
    [
      "a sentence followed only by a placeholder (a release that printed no suggestion)",
      String.raw`The (.+?) prompt \(length (.+?)\) is longer than the maximum model length of (.+?)\. (.+?)`,
      String.raw`The ([^\n]+?) prompt \(length ([^\n]+?)\) is longer than the maximum model length of ([^\n]+?)\.`,
      50,
    ],
    ["an exclamation", "Stop right there, the engine has crashed! Restart it now please", "Stop right there, the engine has crashed!", 33],
    ["a colon", "Failed to load the model checkpoint shard: (.+?) is corrupted", "Failed to load the model checkpoint shard:", 35],
    ["no partial: the first sentence is too short and nothing follows the last", R.notEnoughMemory.messagePattern, undefined, undefined],
    ["no partial: a generic pattern", R.genericMustBe.messagePattern, undefined, undefined],
    ["no partial: one sentence", R.loraRank.messagePattern, undefined, undefined],
    [
      "no partial: a top-level alternation",
      "The first sentence is long enough here. Second sentence|Another branch entirely",
      undefined,
      undefined,
    ],
    [
      "no partial: a dot in a decimal is no boundary",
      String.raw`Expected version 1\.2\.3 of the tokenizer library installed, found (.+)`,
      undefined,
      undefined,
    ],
  ])("%s", (_, pattern, source, letters) => {
    const shape = analyze(pattern);
    expect(shape.partial?.source).toBe(source);
    expect(shape.partial?.letters).toBe(letters);
    if (shape.partial) {
      // The prefix compiles, is shorter than the whole, and its runs are the prefix's runs.
      expect(() => new RegExp(shape.partial!.source)).not.toThrow();
      expect(shape.partial.source.length).toBeLessThan(shape.source.length);
      expect(shape.source.startsWith(shape.partial.source)).toBe(true);
      expect(shape.partial.runs).toEqual(analyzePattern(shape.partial.source).branches[0]);
    }
  });

  it("asks for no partial unless a minimum is given", () => {
    expect(analyze(R.kvCacheMaxSeqLen.messagePattern, Infinity).partial).toBeUndefined();
  });

  it("takes the shortest prefix with enough letters", () => {
    const pattern = String.raw`One two three four five six\. Seven eight nine ten eleven\. Twelve thirteen`;
    expect(analyze(pattern, 10).partial).toMatchObject({ source: String.raw`One two three four five six\.`, letters: 22 });
    expect(analyze(pattern, 30).partial).toMatchObject({
      source: String.raw`One two three four five six\. Seven eight nine ten eleven\.`,
      letters: 45,
    });
    expect(analyze(pattern, 59).partial).toBeUndefined();
  });
});

describe("never throws", () => {
  it.each(["", "(", ")", "[", "\\", "(?", "(?<", "a{", "a{2,", "[^]", "(?P<n>", "\\x", "\\u12"])(
    "on the unfinished source %j",
    (source) => {
      expect(() => analyzePattern(source, "", 24)).not.toThrow();
    },
  );
});

describe("trimLineBlanks shortcut", () => {
  // The shortcut skips the parse for patterns with no line break and no blank at either end;
  // it must never change the result. Tokens include every way to write a blank or a break.
  const token = fc.constantFrom(
    "[^\\n]",
    "\\n",
    "\n",
    "\\x20",
    "\\x0a",
    "\\040",
    "\\012",
    "\\u0020",
    "\\u000a",
    "\\t",
    "\t",
    " ",
    "\\ ",
    "\\\t",
    "\\s",
    "(?:",
    "(",
    ")",
    "[",
    "^",
    "]",
    "+",
    "?",
    "a",
    "n",
    "\\",
  );

  it("gives what the full parse gives", () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (parts) => {
        const source = parts.join("");
        expect(trimLineBlanks(source)).toBe(trimLineBlanksParsed(source));
      }),
      { numRuns: 20_000, seed: 7 },
    );
  });

  it("still trims what needs trimming", () => {
    expect(trimLineBlanks("abc \\n  def")).toBe("abc\\ndef");
    expect(trimLineBlanks("  abc")).toBe("abc");
    expect(trimLineBlanks("abc\\ ")).toBe("abc");
  });
});

describe("backtracking degree", () => {
  const shape = (py: string) => {
    const c = compilePattern(py);
    if (!c.ok) throw new Error(c.error);
    const s = analyzePattern(c.source, c.flags);
    return { unbounded: s.unbounded, bounded: s.bounded, simple: s.simple };
  };
  it("counts unbounded repetitions", () => {
    expect(shape("(.+?) must be (\\d+)")).toEqual({ unbounded: 2, bounded: 0, simple: true });
  });
  it("counts a large bounded repetition like an unbounded one, and says so", () => {
    expect(shape(".{0,50}.{0,50}.{0,50}CUDA error")).toEqual({ unbounded: 3, bounded: 3, simple: true });
  });
  it("leaves small bounds and a few optional items alone", () => {
    expect(shape("port (\\d{1,5}) on tokens? and blocks?")).toEqual({ unbounded: 0, bounded: 0, simple: true });
  });
  it("counts optional items past the fourth", () => {
    expect(shape("a?a?a?a?a?a?aaaaaa!")).toEqual({ unbounded: 2, bounded: 2, simple: true });
  });
});

describe("groupBlanks", () => {
  it.each([
    [
      "(.+?) does not appear to have a file named (.+?) or (.+?)\\.",
      [
        [1, false, true],
        [2, true, true],
        [3, true, false],
      ],
    ],
    // Group numbers count nested groups: only top-level ones are reported.
    [
      "a ((x)|(y)) b (\\d+)",
      [
        [1, true, true],
        [4, true, false],
      ],
    ],
    ["(?:a) (b)?", []], // a non-capturing group, and an optional one
    ["x\\s?(.+)", [[1, false, false]]], // an optional blank may be missing from the text
  ])("%s", (source, expected) => {
    expect([...groupBlanks(source)!].map(([g, b]) => [g, b.before, b.after])).toEqual(expected);
  });

  it("gives null for a pattern squeezePattern cannot read", () => {
    expect(groupBlanks("a|b")).toBeNull();
  });
});
