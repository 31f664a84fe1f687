/**
 * The words of `errdex mine`: its options, its help (with the folders it
 * skips by default), and arguments parsed into options or the exact usage
 * error to print. Pure, like `args.ts`, which hands `mine` over to it.
 */
import { parseArgs } from "node:util";
import { DEFAULT_SKIPPED_FOLDERS } from "../lib/mine/skip";
import { REPO_RE, SHA_RE } from "../lib/record/ids";
import { DEFAULT_MAX_FILE_BYTES } from "./mine-file";

export interface MineOptions {
  path: string;
  repo: string;
  sha?: string | undefined;
  out?: string | undefined;
  previous?: string | undefined;
  excludes: string[];
  analyzedAt?: string | undefined;
  maxFileBytes: number;
  /** Worker threads; 1 mines in this thread. */
  jobs?: number | undefined;
  verbose: boolean;
}

export type MineParse = { kind: "help" } | { kind: "error"; message: string } | { kind: "mine"; options: MineOptions };

/** The date the records carry when there is no git commit, no --analyzed-at and no SOURCE_DATE_EPOCH. */
export const FIXED_ANALYZED_AT = "1970-01-01T00:00:00.000Z";

export const MINE_USAGE = `usage: errdex mine PATH --repo OWNER/NAME [options]

Mines the Python files under PATH into an errdex dataset: one record per message
raised with \`raise X("…")\` (plain, f-string, concatenated, %-formatted, .format()-ed,
or a variable assigned a string above the raise), derived from the code alone.
Progress, files that do not parse and a summary go to stderr.

options:
  --repo OWNER/NAME      the GitHub repository the files come from (required)
  --sha SHA              the 40-hex-digit commit the files are at (default: git's HEAD at PATH;
                         required when PATH is not in a git checkout)
  --out FILE             write the dataset (JSON Lines) to FILE (default: stdout)
  --previous DATASET     an earlier dataset (file or folder): sites that continue its records
                         keep their id and slug; records no site continues are listed as removed
  --exclude GLOB         skip paths matching GLOB (repeatable), e.g. --exclude '*_pb2.py'
                         --exclude 'legacy/**'; a glob without / matches a name at any depth
  --analyzed-at TIME     the records' analyzedAt (ISO 8601; default: the commit's date, else
                         $SOURCE_DATE_EPOCH, else ${FIXED_ANALYZED_AT}), so output is reproducible
  --max-file-size BYTES  skip files larger than this (default ${DEFAULT_MAX_FILE_BYTES})
  --jobs N               worker threads (default: 2, or 1 on a one-core machine)
  --verbose              list every raise whose message it cannot read, not just their count
  -h, --help             show this help

skipped by default: folders named ${DEFAULT_SKIPPED_FOLDERS.join(", ")},
hidden folders (.git, .tox…), and test files (test_*.py, *_test.py, conftest.py).

example:
  errdex mine ~/src/vllm --repo vllm-project/vllm --out data/vllm.jsonl
  ERRDEX_DATA=data npm run build`;

const OPTIONS = {
  repo: { type: "string" },
  sha: { type: "string" },
  out: { type: "string" },
  previous: { type: "string" },
  exclude: { type: "string", multiple: true },
  "analyzed-at": { type: "string" },
  "max-file-size": { type: "string" },
  jobs: { type: "string" },
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const NAMES = "--repo, --sha, --out, --previous, --exclude, --analyzed-at, --max-file-size, --jobs, --verbose, -h/--help";

/** Parses the arguments after `errdex mine`. */
export function parseMineArgs(args: string[]): MineParse {
  const error = (message: string): MineParse => ({ kind: "error", message });
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const unknown = /Unknown option '([^']+)'/.exec(message);
    return error(unknown ? `unknown option '${unknown[1]}'; mine takes ${NAMES}` : message);
  }
  const v = parsed.values;
  if (v.help) return { kind: "help" };
  const [path, ...extra] = parsed.positionals;
  if (!path) return error("mine needs the folder to mine: errdex mine PATH --repo OWNER/NAME");
  if (extra.length) return error(`mine takes one folder (got ${parsed.positionals.length}: ${parsed.positionals.join(" ")})`);
  if (v.repo === undefined) return error("mine needs --repo OWNER/NAME, the GitHub repository the files come from");
  if (!REPO_RE.test(v.repo)) return error(`--repo must be OWNER/NAME as on GitHub, e.g. vllm-project/vllm (got ${JSON.stringify(v.repo)})`);
  if (v.sha !== undefined && !SHA_RE.test(v.sha))
    return error(`--sha must be a full commit of 40 lower-case hex digits (got ${JSON.stringify(v.sha)})`);
  const analyzedAt = v["analyzed-at"];
  if (analyzedAt !== undefined && !isIsoTime(analyzedAt))
    return error(`--analyzed-at must be an ISO 8601 date-time such as 2026-08-28T05:10:05Z (got ${JSON.stringify(analyzedAt)})`);
  const maxFileBytes = v["max-file-size"] === undefined ? DEFAULT_MAX_FILE_BYTES : Number(v["max-file-size"]);
  if (!Number.isInteger(maxFileBytes) || maxFileBytes < 1)
    return error(`--max-file-size must be a whole number of bytes (got ${v["max-file-size"]})`);
  const jobs = v.jobs === undefined ? undefined : Number(v.jobs);
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1 || jobs > 64))
    return error(`--jobs must be a whole number from 1 to 64 (got ${v.jobs})`);
  return {
    kind: "mine",
    options: {
      path,
      repo: v.repo,
      sha: v.sha,
      out: v.out,
      previous: v.previous,
      excludes: v.exclude ?? [],
      analyzedAt: analyzedAt === undefined ? undefined : new Date(analyzedAt).toISOString(),
      maxFileBytes,
      jobs,
      verbose: v.verbose ?? false,
    },
  };
}

/** An ISO 8601 date-time with a time zone. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

function isIsoTime(s: string): boolean {
  return ISO_TIME.test(s) && !Number.isNaN(Date.parse(s));
}
