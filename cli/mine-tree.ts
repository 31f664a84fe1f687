/**
 * The tree `errdex mine` reads: its `.py` files in a stable order (sorted
 * names, depth first), the default skips and `--exclude` globs applied,
 * symbolic links followed unless they loop; and where it stands in git (the
 * commit, its date, the path of the mined folder inside the repository).
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { globRegExp, isSkippedFolder, isTestFile } from "../lib/mine/skip";

export interface TreeFile {
  abs: string;
  /** Path relative to the mined folder, with `/`. */
  rel: string;
}

/** Walks `root` and yields its Python files; `problem` hears of links that loop or folders it cannot read. */
export function* pythonFiles(root: string, excludes: string[], problem: (line: string) => void): Generator<TreeFile> {
  const globs = excludes.map(globRegExp);
  const excluded = (rel: string) => globs.some((g) => g.test(rel));
  const realRoot = fs.realpathSync(root);
  const seen = new Set<string>([realRoot]);
  const stack: { abs: string; rel: string }[] = [{ abs: root, rel: "" }];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir.abs, { withFileTypes: true });
    } catch (err) {
      problem(`${dir.rel || "."}: cannot read the folder: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const folders: { abs: string; rel: string }[] = [];
    for (const e of entries) {
      const abs = path.join(dir.abs, e.name);
      const rel = dir.rel ? `${dir.rel}/${e.name}` : e.name;
      if (excluded(rel)) continue;
      const kind = e.isSymbolicLink() ? linkKind(abs, rel, realRoot, seen, problem) : e.isDirectory() ? "dir" : e.isFile() ? "file" : null;
      if (kind === "dir" && !isSkippedFolder(e.name)) folders.push({ abs, rel });
      else if (kind === "file" && e.name.endsWith(".py") && !isTestFile(e.name)) yield { abs, rel };
    }
    // Pushed in reverse so folders come out in name order.
    for (const f of folders.reverse()) stack.push(f);
  }
}

/**
 * What a symbolic link leads to. A link to a folder of the tree is not
 * followed (the folder is mined at its own path); a link to a folder that
 * holds it, or one already followed, is a loop: reported and skipped.
 */
function linkKind(abs: string, rel: string, realRoot: string, seen: Set<string>, problem: (line: string) => void): "dir" | "file" | null {
  let real: string;
  let stat: fs.Stats;
  try {
    real = fs.realpathSync(abs);
    stat = fs.statSync(real);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problem(`${rel}: skipped: ${code === "ELOOP" ? "symbolic link loop" : `broken symbolic link (${code ?? String(err)})`}`);
    return null;
  }
  if (!stat.isDirectory()) return stat.isFile() ? "file" : null;
  const within = (outer: string, inner: string) => inner === outer || inner.startsWith(outer + path.sep);
  if (seen.has(real) || within(real, fs.realpathSync(path.dirname(abs)))) {
    const target = within(realRoot, real) ? path.relative(realRoot, real).split(path.sep).join("/") || "." : real;
    problem(`${rel}: skipped: symbolic link loop (it leads back to ${target})`);
    return null;
  }
  if (within(realRoot, real)) return null;
  seen.add(real);
  return "dir";
}

/** Where the mined folder stands in git. */
export interface GitPlace {
  sha: string;
  /** The commit's date, ISO 8601 in UTC. */
  committedAt: string;
  /** The mined folder's path inside the repository (`""` at its top), with `/`. */
  prefix: string;
}

/** The commit checked out at `dir`, or null when it is not in a git work tree, lies in a folder git ignores, or git is missing. */
export function gitPlace(dir: string): GitPlace | null {
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const sha = git("rev-parse", "HEAD");
    if (ignored(dir)) return null;
    const committedAt = new Date(git("show", "-s", "--format=%cI", "HEAD")).toISOString();
    const prefix = git("rev-parse", "--show-prefix").replace(/\/$/, "");
    return { sha, committedAt, prefix };
  } catch {
    return null;
  }
}

/** Whether git ignores `dir` (a build or scratch folder inside a checkout: its files are in no commit). */
function ignored(dir: string): boolean {
  try {
    execFileSync("git", ["-C", dir, "check-ignore", "-q", "."], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** The date of a commit in the repository at `dir`, ISO 8601 in UTC; null when git does not know it. */
export function commitDate(dir: string, sha: string): string | null {
  try {
    const out = execFileSync("git", ["-C", dir, "show", "-s", "--format=%cI", sha], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return new Date(out.trim()).toISOString();
  } catch {
    return null;
  }
}
