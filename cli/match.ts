/**
 * `errdex match [--data PATH] [--format FORMAT] [--top N] [FILE|-]`: the
 * paste-a-log lookup for terminals and CI, with the same matcher the browser
 * runs. Exit 0 when something matched, 1 when nothing did, 2 on usage or
 * data errors.
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { loadDataset, dataLocation, DatasetIOError } from "../server/dataset";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { Matcher } from "../lib/match/matcher";
import { buildReport, type MatchReport } from "../lib/match/report";
import { countProblems } from "../lib/dataset/problems";
import { reportMarkdown } from "../lib/site/chat-markdown";
import { styleFor } from "./terminal";
import { readCachedMatcher, writeCachedMatcher } from "./matcher-cache";
import type { Format, RecordFormat } from "./args";
import { formatText } from "./format/text";
import { formatJson } from "./format/json";
import { formatGithub, stepSummary } from "./format/github";

export interface MatchOptions {
  data?: string | undefined;
  format: Format;
  top: number;
  input: string;
  /** Print the first match in full, as `errdex show` does, instead of the list. */
  explain?: boolean;
}

/** Logs larger than this are refused with a clear message rather than exhausting memory. */
export const MAX_LOG_BYTES = 256 * 1024 * 1024;

/** Reads the log, loads the dataset, matches and prints. */
export async function runMatch(opts: MatchOptions): Promise<number> {
  const t0 = performance.now();
  let log: string;
  try {
    log = await readLog(opts.input);
  } catch (err) {
    process.stderr.write(`errdex: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  const location = dataLocation(opts.data);
  let matcher: Matcher | null;
  let fresh = false;
  try {
    matcher = readCachedMatcher(location);
    if (!matcher) {
      // The structure is checked here; the full per-record report is `errdex validate`'s job.
      const ds = loadDataset(location, { quick: true });
      const { errors } = countProblems(ds.problems);
      if (errors > 0) {
        process.stderr.write(
          `errdex: the dataset at ${ds.source} has ${errors} error(s); run errdex validate${opts.data ? ` --data ${opts.data}` : ""} to see them\n`,
        );
        return 2;
      }
      matcher = new Matcher(buildMatcherData(ds.records, ds.datasetVersion));
      fresh = true;
    }
  } catch (err) {
    if (err instanceof DatasetIOError) {
      process.stderr.write(`errdex: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const report = buildReport(matcher.lookup(log), {
    source: opts.input === "-" ? "stdin" : opts.input,
    top: opts.top,
    siteUrl: process.env.ERRDEX_SITE_URL,
  });
  if (opts.explain && opts.format !== "github") {
    if (fresh) writeCachedMatcher(location, matcher);
    return explain(report, opts.format, opts.data, (performance.now() - t0) / 1000);
  }
  process.stdout.write(render(report, opts.format, (performance.now() - t0) / 1000));
  if (opts.format === "github") appendStepSummary(report);
  // After the answer is out: the next run loads this instead of building again.
  if (fresh) writeCachedMatcher(location, matcher);
  return report.total > 0 ? 0 : 1;
}

/** `--explain`: the first match's record in full (cli/show), or what `match` says when nothing matched. */
async function explain(report: MatchReport, format: RecordFormat, data: string | undefined, seconds: number): Promise<number> {
  const first = report.matches[0];
  if (!first) {
    process.stdout.write(render(report, format, seconds));
    return 1;
  }
  const { loadForShow, renderRecord, ShowError } = await import("./show");
  try {
    const ds = loadForShow(data);
    const r = ds.byId.get(first.id);
    if (!r)
      throw new ShowError(
        `record ${first.id} matched but is not in the dataset at ${ds.source}; remove the cache (ERRDEX_CACHE_DIR) and try again`,
      );
    process.stdout.write(renderRecord(r, ds.versionOf.get(r.id), format));
    return 0;
  } catch (err) {
    if (!(err instanceof ShowError)) throw err;
    process.stderr.write(`errdex: ${err.message}\n`);
    return 2;
  }
}

function render(report: MatchReport, format: Format, seconds: number): string {
  switch (format) {
    case "text":
      return formatText(report, seconds, styleFor(process.stdout));
    case "json":
      return formatJson(report);
    case "markdown":
      return reportMarkdown(report) + "\n";
    case "github":
      return formatGithub(report);
  }
}

/** In a GitHub Actions job, adds the report with links to the job's summary page (best effort: the annotations are out already). */
function appendStepSummary(report: MatchReport): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    fs.appendFileSync(file, stepSummary(report));
  } catch (err) {
    const reason = err instanceof Error && "code" in err ? String(err.code) : String(err);
    process.stderr.write(`errdex: cannot write the step summary to ${file} (${reason}); the annotations above still hold\n`);
  }
}

/** Reads a file or stdin as UTF-8 (invalid bytes become U+FFFD), refusing logs over the limit. */
async function readLog(input: string): Promise<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  if (input !== "-") {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(input);
    } catch {
      throw new Error(`${input}: no such file`);
    }
    if (stat.isDirectory()) throw new Error(`${input}: is a folder, not a log file`);
    if (stat.size > MAX_LOG_BYTES)
      throw new Error(
        `${input}: the log is ${mib(stat.size)}, over the ${mib(MAX_LOG_BYTES)} limit; pass the relevant part (e.g. tail -c 100M ${input} | errdex match)`,
      );
    return decoder.decode(fs.readFileSync(input));
  }
  if (process.stdin.isTTY) process.stderr.write("errdex: reading a log from stdin (end with Ctrl-D)\n");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const b = chunk as Buffer;
    size += b.length;
    if (size > MAX_LOG_BYTES)
      throw new Error(`stdin: the log is over the ${mib(MAX_LOG_BYTES)} limit; pass the relevant part (e.g. | tail -c 100M)`);
    chunks.push(b);
  }
  return decoder.decode(Buffer.concat(chunks));
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
}
