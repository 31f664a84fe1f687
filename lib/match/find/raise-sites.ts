/**
 * What the no-match view says of each final exception beyond its line:
 * where it was raised (the last frame, as a package-relative file, function
 * and line, with the printed source line), the dataset's records raised in
 * that same file ("Known errors of this file", with the file on GitHub at
 * the commit they were analysed at), and the repository whose package the
 * traceback runs through, for an upstream issue search. Plain data, so it
 * crosses `postMessage`.
 */
import { finalTracebacks, type Frame, type Traceback } from "../../log/traceback";
import { packageOf, packagePath } from "../rank/evidence";
import type { Matcher } from "../matcher";

/** Most records listed under "Known errors of this file". */
export const MAX_KNOWN_IN_FILE = 5;

/** A record raised in the same file, as the list links it. */
export interface KnownInFile {
  id: string;
  repo: string;
  slug: string;
  errorClass: string;
  message: string;
}

/** One final exception's raise site. */
export interface RaiseSite {
  /** The exception line's number in the log. */
  line: number;
  /** The exception as printed: `Class: message` (first line). */
  exception: string;
  /** The last frame: package-relative when in a package the dataset covers, else as printed from the install folder on. */
  file: string;
  func?: string | undefined;
  lineNumber: number;
  /** The source line printed under the frame. */
  source?: string | undefined;
  /** The repository the dataset covers whose package the traceback runs through (the deepest frame's), if any. */
  repo?: string | undefined;
  /** The dataset's records raised in `file`, at most MAX_KNOWN_IN_FILE, those of the exception's class first. */
  known: KnownInFile[];
  /** How many records of `file` the dataset has in all. */
  knownTotal: number;
  /** The file on GitHub at the analysed commit of its records, when the dataset has records of it. */
  githubUrl?: string | undefined;
}

/** After the install folder (`site-packages/`, `dist-packages/`) or, failing that, the last three parts of a path. */
function shortPath(file: string): string {
  const parts = file.replace(/\\/g, "/").split("/");
  const at = parts.findLastIndex((p) => p === "site-packages" || p === "dist-packages");
  return (at >= 0 ? parts.slice(at + 1) : parts.slice(-3)).join("/");
}

/** The covered repository of a frame and the frame's package-relative path in it. */
function covered(fr: Frame, repos: readonly string[]): { repo: string; key: string } | null {
  for (const repo of repos) {
    const key = packagePath(fr.file, packageOf(repo));
    if (key) return { repo, key };
  }
  return null;
}

/** The raise site of one final traceback; undefined for one without frames. */
function raiseSite(m: Matcher, tb: Traceback): RaiseSite | undefined {
  const last = tb.frames[tb.frames.length - 1];
  if (!last || last.file === "") return undefined;
  const repos = m.repos();
  const here = covered(last, repos);
  // The deepest frame in a covered package: the search goes to that project even when the last frame is in a dependency.
  const through = here ?? [...tb.frames].reverse().reduce<ReturnType<typeof covered>>((f, fr) => f ?? covered(fr, repos), null);
  const inFile = here ? m.siteIndex().recordsIn({ ...tb, frames: [last] }) : [];
  // Over part of the data, the file's records must be at hand to list them: the lookup asks for the missing ones and runs again.
  const atHand = inFile.filter((i) => m.loaded(i));
  const entries = atHand.map((i) => m.entry(i));
  entries.sort(
    (a, b) => Number(b.errorClass === tb.exceptionClass) - Number(a.errorClass === tb.exceptionClass) || a.lineNumber - b.lineNumber,
  );
  const withSha = entries.find((e) => e.sha);
  return {
    line: tb.exceptionLine,
    exception: `${tb.qualifiedClass}${tb.message ? `: ${tb.message.split("\n", 1)[0]}` : ""}`.slice(0, 500),
    file: here ? here.key : shortPath(last.file),
    func: last.func,
    lineNumber: last.line,
    source: last.source
      ?.find((s) => s.trim() && !/^[\s~^]+$/.test(s))
      ?.trim()
      .slice(0, 500),
    repo: through?.repo,
    known: entries
      .slice(0, MAX_KNOWN_IN_FILE)
      .map((e) => ({ id: e.id, repo: e.repo, slug: e.slug, errorClass: e.errorClass, message: e.message })),
    knownTotal: inFile.length,
    githubUrl: withSha
      ? `https://github.com/${withSha.repo}/blob/${withSha.sha}/${withSha.filePath.split("/").map(encodeURIComponent).join("/")}`
      : undefined,
  };
}

/** The raise sites of the final tracebacks, in log order, at most `max`. */
export function raiseSites(m: Matcher, tracebacks: Traceback[], max: number): RaiseSite[] {
  const out: RaiseSite[] = [];
  for (const tb of finalTracebacks(tracebacks).slice(-max)) {
    if (tb.cut) continue;
    const site = raiseSite(m, tb);
    if (site) out.push(site);
  }
  return out;
}
