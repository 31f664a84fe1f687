/**
 * `errdex mine PATH --repo OWNER/NAME`: a tree of Python source into an
 * errdex dataset. Two passes, both streaming: the files are mined (on worker
 * threads) into a temporary file of records, keeping only each record's key
 * in memory; then identities are settled against `--previous` and the
 * records are written out with their ids and slugs. Same tree, same output,
 * byte for byte. Exit 0 when the dataset is written, 2 on a usage or I/O error.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import crypto from "node:crypto";
import { once } from "node:events";
import { performance } from "node:perf_hooks";
import { RECORD_FIELDS, type ErrorRecord } from "../lib/record/schema";
import { settleIdentities, type Identity, type PreviousKey, type SiteKey } from "../lib/mine/identities";
import type { MinedRecord } from "../lib/mine/record";
import { FIXED_ANALYZED_AT, type MineOptions } from "./mine-args";
import { commitDate, gitPlace, pythonFiles } from "./mine-tree";
import { mineFiles, type FileJob } from "./mine-pool";
import { Progress } from "./mine-progress";
import { loadPrevious } from "./mine-previous";

const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");

/** Runs `errdex mine`; resolves to the exit code. */
export async function runMine(opts: MineOptions): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`errdex: ${message}\n`);
    return 2;
  };
  const root = path.resolve(opts.path);
  if (!fs.existsSync(root)) return fail(`${opts.path}: no such folder`);
  if (!fs.statSync(root).isDirectory()) return fail(`${opts.path}: not a folder; errdex mine reads a folder of Python files`);
  const git = gitPlace(root);
  const sha = opts.sha ?? git?.sha;
  if (!sha)
    return fail(
      `${opts.path} is not in a git checkout (or git ignores it), so the commit is unknown: pass --sha SHA (the 40-hex-digit commit the files are at)`,
    );
  const analyzedAt =
    opts.analyzedAt ?? (git ? (sha === git.sha ? git.committedAt : commitDate(root, sha)) : null) ?? sourceDateEpoch() ?? FIXED_ANALYZED_AT;
  let previous: PreviousKey[] = [];
  if (opts.previous) {
    try {
      previous = loadPrevious(opts.previous);
    } catch (err) {
      return fail(err instanceof Error ? err.message : String(err));
    }
  }
  // Outside git, a package folder (one with __init__.py) is named as its repository lays it out: numpy/core/…
  const prefix = git ? git.prefix : fs.existsSync(path.join(root, "__init__.py")) ? path.basename(root) : "";
  const tree = { repo: opts.repo, sha, analyzedAt, maxFileBytes: opts.maxFileBytes };
  const progress = new Progress(process.stderr);
  const jobs = opts.jobs ?? Math.max(1, Math.min(2, os.availableParallelism()));
  const walkProblems: string[] = [];
  const files = jobList(root, prefix, opts.excludes, walkProblems);
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "errdex-mine-")), "records.jsonl");
  try {
    const keys = await minePass(files, tree, jobs, tmp, opts, progress);
    for (const line of walkProblems) progress.problem(line);
    const { identities, removed } = settleIdentities(keys, previous, sha256);
    await writePass(tmp, identities, analyzedAt, opts.out);
    progress.finish(identities, removed, opts.out);
    return 0;
  } finally {
    fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
  }
}

/** SOURCE_DATE_EPOCH (seconds), the reproducible-builds convention, as an ISO time. */
function sourceDateEpoch(): string | null {
  const s = process.env.SOURCE_DATE_EPOCH;
  return s && /^\d+$/.test(s) ? new Date(Number(s) * 1000).toISOString() : null;
}

/** The files to mine; problems the walk meets ride on the next file, so stderr keeps the walk's order. */
function* jobList(root: string, prefix: string, excludes: string[], problems: string[]): Generator<FileJob> {
  for (const f of pythonFiles(root, excludes, (line) => problems.push(line))) {
    yield { abs: f.abs, filePath: prefix ? `${prefix}/${f.rel}` : f.rel, before: problems.splice(0) };
  }
}

/** First pass: mines every file, writes records without identity to `tmp`, returns their keys in order. */
async function minePass(
  files: Iterable<FileJob>,
  tree: { repo: string; sha: string; analyzedAt: string; maxFileBytes: number },
  jobs: number,
  tmp: string,
  opts: MineOptions,
  progress: Progress,
): Promise<SiteKey[]> {
  const out = fs.createWriteStream(tmp);
  const keys: SiteKey[] = [];
  const messages = new Set<string>();
  const t0 = performance.now();
  for await (const [job, result] of mineFiles(files, tree, jobs)) {
    for (const line of job.before ?? []) progress.problem(line);
    progress.file(result, opts.verbose);
    for (const { record, scope } of result.records) {
      // Identical messages raised at several sites are one record: the first in file order.
      if (messages.has(record.errorMessage)) {
        progress.merged++;
        continue;
      }
      messages.add(record.errorMessage);
      keys.push({ repo: record.repo, filePath: record.filePath, errorClass: record.errorClass, errorMessage: record.errorMessage, scope });
      if (!out.write(JSON.stringify(record) + "\n")) await once(out, "drain");
    }
  }
  out.end();
  await once(out, "finish");
  progress.seconds = (performance.now() - t0) / 1000;
  return keys;
}

/** Second pass: each record with its id and slug, fields in the schema's order, to `--out` or stdout. */
async function writePass(tmp: string, identities: Identity[], datasetVersion: string, outPath: string | undefined): Promise<void> {
  const target = outPath ? `${outPath}.${process.pid}.tmp` : null;
  if (outPath) fs.mkdirSync(path.dirname(path.resolve(outPath)), { recursive: true });
  const out = target ? fs.createWriteStream(target) : process.stdout;
  const lines = readline.createInterface({ input: fs.createReadStream(tmp), crlfDelay: Infinity });
  let i = 0;
  for await (const line of lines) {
    const mined = JSON.parse(line) as MinedRecord;
    const { id, slug } = identities[i++]!;
    const full = { ...mined, id, slug } as ErrorRecord;
    const record = Object.fromEntries(RECORD_FIELDS.map((f) => [f, full[f]]));
    if (!out.write(JSON.stringify({ record, datasetVersion }) + "\n")) await once(out, "drain");
  }
  if (target && out instanceof fs.WriteStream) {
    out.end();
    await once(out, "finish");
    fs.renameSync(target, outPath!);
  }
}
