import { describe, expect, it } from "vitest";
import { RECORD_CHECKS, countLines } from "./checks";
import { ID_RE, REPO_RE, SHA_RE, SLUG_RE } from "../record/ids";
import { validateDataset } from "./validate";
import { countProblems } from "./problems";
import { distinctRecord, exampleRecord, jsonl, line, messages, type Json } from "../testing/test-fixtures";

const EXAMPLE = exampleRecord();
const ID = EXAMPLE.id;
const FILE = "data/errors.jsonl";
/** Where the example's own problems are reported. */
const AT = `${FILE}:1: record ${ID}:`;
const OTHER_SHA = "f".repeat(40);

/** Validates the example with `overrides` and returns what the user reads. */
function check(overrides: Json) {
  const result = validateDataset([jsonl(FILE, line(EXAMPLE, overrides))]);
  return { lines: messages(result.problems), valid: result.valid.length, ...countProblems(result.problems) };
}

/** Overrides that move the snippet range and keep githubUrl in step, so only the range is under test. */
function range(start: number, end: number): Json {
  return { sourceCodeStart: start, sourceCodeEnd: end, githubUrl: EXAMPLE.githubUrl.replace(/#L\d+-L\d+$/, `#L${start}-L${end}`) };
}

describe("the example record", () => {
  it("passes every check", () => {
    expect(check({})).toEqual({ lines: [], valid: 1, errors: 0, warnings: 0 });
  });
});

describe("identifier fields in the wrong form", () => {
  it.each([
    [
      "an id in capitals",
      { id: "213D04CF659A6918" },
      'record 213D04CF659A6918: id: "213D04CF659A6918" is not valid (expected 16 lower-case hex digits, e.g. 213d04cf659a6918)',
    ],
    [
      "an id one digit short",
      { id: "213d04cf659a691" },
      'record 213d04cf659a691: id: "213d04cf659a691" is not valid (expected 16 lower-case hex digits, e.g. 213d04cf659a6918)',
    ],
    [
      "a slug with capitals and underscores",
      { slug: "PD_Disaggregation" },
      `record ${ID}: slug: "PD_Disaggregation" is not valid (expected kebab-case, e.g. pd-disaggregation-does-not-support)`,
    ],
    [
      "a slug with a double hyphen",
      { slug: "pd--disagg" },
      `record ${ID}: slug: "pd--disagg" is not valid (expected kebab-case, e.g. pd-disaggregation-does-not-support)`,
    ],
  ])("%s is an error with an example of the right form", (_story, overrides, message) => {
    expect(check(overrides).lines).toEqual([`${FILE}:1: ${message}`]);
  });

  it("a repo without an owner is an error, and the githubUrl built from it disagrees too", () => {
    expect(check({ repo: "sglang" }).lines).toEqual([
      `${AT} repo: "sglang" is not valid (expected owner/name, e.g. sgl-project/sglang)`,
      `${AT} githubUrl: does not agree with repo, analyzedSha, filePath and the snippet range (expected ${EXAMPLE.githubUrl.replace("sgl-project/sglang", "sglang")})`,
    ]);
  });

  it("a short analyzedSha is an error, and the githubUrl built from it disagrees too", () => {
    expect(check({ analyzedSha: "0132848" }).lines).toEqual([
      `${AT} analyzedSha: "0132848" is not valid (expected a full 40-hex-digit commit)`,
      `${AT} githubUrl: does not agree with repo, analyzedSha, filePath and the snippet range (expected ${EXAMPLE.githubUrl.replace(EXAMPLE.analyzedSha, "0132848")})`,
    ]);
  });

  it.each([
    ["an absolute filePath", "/python/sglang/srt/server.py"],
    ["a filePath that climbs out with ..", "python/../../etc/passwd"],
  ])("%s is an error", (_story, filePath) => {
    const githubUrl = EXAMPLE.githubUrl.replace(EXAMPLE.filePath, filePath);
    expect(check({ filePath, githubUrl }).lines).toEqual([
      `${AT} filePath: ${JSON.stringify(filePath)} is not a path inside the repository (expected a relative path such as python/sglang/srt/server.py)`,
    ]);
  });
});

describe("a githubUrl that does not agree with the record", () => {
  const agreeing = `(expected ${EXAMPLE.githubUrl})`;
  it.each([
    ["at another commit", EXAMPLE.githubUrl.replace(EXAMPLE.analyzedSha, OTHER_SHA)],
    ["at another path", EXAMPLE.githubUrl.replace("mooncake/conn.py", "nixl/conn.py")],
    ["with another line range", EXAMPLE.githubUrl.replace("#L1326-L1362", "#L1326-L1360")],
    ["with the error line instead of the range", EXAMPLE.githubUrl.replace("#L1326-L1362", "#L1344")],
    ["at a branch instead of the commit", EXAMPLE.githubUrl.replace(EXAMPLE.analyzedSha, "main")],
  ])("%s gives the link it should be", (_story, githubUrl) => {
    expect(check({ githubUrl }).lines).toEqual([
      `${AT} githubUrl: does not agree with repo, analyzedSha, filePath and the snippet range ${agreeing}`,
    ]);
  });

  it("that is not on GitHub says so and gives the link it should be", () => {
    const githubUrl = EXAMPLE.githubUrl.replace("https://github.com/", "https://gitlab.com/");
    expect(check({ githubUrl }).lines).toEqual([`${AT} githubUrl: is not a https://github.com/ link ${agreeing}`]);
  });
});

describe("the snippet and its line numbers", () => {
  const snippetLines = EXAMPLE.sourceCodeEnd - EXAMPLE.sourceCodeStart + 1;

  it("lineNumber outside the snippet range is an error", () => {
    const lineNumber = EXAMPLE.sourceCodeEnd + 1;
    expect(check({ lineNumber }).lines).toEqual([
      `${AT} lineNumber: ${lineNumber} lies outside the snippet range ${EXAMPLE.sourceCodeStart}-${EXAMPLE.sourceCodeEnd} (the error line must be inside sourceCode)`,
    ]);
  });

  it("lineNumber on the first or last snippet line is fine", () => {
    expect(check({ lineNumber: EXAMPLE.sourceCodeStart }).lines).toEqual([]);
    expect(check({ lineNumber: EXAMPLE.sourceCodeEnd }).lines).toEqual([]);
  });

  it("sourceCodeEnd before sourceCodeStart is one error, not a cascade", () => {
    expect(check(range(1362, 1326)).lines).toEqual([`${AT} sourceCodeEnd: 1326 is before sourceCodeStart 1362`]);
  });

  it("a sourceCode with one line too many is an error that counts both", () => {
    expect(check({ sourceCode: EXAMPLE.sourceCode + "\n    pass" }).lines).toEqual([
      `${AT} sourceCode: has ${snippetLines + 1} lines but the range ${EXAMPLE.sourceCodeStart}-${EXAMPLE.sourceCodeEnd} needs ${snippetLines}`,
    ]);
  });

  it("a sourceCode with lines missing is an error that counts both", () => {
    const sourceCode = EXAMPLE.sourceCode.split("\n").slice(0, -2).join("\n");
    expect(check({ sourceCode }).lines).toEqual([
      `${AT} sourceCode: has ${snippetLines - 2} lines but the range ${EXAMPLE.sourceCodeStart}-${EXAMPLE.sourceCodeEnd} needs ${snippetLines}`,
    ]);
  });

  it("a sourceCode ending in a newline has a blank last line, which counts", () => {
    expect(check({ sourceCode: EXAMPLE.sourceCode + "\n" }).lines).toEqual([
      `${AT} sourceCode: has ${snippetLines + 1} lines but the range ${EXAMPLE.sourceCodeStart}-${EXAMPLE.sourceCodeEnd} needs ${snippetLines}`,
    ]);
  });

  it("a sourceCode with CRLF line endings counts its lines the same", () => {
    expect(check({ sourceCode: EXAMPLE.sourceCode.replace(/\n/g, "\r\n") }).lines).toEqual([]);
  });

  it.each([
    ["", 1],
    ["one", 1],
    ["one\ntwo", 2],
    ["one\n", 2],
    ["one\n\n", 3],
    ["\n", 2],
  ])("countLines(%j) is %i: lines joined by \\n, a blank last line included", (text, n) => {
    expect(countLines(text)).toBe(n);
  });
});

describe("the message and its pattern", () => {
  it("an empty errorMessage is an error", () => {
    expect(check({ errorMessage: "  " }).lines).toEqual([`${AT} errorMessage: is empty: a record needs the message it describes`]);
  });

  it("an empty messagePattern is an error, and is not also reported as not matching", () => {
    expect(check({ messagePattern: "" }).lines).toEqual([`${AT} messagePattern: is empty: an empty pattern would match every log line`]);
  });

  it.each([
    ["an unclosed group", "(unclosed", "missing ), unterminated subpattern at index 0"],
    ["an unopened group", "done)", "unbalanced parenthesis at index 4"],
    ["an unclosed character set", "[abc", "unterminated character set at index 0"],
  ])("a messagePattern with %s is one error saying why, in Python's words", (_story, messagePattern, why) => {
    expect(check({ messagePattern }).lines).toEqual([`${AT} messagePattern: is not a usable Python regular expression: ${why}`]);
  });

  it("a messagePattern that does not match its own message says what it tried and how to fix it", () => {
    const tried = EXAMPLE.errorMessage.replace("{st.upper()}", "X1");
    expect(check({ messagePattern: "Totally different wording here (.+?)" }).lines).toEqual([
      `${AT} messagePattern: does not match the record's own errorMessage (tried with placeholders filled as ${JSON.stringify(tried)}) ` +
        "(a record whose pattern cannot find its own message is never found in a log; put (.+?) where each {placeholder} goes and escape the rest)",
    ]);
  });

  it.each([
    [
      "literal braces {{ }}",
      "Expected a mapping like {{key: value}}, got {type(cfg).__name__}",
      "Expected a mapping like \\{key: value\\}, got (.+?)$",
    ],
    ["printf %s and %r", "Cannot load model %s from %r", "Cannot load model (.+?) from (.+)"],
    ["printf %(name)d and %%", "Only %(pct)d%% of blocks are free", "Only (\\d+)% of blocks are free"],
    ["an f-string call with a quoted comma", "expected one of {','.join(valid_parsers)}", "expected one of (.+)"],
    ["a numeric placeholder", "rank {rank} out of range", "rank (\\d+) out of range"],
    ["braces that are text (a plain string, not an f-string)", "Config key {name} is required", "Config key \\{name\\} is required"],
  ])("a message with %s that its pattern finds passes", (_story, errorMessage, messagePattern) => {
    expect(check({ errorMessage, messagePattern }).errors).toBe(0);
  });

  it("a generic pattern (little literal text) is a warning that says how much and why it matters", () => {
    const r = check({ errorMessage: "Model {name} not supported", messagePattern: "Model (.+?) not supported" });
    expect(r.errors).toBe(0);
    expect(r.lines).toEqual([
      `${FILE}:1: warning: record ${EXAMPLE.id}: messagePattern: is generic: only 17 letters and digits of literal text, so it can match unrelated errors; its matches rank below specific ones (keep more of the message's literal words; 20 or more makes a pattern specific)`,
    ]);
  });

  it("a pattern with no literal run of 4 characters is a warning: it cannot be prefiltered", () => {
    const r = check({ errorMessage: "{a} = {b}", messagePattern: "(.+?) = (.+?)" });
    expect(r.lines).toContain(
      `${FILE}:1: warning: record ${EXAMPLE.id}: messagePattern: has no literal run of 4 or more characters for the prefilter, so it is tried only on lines that look like errors`,
    );
  });
});

describe("severity and tags", () => {
  it("an unknown severity is a warning and the record stays valid", () => {
    expect(check({ severity: "fatal" })).toEqual({
      lines: [
        `${FILE}:1: warning: record ${ID}: severity: "fatal" is not a known severity; shown as is (expected one of critical, error, warning, info)`,
      ],
      valid: 1,
      errors: 0,
      warnings: 1,
    });
  });

  it("an empty tag is an error naming its position", () => {
    expect(check({ tags: ["pd-disagg", " "] }).lines).toEqual([`${AT} tags.1: is empty`]);
  });

  it("a tag that cannot be a page address is an error saying why", () => {
    expect(check({ tags: ["pd-disagg", "a/b"] }).lines).toEqual([
      `${AT} tags.1: "a/b" contains "/", which cannot be part of the tag's page address (use words and dashes, like kv-cache)`,
    ]);
    expect(check({ tags: ["a\\b"] }).lines).toEqual([
      `${AT} tags.0: "a\\\\b" contains "\\", which cannot be part of the tag's page address (use words and dashes, like kv-cache)`,
    ]);
    expect(check({ tags: [".."] }).lines).toEqual([
      `${AT} tags.0: ".." cannot be the tag's page address (use words and dashes, like kv-cache)`,
    ]);
  });

  it("a repeated tag is a warning and the record stays valid", () => {
    const tags = [...EXAMPLE.tags, EXAMPLE.tags[0]!];
    expect(check({ tags })).toEqual({
      lines: [`${FILE}:1: warning: record ${ID}: tags.${tags.length - 1}: repeats tag ${JSON.stringify(EXAMPLE.tags[0])}`],
      valid: 1,
      errors: 0,
      warnings: 1,
    });
  });
});

describe("the whole dataset", () => {
  it("a duplicate id in another file names where the id was first used", () => {
    const result = validateDataset([
      jsonl("data/a.jsonl", line(distinctRecord(1)), line(distinctRecord(2))),
      jsonl("data/b.jsonl", line(distinctRecord(3, { id: distinctRecord(2).id }))),
    ]);
    expect(messages(result.problems)).toEqual([
      `data/b.jsonl:1: record ${distinctRecord(2).id}: id: duplicate id, already used at data/a.jsonl:2 (ids are permanent and must be unique across all files)`,
    ]);
    expect(result.valid.map((r) => `${r.file}:${r.line}`)).toEqual(["data/a.jsonl:1", "data/a.jsonl:2"]);
  });

  it("a duplicate (repo, slug) names the record that has it first", () => {
    const first = distinctRecord(1);
    const second = distinctRecord(2, { slug: first.slug });
    const result = validateDataset([jsonl(FILE, line(first), line(second))]);
    expect(messages(result.problems)).toEqual([
      `${FILE}:2: record ${second.id}: slug: duplicate slug ${JSON.stringify(first.slug)} in ${EXAMPLE.repo}, already used by record ${first.id} at ${FILE}:1 (repo and slug make the permalink, so each pair must be unique)`,
    ]);
  });

  it("the same slug in another repository is fine", () => {
    const other = distinctRecord(2, {
      slug: EXAMPLE.slug,
      repo: "vllm-project/vllm",
      githubUrl: EXAMPLE.githubUrl.replace(EXAMPLE.repo, "vllm-project/vllm"),
    });
    const result = validateDataset([jsonl(FILE, line(EXAMPLE), line(other))]);
    expect(messages(result.problems)).toEqual([]);
  });

  it("collects every problem of a record: three problems, three lines", () => {
    expect(check({ slug: "Bad Slug", lineNumber: 1, severity: "fatal" }).lines).toEqual([
      `${AT} slug: "Bad Slug" is not valid (expected kebab-case, e.g. pd-disaggregation-does-not-support)`,
      `${AT} lineNumber: 1 lies outside the snippet range 1326-1362 (the error line must be inside sourceCode)`,
      `${FILE}:1: warning: record ${ID}: severity: "fatal" is not a known severity; shown as is (expected one of critical, error, warning, info)`,
    ]);
  });

  it("sorts problems by file, then line, whatever order the files and checks come in", () => {
    const result = validateDataset([
      jsonl("data/b.jsonl", line(distinctRecord(1)), line(distinctRecord(2, { severity: "fatal" })), "{"),
      jsonl("data/a.jsonl", line(distinctRecord(3, { tags: [""] })), line(distinctRecord(4, { id: distinctRecord(1).id }))),
    ]);
    expect(result.problems.map((p) => `${p.file}:${p.line} ${p.level} ${p.check}`)).toEqual([
      "data/a.jsonl:1 error tags-clean",
      "data/a.jsonl:2 error id-unique",
      "data/b.jsonl:2 warning severity-known",
      "data/b.jsonl:3 error json",
    ]);
  });

  it("counts a record with only warnings as valid and one with any error as not", () => {
    const result = validateDataset([jsonl(FILE, line(distinctRecord(1, { severity: "fatal" })), line(distinctRecord(2, { tags: [""] })))]);
    expect(result.parsed).toHaveLength(2);
    expect(result.valid.map((r) => r.line)).toEqual([1]);
  });
});

describe("the format rules", () => {
  it.each([
    [
      "id",
      ID_RE,
      ["213d04cf659a6918", "0000000000000000"],
      ["213D04CF659A6918", "213d04cf659a691", "213d04cf659a69180", "213d04cf659a691g", "213d04cf659a6918\n", " 213d04cf659a6918", ""],
    ],
    [
      "repo",
      REPO_RE,
      ["sgl-project/sglang", "a/b", "Org1/my.repo_name-2"],
      ["sglang", "/sglang", "sgl-project/", "-sgl/sglang", "a/b/c", "a/b c", "a/b\n", "a/..", "a/."],
    ],
    ["slug", SLUG_RE, ["pd-disaggregation", "oom", "error-404"], ["", "-oom", "oom-", "pd--x", "PD-x", "pd_x", "pd x", "größe"]],
    [
      "analyzedSha",
      SHA_RE,
      [EXAMPLE.analyzedSha],
      [EXAMPLE.analyzedSha.slice(1), EXAMPLE.analyzedSha + "0", EXAMPLE.analyzedSha.toUpperCase(), `${EXAMPLE.analyzedSha}\n`],
    ],
  ])("%s accepts the right form and rejects hostile look-alikes", (_field, re, good, bad) => {
    for (const s of good) expect(re.test(s), JSON.stringify(s)).toBe(true);
    for (const s of bad) expect(re.test(s), JSON.stringify(s)).toBe(false);
  });

  it("the example record's own values have the right form", () => {
    expect([ID_RE.test(EXAMPLE.id), REPO_RE.test(EXAMPLE.repo), SLUG_RE.test(EXAMPLE.slug), SHA_RE.test(EXAMPLE.analyzedSha)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  it("every record check has a unique name and a description", () => {
    const names = RECORD_CHECKS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of RECORD_CHECKS) expect(c.description.trim(), c.name).not.toBe("");
  });
});

describe("size limits and control characters", () => {
  it.each([
    [
      { sourceCode: "x\n".repeat(499_999) + "x", sourceCodeEnd: 1326 + 499_999 },
      ["sourceCode: is 1000k characters, over the limit of 200k", "sourceCode: is 500k lines, over the limit of 2000"],
    ],
    [{ tags: Array.from({ length: 10_000 }, (_, i) => `t${i}`) }, ["tags: is 10k tags, over the limit of 50"]],
    [{ errorMessage: "x".repeat(100_000) }, ["errorMessage: is 100k characters, over the limit of 10k"]],
  ])("an oversized record is reported with the field, its size and the limit (%#)", (overrides, expected) => {
    const lines = check(overrides).lines.filter((l) => l.includes("over the limit"));
    expect(lines).toEqual(expected.map((e) => `${FILE}:1: record ${EXAMPLE.id}: ${e} (shorten it; see the limits in the README)`));
  });

  it("a NUL byte in any text field is an error naming the field", () => {
    expect(check({ documentation: "before\u0000after" }).lines).toEqual([
      `${FILE}:1: record ${EXAMPLE.id}: documentation: contains a NUL byte (remove it: no text field may hold U+0000)`,
    ]);
  });

  it("a bidi override is a warning; zero-width characters, RTL text and emoji are fine", () => {
    expect(check({ documentation: "see \u202egnp.exe\u202c" }).lines).toEqual([
      `${FILE}:1: warning: record ${EXAMPLE.id}: documentation: contains a bidirectional control character (U+202A–U+202E or U+2066–U+2069) that can make text read differently from what it is (the CLI shows it escaped; pages show the text as written)`,
    ]);
    expect(check({ documentation: "שגיאה \u200b 🔥 ok" }).lines).toEqual([]);
  });
});
