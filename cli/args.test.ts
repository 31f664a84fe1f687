/**
 * The command line's words, parsed in-process: what each argument list
 * becomes, and the exact message `errdex: …` prints for each bad one
 * (cli/match.test.ts and cli/validate.test.ts check a few as real processes).
 */
import { describe, expect, it } from "vitest";
import { FORMATS, USAGE, parseCommand } from "./args";

describe("parseCommand", () => {
  it.each([
    [["match"], { command: "match", format: "text", top: 10, input: "-", explain: false }],
    [["match", "job.log"], { command: "match", format: "text", top: 10, input: "job.log", explain: false }],
    [["match", "--json", "-"], { command: "match", format: "json", top: 10, input: "-", explain: false }],
    [["match", "--json", "--format", "json"], { command: "match", format: "json", top: 10, input: "-", explain: false }],
    [
      ["match", "--format=markdown", "--top", "3", "--data", "d/", "x.log"],
      { command: "match", data: "d/", format: "markdown", top: 3, input: "x.log", explain: false },
    ],
    [
      ["match", "--format", "github", "--", "-odd-name.log"],
      { command: "match", format: "github", top: 10, input: "-odd-name.log", explain: false },
    ],
    [["match", "--explain", "job.log"], { command: "match", format: "text", top: 10, input: "job.log", explain: true }],
    [["show", "213d04cf659a6918"], { command: "show", format: "text", ref: "213d04cf659a6918" }],
    [
      ["show", "--format", "markdown", "--manifest", "m.json", "--data", "d/", "o/r/s"],
      { command: "show", data: "d/", format: "markdown", ref: "o/r/s", manifest: "m.json" },
    ],
    [["show", "--json", "/e/213d04cf659a6918"], { command: "show", format: "json", ref: "/e/213d04cf659a6918" }],
    [["validate", "--data", "d/", "--json"], { command: "validate", data: "d/", json: true }],
    [["--version"], { command: "version" }],
    [["--help"], { command: "help", toStderr: false }],
    [["match", "-h"], { command: "help", toStderr: false }],
    [[], { command: "help", toStderr: true }],
  ])("%j", (argv, command) => {
    expect(parseCommand(argv)).toEqual(command);
  });

  it.each(FORMATS)("--format %s is a format", (format) => {
    expect(parseCommand(["match", "--format", format])).toMatchObject({ command: "match", format });
  });

  it.each([
    [["match", "--format", "yaml"], "unknown format 'yaml'; --format takes one of text, json, markdown, github"],
    [["match", "--format", "JSON"], "unknown format 'JSON'; --format takes one of text, json, markdown, github"],
    [["match", "--format", ""], "unknown format ''; --format takes one of text, json, markdown, github"],
    [["match", "--format"], "Option '--format <value>' argument missing"],
    [["match", "--json", "--format", "markdown"], "--json is --format json, which disagrees with --format markdown; pass one"],
    [
      ["match", "--frmat", "markdown"],
      "unknown option '--frmat'; match takes --data PATH, --format FORMAT, --json, --top N, --explain, -h/--help",
    ],
    [["match", "-x"], "unknown option '-x'; match takes --data PATH, --format FORMAT, --json, --top N, --explain, -h/--help"],
    [["match", "--version"], "unknown option '--version'; match takes --data PATH, --format FORMAT, --json, --top N, --explain, -h/--help"],
    [["validate", "--format", "github"], "unknown option '--format'; validate takes --data PATH, --json, -h/--help"],
    [["validate", "--top", "3"], "unknown option '--top'; validate takes --data PATH, --json, -h/--help"],
    [["--frobnicate"], "unknown option '--frobnicate'; errdex takes --version, -h/--help, or a command: validate, match, show, mine"],
    [["-V"], "unknown option '-V'; errdex takes --version, -h/--help, or a command: validate, match, show, mine"],
    [["frobnicate"], 'unknown command "frobnicate"'],
    [["match", "--top", "0"], "--top must be a whole number of at least 1 (got 0)"],
    [["match", "--top", "2.5"], "--top must be a whole number of at least 1 (got 2.5)"],
    [["match", "--json=yes"], "Option '--json' does not take an argument"],
    [["match", "a.log", "b.log"], "match reads one log (got 2)"],
    [["validate", "errors.jsonl"], "validate takes no file argument (got errors.jsonl); use --data PATH"],
    [
      ["show", "--top", "3", "x"],
      "unknown option '--top'; show takes --data PATH, --format text|markdown|json, --json, --manifest FILE, -h/--help",
    ],
    [["show", "--format", "yaml", "x"], "unknown format 'yaml'; show's --format takes one of text, markdown, json"],
  ])("refuses %j: errdex: %s", (argv, message) => {
    expect(parseCommand(argv)).toEqual({ command: "usage-error", message });
  });
});

describe("the usage", () => {
  it("shows an example for each command", () => {
    for (const command of ["validate", "match", "show"]) expect(USAGE).toMatch(new RegExp(`^      example: .*errdex ${command}\\b`, "m"));
  });

  it("names every format and --version", () => {
    for (const f of FORMATS) expect(USAGE).toContain(f);
    expect(USAGE).toContain("--version");
  });
});
