/**
 * Evidence a log gives beyond its messages:
 *
 * - which repository's code wrote it: package paths in frames
 *   (`site-packages/vllm/…`), how it was started (`python -m
 *   sglang.launch_server`, `vllm serve`), imports, and logger formats
 *   (vLLM's `INFO 06-30 13:53:10 [core.py:515]`); it orders records whose
 *   message is the same in several repositories;
 * - where the error was raised: a traceback frame in a record's file
 *   (however the install prefix looks: site-packages, dist-packages,
 *   /sgl-workspace/, src/), with the printed source line of the record's
 *   raise statement, finds the record even when its line moved and its
 *   wording drifted.
 */
import type { Traceback } from "../../log/traceback";
import { withoutJsWhitespace } from "../../text";
import type { MatcherEntry } from "../data/matcher-data";
import { lineHash } from "../data/source-facts";
import { T } from "./tuning";

export interface RepoEvidence {
  /** 0 (none) to 1 (strong): how clearly the log comes from this repository. */
  strength: number;
  /** What showed it, in plain words. */
  why: string[];
}

/** Log formats only one project writes. */
const LOG_FORMATS: { pkg: string; re: RegExp; what: string }[] = [
  {
    pkg: "vllm",
    re: /(?:^|\n)[ \t]*(?:\(\w+(?: [\w=]+)* pid=\d+\)\s*)?(?:INFO|WARNING|ERROR|DEBUG|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[[\w.]+\.py:\d+\]/,
    what: "vLLM's log format (INFO 06-30 13:53:10 [core.py:515])",
  },
  {
    pkg: "vllm",
    re: /(?:^|\n)[ \t`]*(?:\(\w+(?: [\w=]+)* pid=\d+\)\s*)?(?:INFO|WARNING|ERROR|DEBUG|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? [\w.]+\.py:\d+\]/,
    what: "vLLM's older log format (ERROR 04-24 09:33:04 ray_utils.py:44])",
  },
  {
    // vLLM's engine configs are pydantic dataclasses; pydantic names the class whose arguments failed.
    pkg: "vllm",
    re: /\b\d+ validation errors? for (?:Model|Vllm|Cache|Parallel|Scheduler|Speculative|LoRA|Load|Device|Compilation|MultiModal|Pooler|Observability|KVTransfer|StructuredOutputs)Config\b/,
    what: "vLLM's config validation (1 validation error for ModelConfig)",
  },
  {
    pkg: "sglang",
    re: /(?:^|\n)[ \t]*\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?: (?:TP|DP|PP|EP)\d+)+\]/,
    what: "sglang's log format ([2025-06-01 10:00:00 TP0])",
  },
];

/** The package a repository's code is imported as (`vllm-project/vllm` → `vllm`). */
export function packageOf(repo: string): string {
  return (repo.split("/")[1] ?? repo).toLowerCase().replace(/-/g, "_");
}

/** Traceback frame paths; how a program was started (`python -m pkg.x`, `pkg serve`); imports. One pass each over the log. */
const FRAME_PATH = /File "([^"\n]{1,500})"/g;
const PYTHON_M = /\bpython[0-9.]*\s+-m\s+([A-Za-z_][\w]*)\.[\w.]+/g;
const SERVE = /\b([a-z_][a-z0-9_]*) serve\b/g;
const IMPORT = /^\s*(?:from|import) ([A-Za-z_]\w*)/gm;
const PACKAGES_DIR = /[/\\](?:site|dist)-packages[/\\]([A-Za-z_]\w*)[/\\]/g;
/** A version as pip pins it: digits, a dot, digits (`0.4.0`, `4.45`); `== 1` in code is a comparison, not a pin. */
const PINNED_VERSION = /^\s*\d+\.\d/;
const NAME_CHAR = /[\w-]/;

/**
 * Packages pinned as pip writes them (`vllm==0.4.0`, `transformers >= 4.45`), found from each operator and read back
 * from it character by character (a regex tried at every word, or anchored at the end only, is slow on 10 MB).
 */
function pinnedPackages(text: string, out: Set<string>): void {
  for (const op of ["==", ">=", "~="]) {
    for (let i = text.indexOf(op); i >= 0; i = text.indexOf(op, i + op.length)) {
      if (!PINNED_VERSION.test(text.slice(i + op.length, i + 12))) continue; // not tuning: room for a version's first digits
      let end = i;
      while (end > 0 && text[end - 1] === " ") end--;
      let start = end;
      while (start > 0 && end - start < 64 && NAME_CHAR.test(text[start - 1]!)) start--; // not tuning: a package name's length bound
      if (start < end && /[A-Za-z_]/.test(text[start]!)) out.add(text.slice(start, end).toLowerCase().replace(/-/g, "_"));
    }
  }
}

/** What the whole log says of each repository (by full name), for the repositories given. */
export function repoEvidence(log: string, repos: Iterable<string>): Map<string, RepoEvidence> {
  const text = log.length > 2 * T.repoSample ? log.slice(0, T.repoSample) + "\n" + log.slice(-T.repoSample) : log; // not tuning: its start and end
  // Packages seen in frames (by folder name), started, served, imported, installed.
  const frames = new Map<string, number>();
  // A long log prints the same frames again and again: each path is split once.
  const folders = new Map<string, Set<string>>();
  for (const m of text.matchAll(FRAME_PATH)) {
    const file = m[1]!;
    let parts = folders.get(file);
    if (!parts) folders.set(file, (parts = new Set(file.split(/[/\\]/).slice(0, -1))));
    for (const part of parts) frames.set(part, (frames.get(part) ?? 0) + 1);
  }
  const started = new Map<string, string>();
  for (const m of text.matchAll(PYTHON_M)) if (!started.has(m[1]!)) started.set(m[1]!, m[0]);
  // A log without ` serve` is not searched for it (the search tries every word of the log).
  if (text.includes(" serve")) for (const m of text.matchAll(SERVE)) if (!started.has(m[1]!)) started.set(m[1]!, m[0]);
  const named = new Set<string>();
  for (const m of text.matchAll(IMPORT)) named.add(m[1]!);
  for (const m of text.matchAll(PACKAGES_DIR)) named.add(m[1]!);
  pinnedPackages(text, named);
  const out = new Map<string, RepoEvidence>();
  for (const repo of repos) {
    const pkg = packageOf(repo);
    const why: string[] = [];
    let score = 0;
    const n = frames.get(pkg) ?? 0;
    if (n) {
      score += T.repoFrames;
      why.push(`${n} traceback frame${n === 1 ? "" : "s"} in ${pkg}/`);
    }
    const how = started.get(pkg);
    if (how) {
      score += T.repoStarted;
      why.push(`started with \`${how}\``);
    }
    if (!n && named.has(pkg)) {
      score += T.repoNamed;
      why.push(`the log names the ${pkg} package`);
    } else if (!n && !how && MENTIONED[pkg] && mentions(text, pkg, MENTIONED[pkg])) {
      score += T.repoNamed;
      why.push(`the log mentions ${pkg}`);
    }
    for (const f of LOG_FORMATS) {
      if (f.pkg === pkg && f.re.test(text)) {
        score += T.repoLogFormat;
        why.push(f.what);
      }
    }
    if (score > 0) out.set(repo, { strength: Math.min(1, score / T.repoFull), why });
  }
  return out;
}

