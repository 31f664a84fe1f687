/**
 * `errdex mine` as a user runs it: real processes on trees the tests write,
 * a git repository with two commits for identities across re-mining, hostile
 * files reported by path while mining goes on, and every dataset written
 * checked by the same validation `errdex validate` runs.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateDataset } from "../lib/dataset/validate";
import type { ErrorRecord } from "../lib/record/schema";
import { tempFolders, writeFiles } from "./temp-folders";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SPAWN_TIMEOUT_MS = 120_000;
const SLOW = { timeout: 4 * SPAWN_TIMEOUT_MS };

const temp = tempFolders("mine-test");
const tree = temp.folder;

function errdex(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync("npx", ["tsx", "cli/errdex.ts", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: SPAWN_TIMEOUT_MS,
    env: { ...process.env, NO_COLOR: "1", SOURCE_DATE_EPOCH: "", ...env },
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr, lines: run.stderr.split("\n").filter(Boolean) };
}

/** The records of a dataset file, after checking it validates with no error. */
function validRecords(file: string): ErrorRecord[] {
  const result = validateDataset([{ name: file, text: fs.readFileSync(file, "utf8") }]);
  expect(result.problems.filter((p) => p.level === "error")).toEqual([]);
  return result.parsed.map((r) => r.record);
}

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
    encoding: "utf8",
    env: { ...process.env, GIT_COMMITTER_DATE: "2026-03-01T10:00:00Z", GIT_AUTHOR_DATE: "2026-03-01T10:00:00Z" },
  }).trim();

const V1 = `"""The engine."""


class Engine:
    def start(self, n):
        """Starts the engine."""
        if n < 0:
            raise ValueError(f"Invalid batch size {n}")
        if n > 64:
            raise OverflowError("Batch too large for one engine: %d" % n)
        return n

    def stop(self):
        raise RuntimeError("Engine is not running")


def load(name):
    raise KeyError(f"No model named {name}")
`;

// Commit 2: start's message reworded, stop's raise moved down its file, the
// OverflowError removed, and load moved to registry.py.
const V2 = `"""The engine."""


class Engine:
    def start(self, n):
        """Starts the engine."""
        if n < 0:
            raise ValueError(f"Invalid batch size {n}, expected a positive number")
        return n

    def pause(self):
        pass

    def stop(self):
        self.flush()
        raise RuntimeError("Engine is not running")
`;

const REGISTRY = `def load(name):
    """Loads a model."""
    msg = f"No model named {name!r}"
    raise KeyError(msg)
`;

describe("errdex mine on a git repository", () => {
  it("takes the commit from git, keeps ids across a reworded, a moved and a moved-file raise, and lists the removed one", SLOW, () => {
    const repo = tree({ "engine/__init__.py": "", "engine/core.py": V1, "tests/test_core.py": 'raise ValueError("from a test")\n' });
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "one");
    const sha1 = git(repo, "rev-parse", "HEAD");
    const v1 = path.join(repo, "..", `${path.basename(repo)}-v1.jsonl`);
    temp.removeAfter(v1);
    const first = errdex(["mine", repo, "--repo", "acme/engine", "--out", v1]);
    expect(first.code).toBe(0);
    const before = validRecords(v1);
    expect(before.map((r) => [r.errorClass, r.errorMessage, r.filePath, r.lineNumber])).toEqual([
      ["ValueError", "Invalid batch size {n}", "engine/core.py", 8],
      ["OverflowError", "Batch too large for one engine: {n}", "engine/core.py", 10],
      ["RuntimeError", "Engine is not running", "engine/core.py", 14],
      ["KeyError", "No model named {name}", "engine/core.py", 18],
    ]);
    expect(before.every((r) => r.analyzedSha === sha1 && r.analyzedAt === "2026-03-01T10:00:00.000Z")).toBe(true);
    expect(before[0]!.githubUrl).toBe(`https://github.com/acme/engine/blob/${sha1}/engine/core.py#L1-L18`);

    writeFiles(repo, { "engine/core.py": V2, "engine/registry.py": REGISTRY });
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "two");
    const v2 = `${v1}.2`;
    temp.removeAfter(v2);
    const second = errdex(["mine", repo, "--repo", "acme/engine", "--out", v2, "--previous", v1]);
    expect(second.code).toBe(0);
    const after = validRecords(v2);
    const idOf = (records: ErrorRecord[], cls: string) => records.find((r) => r.errorClass === cls)!;
    expect(after.map((r) => [r.errorClass, r.errorMessage, r.filePath, r.lineNumber])).toEqual([
      ["ValueError", "Invalid batch size {n}, expected a positive number", "engine/core.py", 8],
      ["RuntimeError", "Engine is not running", "engine/core.py", 16],
      ["KeyError", "No model named {name!r}", "engine/registry.py", 4],
    ]);
    for (const cls of ["ValueError", "RuntimeError", "KeyError"]) {
      expect([idOf(after, cls).id, idOf(after, cls).slug]).toEqual([idOf(before, cls).id, idOf(before, cls).slug]);
    }
    const removed = idOf(before, "OverflowError");
    expect(second.lines).toContain(`engine/core.py: removed: record ${removed.id} acme/engine/${removed.slug} (no site continues it)`);
    expect(second.lines).toContain("mine: 3 records kept their id and slug from --previous, 1 removed");

    // Mining the same tree again gives the same bytes, on one thread or two.
    const again = `${v1}.3`;
    temp.removeAfter(again);
    expect(errdex(["mine", repo, "--repo", "acme/engine", "--out", again, "--previous", v1, "--jobs", "1"]).code).toBe(0);
    expect(fs.readFileSync(again)).toEqual(fs.readFileSync(v2));
  });
});

