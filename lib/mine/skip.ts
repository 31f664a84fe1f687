/**
 * Which files the miner reads: `.py` files, minus the folders that hold no
 * code users run (tests, examples, docs, benchmarks, vendored third-party
 * code, build output, virtual environments) and whatever `--exclude` globs
 * name. Paths are relative to the mined folder, with `/`.
 */

/** Folder names skipped by default, wherever they sit in the tree. */
export const DEFAULT_SKIPPED_FOLDERS = [
  "test",
  "tests",
  "example",
  "examples",
  "doc",
  "docs",
  "benchmark",
  "benchmarks",
  "third_party",
  "thirdparty",
  "3rdparty",
  "vendor",
  "vendored",
  "_vendor",
  "node_modules",
  "build",
  "dist",
  "site-packages",
  "venv",
  ".venv",
  "__pycache__",
] as const;

const SKIPPED = new Set<string>(DEFAULT_SKIPPED_FOLDERS);

/** Whether a folder's name makes the miner skip it (hidden folders such as `.git` too). */
export function isSkippedFolder(name: string): boolean {
  return SKIPPED.has(name.toLowerCase()) || (name.startsWith(".") && name.length > 1);
}

/** Whether a file is a test module by its name (`test_x.py`, `x_test.py`, `conftest.py`). */
export function isTestFile(name: string): boolean {
  return /^test_.*\.py$|_test\.py$|^conftest\.py$/.test(name);
}

/**
 * A glob over relative paths as a RegExp: `*` any run of characters but `/`,
 * `**` any number of folders, `?` one character. A glob without `/` matches
 * a name at any depth (`*_pb2.py`, `legacy`); a folder that matches is
 * skipped whole.
 */
export function globRegExp(glob: string): RegExp {
  const anchored = glob.includes("/") ? glob.replace(/^\/+/, "") : `**/${glob}`;
  let re = "";
  for (let i = 0; i < anchored.length; i++) {
    const c = anchored[i]!;
    if (c === "*" && anchored[i + 1] === "*") {
      i++;
      if (anchored[i + 1] === "/") {
        i++;
        re += "(?:[^/]*/)*";
      } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}(?:/.*)?$`);
}
