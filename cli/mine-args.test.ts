/**
 * The words of `errdex mine`, parsed in-process: the options each argument
 * list becomes, and the exact message each bad one prints.
 */
import { describe, expect, it } from "vitest";
import { parseCommand } from "./args";
import { DEFAULT_MAX_FILE_BYTES } from "./mine-file";
import { MINE_USAGE } from "./mine-args";

const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("errdex mine arguments", () => {
  it("parses every option", () => {
    const argv = ["mine", "src", "--repo", "acme/engine", "--sha", SHA, "--out", "d.jsonl", "--previous", "old/", "--exclude", "*_pb2.py"];
    argv.push("--exclude", "legacy/**", "--analyzed-at", "2026-03-01T10:00:00+02:00", "--max-file-size", "100", "--jobs", "1", "--verbose");
    expect(parseCommand(argv)).toEqual({
      command: "mine",
      options: {
        path: "src",
        repo: "acme/engine",
        sha: SHA,
        out: "d.jsonl",
        previous: "old/",
        excludes: ["*_pb2.py", "legacy/**"],
        analyzedAt: "2026-03-01T08:00:00.000Z",
        maxFileBytes: 100,
        jobs: 1,
        verbose: true,
      },
    });
  });

  it("has defaults", () => {
    expect(parseCommand(["mine", ".", "--repo", "a/b"])).toEqual({
      command: "mine",
      options: { path: ".", repo: "a/b", excludes: [], maxFileBytes: DEFAULT_MAX_FILE_BYTES, verbose: false },
    });
  });

  it("shows its own help, naming the folders it skips", () => {
    expect(parseCommand(["mine", "--help"])).toEqual({ command: "help", toStderr: false, text: MINE_USAGE });
    expect(MINE_USAGE).toContain(
      "skipped by default: folders named test, tests, example, examples, doc, docs, benchmark, benchmarks, third_party",
    );
  });

  it.each([
    [["mine"], "mine needs the folder to mine: errdex mine PATH --repo OWNER/NAME"],
    [["mine", "src"], "mine needs --repo OWNER/NAME, the GitHub repository the files come from"],
    [["mine", "a", "b", "--repo", "a/b"], "mine takes one folder (got 2: a b)"],
    [["mine", "src", "--repo", "acme"], '--repo must be OWNER/NAME as on GitHub, e.g. vllm-project/vllm (got "acme")'],
    [["mine", "src", "--repo", "a/b", "--sha", "HEAD"], '--sha must be a full commit of 40 lower-case hex digits (got "HEAD")'],
    [
      ["mine", "src", "--repo", "a/b", "--analyzed-at", "yesterday"],
      '--analyzed-at must be an ISO 8601 date-time such as 2026-08-28T05:10:05Z (got "yesterday")',
    ],
    [["mine", "src", "--repo", "a/b", "--max-file-size", "1MB"], "--max-file-size must be a whole number of bytes (got 1MB)"],
    [["mine", "src", "--repo", "a/b", "--jobs", "0"], "--jobs must be a whole number from 1 to 64 (got 0)"],
    [
      ["mine", "src", "--repo", "a/b", "--output", "x"],
      "unknown option '--output'; mine takes --repo, --sha, --out, --previous, --exclude, --analyzed-at, --max-file-size, --jobs, --verbose, -h/--help",
    ],
  ])("%j → %s", (argv, message) => {
    expect(parseCommand(argv)).toEqual({ command: "usage-error", message, usage: MINE_USAGE });
  });
});
