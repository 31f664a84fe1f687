/**
 * `errdex match [--data PATH] [--json] [--top N] [FILE|-]`: the paste-a-log
 * lookup for terminals and CI, with the same matcher the browser runs.
 * Exit 0 when something matched, 1 when nothing did, 2 on usage or data errors.
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { loadDataset, dataLocation, DatasetIOError } from "../server/dataset";
import { buildMatcherData } from "../lib/match/matcher-data";
import { Matcher, type Match } from "../lib/match/matcher";
import { recordPath, absoluteUrl } from "../lib/record/permalink";
import { countProblems } from "../lib/dataset/problems";
import { terminalSafe, styleFor } from "./terminal";
import { readCachedMatcher, writeCachedMatcher } from "./matcher-cache";

export interface MatchOptions {
  data?: string;
  json: boolean;
  top: number;
  input: string;
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
  const result = matcher.lookup(log);
  const matches = result.matches.slice(0, opts.top);
  const site = process.env.ERRDEX_SITE_URL;
  const permalink = (m: Match) => absoluteUrl(recordPath(m.entry), site);
  if (opts.json) {
    const out = {
      matches: matches.map((m) => ({
        id: m.entry.id,
        repo: m.entry.repo,
        slug: m.entry.slug,
        errorClass: m.entry.errorClass,
        message: m.entry.message,
        kind: m.kind,
        score: m.score,
        permalink: permalink(m),
        reasons: m.reasons,
        occurrences: m.occurrences,
        lines: m.lines.map((l) => ({
          line: l.line,
          text: l.text,
          start: l.start,
          end: l.end,
          captures: l.captures.map((c) => ({ group: c.group, name: c.name, value: c.value, start: c.start, end: c.end })),
        })),
      })),
      total: result.matches.length,
      lines: result.lineCount,
      stopped: result.stopped,
    };
    process.stdout.write(JSON.stringify(out) + "\n");
  } else {
    printHuman(matches, result.matches.length, result.lineCount, opts.input, (performance.now() - t0) / 1000, permalink);
  }
  // After the answer is out: the next run loads this instead of building again.
  if (fresh) writeCachedMatcher(location, matcher);
  return result.matches.length > 0 ? 0 : 1;
}

function printHuman(
  matches: Match[],
  total: number,
  lineCount: number,
  input: string,
  seconds: number,
  permalink: (m: Match) => string,
): void {
  const out = process.stdout;
  const st = styleFor(out);
  const source = input === "-" ? "stdin" : input;
  if (total === 0) {
    out.write(`errdex: no known error in ${terminalSafe(source)} (${lineCount} lines, ${seconds.toFixed(2)} s)\n`);
    return;
  }
  const shown = matches.length < total ? `, showing the top ${matches.length}` : "";
  out.write(
    `errdex: ${total} known error${total === 1 ? "" : "s"} in ${terminalSafe(source)} (${lineCount} lines, ${seconds.toFixed(2)} s${shown})\n`,
  );
  matches.forEach((m, i) => {
    const e = m.entry;
    out.write(`\n${st.bold(`${i + 1}. ${terminalSafe(e.errorClass)}: ${terminalSafe(oneLine(e.message))}`)}\n`);
    const kind = m.kind === "full" ? st.green("full match") : st.yellow("partial match");
    out.write(`   ${terminalSafe(e.repo)} · ${kind} · score ${m.score}${e.generic ? st.dim(" · generic pattern") : ""}\n`);
    out.write(`   ${st.cyan(terminalSafe(permalink(m)))}\n`);
    for (const l of m.lines.slice(0, 5)) {
      out.write(`   line ${l.line}: ${terminalSafe(clip(l.text, 200))}\n`);
      for (const c of l.captures)
        out.write(`      ${st.dim(`{${c.name ?? c.group}}`)} = ${terminalSafe(JSON.stringify(clip(c.value, 120)))}\n`);
    }
    if (m.lines.length > 5) out.write(`   … and ${m.lines.length - 5} more line(s)\n`);
    if (e.solution) out.write(`   fix: ${terminalSafe(oneLine(e.solution))}\n`);
    if (m.reasons.length) out.write(st.dim(`   why: ${terminalSafe(m.reasons.join("; "))}`) + "\n");
  });
}

function oneLine(s: string): string {
  const first = s.split("\n")[0] ?? "";
  return clip(first, 300) + (s.includes("\n") ? " …" : "");
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
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