/**
 * Packages a log's prose may name as a word (an issue's title `sglang`, "I'm using vLLM 0.6.2"), with their usual
 * spelling. Not `transformers`: its name is a common word of messages (`the Transformers library`) and of every
 * environment report.
 */
const MENTIONED: Record<string, string> = { vllm: "vLLM", sglang: "SGLang" };
const WORD_CHAR = /[\w./-]/;

/** Whether a text names a package as a word, in lower case, upper case or its usual spelling (indexOf, not a case-folding regex over 10 MB). */
function mentions(text: string, pkg: string, spelling: string): boolean {
  for (const form of new Set([pkg, pkg.toUpperCase(), spelling])) {
    for (let i = text.indexOf(form); i >= 0; i = text.indexOf(form, i + 1)) {
      const after = i + form.length;
      // (a sentence may end with the name: `… with sglang.`; `sglang.srt` is a module)
      const ends = !WORD_CHAR.test(text[after] ?? " ") || (text[after] === "." && !/\S/.test(text[after + 1] ?? " "));
      if (!WORD_CHAR.test(text[i - 1] ?? " ") && ends) return true;
    }
  }
  return false;
}

/** A package-relative path: from the package's own folder on (`…/site-packages/vllm/v1/x.py` → `vllm/v1/x.py`). */
export function packagePath(file: string, pkg: string): string | null {
  const parts = file.replace(/\\/g, "/").split("/");
  const i = parts.lastIndexOf(pkg);
  return i < 0 || i === parts.length - 1 ? null : parts.slice(i).join("/");
}

/** How a traceback points at a record's raise site. */
export interface SiteEvidence {
  /** The frame is in the record's file (package-relative path); false for a file of the same name elsewhere in the package (a moved module). */
  file: boolean;
  /** …at the record's line. */
  line: boolean;
  /** …and prints the source line of the record's raise statement. */
  source: boolean;
  /** …and that line says more than `raise ValueError(` (which many raises in a file share). */
  distinctive: boolean;
  /** The frame is the traceback's last (where the exception was raised). */
  last: boolean;
  /** The frame, as the reasons show it. */
  where: string;
}

/**
 * How a traceback points at a record: the frame in the record's file that
 * says most (package-relative path; for a record outside a package folder,
 * the file and its folder). Undefined when no frame is in its file.
 */
