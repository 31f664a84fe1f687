/**
 * `errdex validate` as a user runs it: a real process, a dataset written to a
 * fresh temporary folder, and the exact lines and exit code the user sees.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { EXAMPLE_DATASET_VERSION, distinctRecord, exampleRecord, line } from "../lib/testing/test-fixtures";
import { tempFolders } from "./temp-folders";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXAMPLE = exampleRecord();
/** Starting tsx takes a second or two; a loaded machine can take much longer. */
const SPAWN_TIMEOUT_MS = 60_000;
/** Each test spawns at most two processes. */
const SLOW = { timeout: 2 * SPAWN_TIMEOUT_MS + 10_000 };

const temp = tempFolders("validate");
const fixture = temp.folder;

/** How the CLI names a dataset file in messages: relative to its working directory. */
const shown = (file: string) => path.relative(ROOT, file);

/** Runs `npx tsx cli/errdex.ts ...args` from the project root. */
function errdex(args: string[], env: Record<string, string> = {}) {
  const { ERRDEX_DATA: _ignored, ...inherited } = process.env;
  const run = spawnSync("npx", ["tsx", "cli/errdex.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: SPAWN_TIMEOUT_MS,
    env: { ...inherited, NO_COLOR: "1", ...env },
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, stderrLines: run.stderr.split("\n").filter(Boolean) };
}

/** The summary line: location, verdict and counts (the timing varies). */
const summary = (location: string, verdict: string, counts: string) =>
  new RegExp(`^${escapeRegExp(`${location}: ${verdict}: ${counts}`)} in \\d+\\.\\d\\d s$`);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A dataset with one good record, one with two problems, one with a warning, and a broken line. */
function invalidDataset() {
  const dir = fixture({
    "errors.jsonl": [
      line(distinctRecord(1)),
      line(distinctRecord(2, { slug: "Bad_Slug", lineNumber: 1 })),
      line(distinctRecord(3, { severity: "fatal" })),
      '{"record": ',
    ].join("\n"),
  });
  const file = shown(path.join(dir, "errors.jsonl"));
  const id2 = distinctRecord(2).id;
  const id3 = distinctRecord(3).id;
  return {
    dir,
    file,
    problems: [
      `${file}:2: record ${id2}: slug: "Bad_Slug" is not valid (expected kebab-case, e.g. pd-disaggregation-does-not-support)`,
      `${file}:2: record ${id2}: lineNumber: 1 lies outside the snippet range 1326-1362 (the error line must be inside sourceCode)`,
      `${file}:3: warning: record ${id3}: severity: "fatal" is not a known severity; shown as is (expected one of critical, error, warning, info)`,
      `${file}:4: not valid JSON: Unexpected end of JSON input (expected one {"record": {...}, "datasetVersion": "<ISO time>"} object per line)`,
    ],
  };
}

describe("errdex validate", SLOW, () => {
  it("exits 0 and says valid for a dataset holding the example record", () => {
    const dir = fixture({ "errors.jsonl": line() + "\n" });
    const run = errdex(["validate", "--data", dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderrLines).toHaveLength(1);
    expect(run.stderrLines[0]).toMatch(summary(dir, "valid", "1 records parsed, 1 valid, 0 error(s), 0 warning(s)"));
  });

  it("reads data/example.json's own form: a .json file with one object", () => {
    const dir = fixture({ "example.json": JSON.stringify({ record: EXAMPLE, datasetVersion: EXAMPLE_DATASET_VERSION }, null, 2) });
    expect(errdex(["validate", "--data", path.join(dir, "example.json")]).code).toBe(0);
  });

  it("exits 1 and prints every problem, the counts and the summary for an invalid dataset", () => {
    const { dir, problems } = invalidDataset();
    const run = errdex(["validate", "--data", dir]);
    expect(run.code).toBe(1);
    expect(run.stderrLines.slice(0, -1)).toEqual(problems);
    expect(run.stderrLines.at(-1)).toMatch(summary(dir, "INVALID", "3 records parsed, 2 valid, 3 error(s), 1 warning(s)"));
  });

  it("exits 0 when a dataset has only warnings", () => {
    const dir = fixture({ "errors.jsonl": line(EXAMPLE, { severity: "fatal" }) });
    const run = errdex(["validate", "--data", dir]);
    expect(run.code).toBe(0);
    expect(run.stderrLines.at(-1)).toMatch(summary(dir, "valid", "1 records parsed, 1 valid, 0 error(s), 1 warning(s)"));
  });

  it("reads the dataset at ERRDEX_DATA when --data is not given", () => {
    const { dir, problems } = invalidDataset();
    const run = errdex(["validate"], { ERRDEX_DATA: dir });
    expect(run.code).toBe(1);
    expect(run.stderrLines.slice(0, -1)).toEqual(problems);
  });

  it("finds a duplicate id across files in nested folders, naming the first one", () => {
    const dir = fixture({
      "a/one.jsonl": line(distinctRecord(1)),
      "b/two.json": JSON.stringify([{ record: distinctRecord(2, { id: distinctRecord(1).id }), datasetVersion: EXAMPLE_DATASET_VERSION }]),
    });
    const run = errdex(["validate", "--data", dir]);
    expect(run.code).toBe(1);
    expect(run.stderrLines[0]).toBe(
      `${shown(path.join(dir, "b/two.json"))}:1: record ${distinctRecord(1).id}: id: duplicate id, already used at ${shown(path.join(dir, "a/one.jsonl"))}:1 (ids are permanent and must be unique across all files)`,
    );
  });
});

describe("errdex validate --json", SLOW, () => {
  it("prints the verdict, the counts and every problem as JSON on stdout", () => {
    const { dir, file } = invalidDataset();
    const run = errdex(["validate", "--data", dir, "--json"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ ok: false, source: dir, records: 3, valid: 2, errors: 3, warnings: 1 });
    expect(report.problems.map((p: Record<string, unknown>) => [p.file, p.line, p.id, p.field, p.message])).toEqual([
      [file, 2, distinctRecord(2).id, "slug", '"Bad_Slug" is not valid'],
      [file, 2, distinctRecord(2).id, "lineNumber", "1 lies outside the snippet range 1326-1362"],
      [file, 3, distinctRecord(3).id, "severity", '"fatal" is not a known severity; shown as is'],
      [file, 4, undefined, undefined, "not valid JSON: Unexpected end of JSON input"],
    ]);
    expect(report.problems[0]).toEqual({
      level: "error",
      file,
      line: 2,
      id: distinctRecord(2).id,
      field: "slug",
      message: '"Bad_Slug" is not valid',
      hint: "expected kebab-case, e.g. pd-disaggregation-does-not-support",
      check: "slug-format",
    });
  });

  it("says ok with no problems for a valid dataset", () => {
    const dir = fixture({ "errors.jsonl": line() });
    const run = errdex(["validate", "--json", "--data", dir]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, source: dir, records: 1, valid: 1, errors: 0, warnings: 0, problems: [] });
  });

  it("reports a missing dataset as JSON too, with exit 2", () => {
    const missing = path.join(fixture({}), "nope");
    const run = errdex(["validate", "--json", "--data", missing]);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ ok: false, error: `${missing}: no such file or folder` });
  });
});