describe("errdex mine outside git", () => {
  it("requires --sha, saying why", SLOW, () => {
    const dir = tree({ "a.py": 'raise ValueError("x")\n' });
    const run = errdex(["mine", dir, "--repo", "acme/a"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `errdex: ${dir} is not in a git checkout (or git ignores it), so the commit is unknown: pass --sha SHA (the 40-hex-digit commit the files are at)\n`,
    );
  });

  it.each([
    [["mine", "/nonexistent-errdex-tree", "--repo", "a/b"], "errdex: /nonexistent-errdex-tree: no such folder\n"],
    [["mine", "README.md", "--repo", "a/b"], "errdex: README.md: not a folder; errdex mine reads a folder of Python files\n"],
    [
      [
        "mine",
        "e2e/mined",
        "--repo",
        "a/b",
        "--sha",
        "0123456789abcdef0123456789abcdef01234567",
        "--previous",
        "/nonexistent-errdex.jsonl",
      ],
      "errdex: --previous: /nonexistent-errdex.jsonl: no such file or folder\n",
    ],
  ])("refuses %j with exit 2", SLOW, (args, message) => {
    const run = errdex(args);
    expect([run.code, run.stderr, run.stdout]).toEqual([2, message, ""]);
  });

  it("counts the messages it cannot read by reason, and lists each with --verbose", SLOW, () => {
    const dir = tree({ "pkg/a.py": "def f(x):\n    raise ValueError(describe(x))\n\n\ndef g(msg):\n    raise KeyError(msg)\n" });
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const run = errdex(["mine", dir, "--repo", "acme/a", "--sha", sha, "--verbose"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.lines).toEqual([
      "pkg/a.py:2: ValueError: cannot read the message: a message returned by a call (describe)",
      "pkg/a.py:6: KeyError: cannot read the message: a variable (msg) not assigned a string above the raise in its function",
      expect.stringMatching(
        /^mine: 1 file \(0 skipped\) in \d+\.\d s: 0 records \(0 repeated messages merged\), 2 messages it cannot read, 0 raises without a message$/,
      ),
      "  1 × a message returned by a call",
      "  1 × a variable not assigned a string above the raise in its function",
      "  (--verbose lists each)",
      "mine: wrote stdout",
    ]);
  });

  it("treats a folder git ignores as outside git: its files are in no commit", SLOW, () => {
    const repo = tree({ ".gitignore": "scratch/\n", "scratch/a.py": 'raise ValueError("x")\n' });
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "commit", "-qm", "one");
    const run = errdex(["mine", path.join(repo, "scratch"), "--repo", "acme/a"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is not in a git checkout (or git ignores it), so the commit is unknown: pass --sha SHA");
  });

  it("writes JSON Lines to stdout, skipping tests, examples and --exclude globs, dated by SOURCE_DATE_EPOCH", SLOW, () => {
    const dir = tree({
      "pkg/core.py": 'def f(x):\n    raise ValueError(f"bad {x}")\n',
      "pkg/gen_pb2.py": 'raise ValueError("generated")\n',
      "examples/demo.py": 'raise ValueError("example")\n',
      "docs/conf.py": 'raise ValueError("docs")\n',
      "pkg/test_core.py": 'raise ValueError("test")\n',
      "third_party/lib.py": 'raise ValueError("vendored")\n',
    });
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const run = errdex(["mine", dir, "--repo", "acme/a", "--sha", sha, "--exclude", "*_pb2.py"], { SOURCE_DATE_EPOCH: "1767225600" });
    expect(run.code).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { record: ErrorRecord; datasetVersion: string });
    expect(lines.map((l) => [l.record.errorMessage, l.record.filePath, l.record.analyzedAt, l.datasetVersion])).toEqual([
      ["bad {x}", "pkg/core.py", "2026-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z"],
    ]);
    expect(run.lines.at(-1)).toBe("mine: wrote stdout");
  });
});

describe("errdex mine on a larger tree", () => {
  it("writes the same bytes on one thread as on two worker threads", SLOW, () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 150; i++)
      files[`pkg/m${String(i).padStart(3, "0")}.py`] =
        `def f${i}(x):\n    if x > ${i}:\n        raise ValueError(f"module ${i}: {x} is over ${i}")\n`;
    const dir = tree(files);
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const one = errdex(["mine", dir, "--repo", "acme/a", "--sha", sha, "--jobs", "1"]);
    const two = errdex(["mine", dir, "--repo", "acme/a", "--sha", sha, "--jobs", "2"]);
    expect([one.code, two.code]).toEqual([0, 0]);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split("\n")).toHaveLength(150);
  });
});