export function siteEvidence(e: MatcherEntry, tb: Traceback): SiteEvidence | undefined {
  const pkg = packageOf(e.repo);
  const recordKey = packagePath(e.filePath, pkg);
  const recordParts = e.filePath.split("/");
  let best: SiteEvidence | undefined;
  const recordName = recordParts[recordParts.length - 1];
  tb.frames.forEach((fr, k) => {
    let key: string | null = null;
    let moved = false;
    // A paste cut off between the frame's line and its source line: the printed raise statement alone.
    const noFile = fr.file === "";
    if (noFile) moved = true;
    else if (recordKey) {
      key = packagePath(fr.file, pkg);
      if (key !== recordKey) {
        // A module moved between releases (`transformers/deepspeed.py` → `transformers/integrations/deepspeed.py`):
        // a frame in the package, in a file of the same name, that prints the record's own raise statement.
        if (!key || key.split("/").pop() !== recordName) return;
        moved = true;
      }
    } else {
      // The file name alone is too weak (every project has a utils.py): ask for its folder too.
      const parts = fr.file.replace(/\\/g, "/").split("/");
      let n = 0;
      while (n < parts.length && n < recordParts.length && parts[parts.length - 1 - n] === recordParts[recordParts.length - 1 - n]) n++;
      if (n < T.siteFolderParts) return;
      key = parts.slice(-n).join("/");
    }
    const printed = (fr.source ?? []).map(withoutJsWhitespace).filter((s) => e.site?.includes(lineHash(s)));
    if (moved && !printed.some((s) => !BARE_RAISE.test(s))) return;
    // A frame that prints a line other than the record's raise statement is at another release's code: its line
    // number coinciding with the record's says nothing (`raise ImportError(` at 2491 then, a ValueError's raise now).
    const otherCode = !!e.site && (fr.source?.length ?? 0) > 0 && printed.length === 0;
    const ev: SiteEvidence = {
      file: !moved,
      line: !moved && fr.line === e.lineNumber && !otherCode,
      source: printed.length > 0,
      distinctive: printed.some((s) => !BARE_RAISE.test(s)),
      last: k === tb.frames.length - 1,
      where: noFile
        ? "whose file the paste cut off"
        : `${key}, line ${fr.line}${fr.func ? `, in ${fr.func}` : ""}${moved ? ` (the record's file is now ${recordKey})` : ""}`,
    };
    if (siteStrength(ev) > siteStrength(best)) best = ev;
  });
  return best;
}

/** A raise statement's first line that names only the class: `raise ValueError(`, `raise errors.ConfigError(`. */
const BARE_RAISE = /^raise[\w.]*\(?$/;

/** A SiteIndex as plain parts: records (entry indexes) by package-relative path, and the packages in the order first seen. */
export interface SiteParts {
  byPath: Map<string, number[]>;
  packages: string[];
}

/**
 * The parts of the site index of entries whose package-relative files are `files` (by entry; "" for none), as the
 * index built from the entries has them: a matcher read from its cache builds it without parsing every entry.
 */
export function siteParts(files: readonly string[]): SiteParts {
  const byPath = new Map<string, number[]>();
  const packages = new Set<string>();
  // By index: a list read from the CLI's cache may be lazy (its strings decoded on access), which forEach would skip.
  for (let i = 0; i < files.length; i++) {
    const key = files[i]!;
    if (!key) continue;
    packages.add(key.slice(0, key.indexOf("/")));
    const list = byPath.get(key);
    if (list) list.push(i);
    else byPath.set(key, [i]);
  }
  return { byPath, packages: [...packages] };
}

/** Records by package-relative file path, to find the records a traceback frame is in. */
export class SiteIndex {
  private readonly byPath: Map<string, number[]>;
  private readonly packages: Set<string>;

  /** Indexes `entries`, or takes the parts of an index of the whole data (a lookup over part of it). */
  constructor(entries: readonly MatcherEntry[] | SiteParts) {
    if (!Array.isArray(entries)) {
      const parts = entries as SiteParts;
      this.byPath = parts.byPath;
      this.packages = new Set(parts.packages);
      return;
    }
    this.byPath = new Map();
    this.packages = new Set();
    entries.forEach((e, i) => {
      const pkg = packageOf(e.repo);
      const key = packagePath(e.filePath, pkg);
      if (!key) return;
      this.packages.add(pkg);
      const list = this.byPath.get(key);
      if (list) list.push(i);
      else this.byPath.set(key, [i]);
    });
  }

  /** The index as plain parts. */
  parts(): SiteParts {
    return { byPath: this.byPath, packages: [...this.packages] };
  }

  /** The records raised in the same file as `e` (`e` among them; none for a file outside its repository's package). */
  sameFile(e: MatcherEntry): number[] {
    const key = packagePath(e.filePath, packageOf(e.repo));
    return (key && this.byPath.get(key)) || [];
  }

  /** The records (by index) whose file a frame of the traceback is in. */
  recordsIn(tb: Traceback): number[] {
    const out = new Set<number>();
    for (const fr of tb.frames) {
      for (const pkg of this.packages) {
        const key = packagePath(fr.file, pkg);
        if (key) for (const i of this.byPath.get(key) ?? []) out.add(i);
      }
    }
    return [...out];
  }
}

/** Orders site evidence: the raise statement printed beats the line number, the last frame beats the others. */
export function siteStrength(s: SiteEvidence | undefined): number {
  if (!s) return 0;
  return (
    (s.source ? (s.distinctive ? T.siteRankDistinctiveSource : T.siteRankSource) : 0) +
    (s.line ? T.siteRankLine : 0) +
    (s.last ? T.siteRankLast : 0) +
    (s.file ? T.siteRankFile : 0)
  );
}