describe("errdex usage and I/O errors exit 2", SLOW, () => {
  it("a --data path that does not exist", () => {
    const missing = path.join(fixture({}), "nope");
    const run = errdex(["validate", "--data", missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`errdex: ${missing}: no such file or folder\n`);
  });

  it("a folder with no dataset files", () => {
    const dir = fixture({ "README.md": "# not data\n" });
    const run = errdex(["validate", "--data", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`errdex: ${dir}: no .jsonl or .json files in this folder\n`);
  });

  it("an unknown option, followed by the usage", () => {
    const run = errdex(["validate", "--frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toBe("errdex: unknown option '--frobnicate'; validate takes --data PATH, --json, -h/--help");
    expect(run.stderr).toContain("usage: errdex <command> [options]");
  });

  it("--data without a path", () => {
    const run = errdex(["validate", "--data"]);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toBe("errdex: Option '--data <value>' argument missing");
  });

  it("a file argument instead of --data", () => {
    const run = errdex(["validate", "errors.jsonl"]);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toBe("errdex: validate takes no file argument (got errors.jsonl); use --data PATH");
  });

  it("an unknown command, followed by the usage", () => {
    const run = errdex(["frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toBe('errdex: unknown command "frobnicate"');
    expect(run.stderr).toContain("usage: errdex <command> [options]");
  });

  it("no command at all prints the usage", () => {
    const run = errdex([]);
    expect(run.code).toBe(2);
    expect(run.stderrLines[0]).toBe("usage: errdex <command> [options]");
  });
});