describe("errdex mine on hostile sources", () => {
  it("reports each bad file with its path and mines the rest", SLOW, () => {
    const dir = tree({
      "pkg/good.py": 'def f(x):\n    if not x:\n        raise ValueError(f"empty input {x!r}")\n',
      "pkg/huge.py": "x = 1; ".repeat(750_000) + "\n",
      "pkg/nested.py": "x = " + "(".repeat(3000) + "1" + ")".repeat(3000) + "\n",
      "pkg/latin1.py": Buffer.concat([Buffer.from('raise ValueError("caf'), Buffer.from([0xe9]), Buffer.from('")\n')]),
      "pkg/nul.py": 'x = 1\nraise ValueError("a\0b")\n',
      "pkg/broken.py": 'def f(:\n    raise ValueError("never read")\n',
    });
    fs.symlinkSync("..", path.join(dir, "pkg", "loop"));
    const out = path.join(dir, "out.jsonl");
    const run = errdex(["mine", dir, "--repo", "acme/a", "--sha", "0123456789abcdef0123456789abcdef01234567", "--out", out]);
    expect(run.code).toBe(0);
    expect(run.lines.slice(0, 6)).toEqual([
      'pkg/broken.py:1: cannot parse: invalid syntax near ":"',
      "pkg/huge.py: skipped: 5250001 bytes, larger than the limit of 2097152 (--max-file-size)",
      "pkg/latin1.py:1: cannot parse: not UTF-8 (byte 0xe9 at offset 21)",
      "pkg/loop: skipped: symbolic link loop (it leads back to .)",
      `pkg/nested.py:1: cannot parse: invalid syntax near ${JSON.stringify("(".repeat(30))}`,
      "pkg/nul.py:2: cannot parse: source code cannot contain a NUL byte",
    ]);
    expect(validRecords(out).map((r) => r.errorMessage)).toEqual(["empty input {x!r}"]);
  });

  it("mines a 5 MB single-line file when the limit allows it", SLOW, () => {
    const dir = tree({ "big.py": "x = 1; ".repeat(750_000) + 'raise ValueError("at the end of a long line")\n' });
    const out = path.join(dir, "out.jsonl");
    const run = errdex([
      "mine",
      dir,
      "--repo",
      "acme/a",
      "--sha",
      "0123456789abcdef0123456789abcdef01234567",
      "--out",
      out,
      "--max-file-size",
      "10000000",
    ]);
    expect(run.code).toBe(0);
    const [record] = validRecords(out);
    expect([record!.errorMessage, record!.lineNumber, record!.sourceCodeStart, record!.sourceCodeEnd]).toEqual([
      "at the end of a long line",
      1,
      1,
      1,
    ]);
    // The snippet shows the long line cut, so the record stays within the size limits.
    expect(record!.sourceCode).toBe("x = 1; ".repeat(750_000).slice(0, 1999) + "…");
  });
});
