/**
 * `errdex match` as a user runs it in a terminal or CI: a real process on a
 * log file or stdin, with the exit code, the printed lines and the JSON.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { distinctRecord, exampleRecord, line } from "../lib/testing/test-fixtures";
import { recordSearchUrl } from "../lib/site/upstream-search";
import { tempFolders } from "./temp-folders";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXAMPLE = exampleRecord();
const SLOW = { timeout: 120_000 };
const TRACEBACK = [
  "[2025-06-01 10:00:00 TP3] Traceback (most recent call last):",
  '[2025-06-01 10:00:00 TP3]   File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
  "[2025-06-01 10:00:00 TP3]     raise RuntimeError(",
  "[2025-06-01 10:00:00 TP3] RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA \x1b[31mMAMBA\x1b[0m hybrid models yet.",
].join("\n");

const temp = tempFolders("match");
const tmp = temp.folder;

function errdex(args: string[], input?: string | Buffer, env: Record<string, string> = {}) {
  const { ERRDEX_DATA: _a, ERRDEX_SITE_URL: _b, GITHUB_STEP_SUMMARY: _c, ...inherited } = process.env;
  const run = spawnSync("npx", ["tsx", "cli/errdex.ts", "match", ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...inherited, NO_COLOR: "1", ...env },
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("errdex match", () => {
  it("finds the example error in a prefixed, coloured traceback, prints its permalink, line and capture, and exits 0", SLOW, () => {
    const dir = tmp({ "job.log": TRACEBACK });
    const r = errdex([path.join(dir, "job.log")]);
    expect(r.code).toBe(0);
    const out = r.stdout.split("\n");
    expect(out[0]).toMatch(/^errdex: 1 known error in .*job\.log \(4 lines, \d+\.\d\d s\)$/);
    expect(out).toContain(`1. RuntimeError: ${EXAMPLE.errorMessage}`);
    expect(out).toContain(`   /errors/sgl-project/sglang/${EXAMPLE.slug}`);
    expect(out).toContain(
      "   line 4: RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
    );
    expect(out).toContain("   sgl-project/sglang · high confidence · full match · score " + /score (\d+)/.exec(r.stdout)![1]);
    expect(out).toContain('      {st.upper()} = "MAMBA"');
    expect(out).toContain(`   fix: ${EXAMPLE.solutions[0]}`);
  });

  it("reads stdin, makes permalinks absolute with ERRDEX_SITE_URL, and prints the documented JSON", SLOW, () => {
    const r = errdex(["--json", "-"], TRACEBACK, { ERRDEX_SITE_URL: "https://errdex.example.org/" });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.matches).toHaveLength(1);
    const m = json.matches[0];
    expect(m).toMatchObject({
      id: EXAMPLE.id,
      repo: EXAMPLE.repo,
      slug: EXAMPLE.slug,
      errorClass: "RuntimeError",
      kind: "full",
      confidence: "high",
      permalink: `https://errdex.example.org/errors/sgl-project/sglang/${EXAMPLE.slug}`,
    });
    expect(typeof m.score).toBe("number");
    expect(m.reasons).toContain("the whole pattern matched");
    expect(m).not.toHaveProperty("diff");
    expect(m.lines).toEqual([
      {
        line: 4,
        text: "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
        start: 14,
        end: 107,
        captures: [{ group: 1, name: "st.upper()", value: "MAMBA", start: 83, end: 88 }],
      },
    ]);
  });

  it("answers a reworded message as similar wording, with its confidence and a compact word diff", SLOW, () => {
    const drifted = "RuntimeError: PD disaggregation does not support different TP sizes for non-MLA MAMBA hybrid models yet.";
    const text = errdex(["-"], drifted);
    expect(text.code).toBe(0);
    const out = text.stdout.split("\n");
    expect(out.some((l) => /^ {3}sgl-project\/sglang · (?:medium|low) confidence · similar wording · score \d+$/.test(l))).toBe(true);
    // Words are compared case-insensitively; the log's own text is shown.
    expect(out).toContain("   diff: PD disaggregation does not support [-PD-] different TP sizes for non-MLA MAMBA hybrid models yet.");
    const json = JSON.parse(errdex(["--json", "-"], drifted).stdout);
    expect(json.matches[0]).toMatchObject({ id: EXAMPLE.id, kind: "similar" });
    expect(json.matches[0].diff.filter((d: { op: string }) => d.op !== "=")).toEqual([{ op: "-", text: " PD" }]);
  });

  it("--format json prints what --json prints", SLOW, () => {
    const json = errdex(["--json", "-"], TRACEBACK);
    const format = errdex(["--format", "json", "-"], TRACEBACK);
    expect(format.code).toBe(0);
    expect(format.stdout).toBe(json.stdout);
    expect(JSON.parse(format.stdout).matches[0]).toMatchObject({ id: EXAMPLE.id, kind: "full", confidence: "high" });
  });

  it(
    "--format markdown prints a chat-ready bullet per known error: class and message, confidence and kind, the line, the fix, the link",
    SLOW,
    () => {
      const r = errdex(["--format", "markdown", "-"], TRACEBACK, { ERRDEX_SITE_URL: "https://errdex.example.org" });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(
        [
          "**errdex**: 1 known error in `stdin`, best first:",
          "",
          `- **RuntimeError**: ${EXAMPLE.errorMessage}  `,
          "  high confidence, full match, line 4: `RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.`  ",
          `  Fix: ${EXAMPLE.solutions[0]}  `,
          `  https://errdex.example.org/errors/sgl-project/sglang/${EXAMPLE.slug}  `,
          `  [Search sgl-project/sglang issues for this error](${recordSearchUrl(EXAMPLE)})`,
          "",
        ].join("\n"),
      );
    },
  );

  it("--format github annotates each known error and appends a summary with links to GITHUB_STEP_SUMMARY", SLOW, () => {
    const dir = tmp({ "job.log": TRACEBACK, "summary.md": "## Earlier step\n\n" });
    const summary = path.join(dir, "summary.md");
    const env = { GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary, ERRDEX_SITE_URL: "https://errdex.example.org" };
    const r = errdex(["--format", "github", path.join(dir, "job.log")], undefined, env);
    expect(r.code).toBe(0);
    const link = `https://errdex.example.org/errors/sgl-project/sglang/${EXAMPLE.slug}`;
    const logLine = "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.";
    expect(r.stdout).toBe(
      [
        `errdex: 1 known error in ${path.join(dir, "job.log")} (4 lines)`,
        `::error title=errdex%3A RuntimeError (high confidence%2C full match)::${EXAMPLE.errorMessage}%0A${path.join(dir, "job.log")}, line 4: ${logLine}%0AFix: ${EXAMPLE.solutions[0]}%0A${link}`,
        "",
      ].join("\n"),
    );
    const written = fs.readFileSync(summary, "utf8");
    expect(written.startsWith("## Earlier step\n\n**errdex**: 1 known error in `")).toBe(true);
    expect(written).toContain(`\n  ${link}  \n  [Search sgl-project/sglang issues for this error](${recordSearchUrl(EXAMPLE)})\n\n`);
    expect(written).toContain(`line 4: \`${logLine}\``);
  });

  it("--format markdown and github say when nothing matched, and exit 1", SLOW, () => {
    const dir = tmp({ "summary.md": "" });
    const md = errdex(["--format", "markdown"], "INFO all good\n");
    expect(md.code).toBe(1);
    expect(md.stdout).toBe("**errdex**: no known error in `stdin` (1 line).\n");
    const gh = errdex(["--format", "github"], "INFO all good\n", { GITHUB_STEP_SUMMARY: path.join(dir, "summary.md") });
    expect(gh.code).toBe(1);
    expect(gh.stdout).toBe("errdex: no known error in stdin (1 line)\n");
    expect(fs.readFileSync(path.join(dir, "summary.md"), "utf8")).toBe("**errdex**: no known error in `stdin` (1 line).\n\n");
  });

  it("says so when the step summary cannot be written, and still annotates and exits 0", SLOW, () => {
    const dir = tmp({});
    const r = errdex(["--format", "github", "-"], TRACEBACK, { GITHUB_STEP_SUMMARY: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[1]).toMatch(/^::error title=errdex%3A RuntimeError /);
    expect(r.stderr).toBe(`errdex: cannot write the step summary to ${dir} (EISDIR); the annotations above still hold\n`);
  });

  it("exits 1 and says so when nothing matched", SLOW, () => {
    const r = errdex([], "INFO all good\nINFO still good\n");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^errdex: no known error in stdin \(2 lines, \d+\.\d\d s\)\n$/);
  });

  it("--top limits the list, best first", SLOW, () => {
    const second = distinctRecord(2, {
      errorMessage: "KV transfer to {peer} timed out after {secs} seconds",
      messagePattern: "KV transfer to (.+?) timed out after (.+?) seconds",
    });
    const dir = tmp({
      "data.jsonl": [line(), line(second)].join("\n") + "\n",
      "job.log": `${TRACEBACK}\nERROR KV transfer to 10.0.0.2 timed out after 30 seconds\n`,
    });
    const all = JSON.parse(errdex(["--data", path.join(dir, "data.jsonl"), "--json", path.join(dir, "job.log")]).stdout);
    expect(all.matches.map((m: { id: string }) => m.id)).toEqual([EXAMPLE.id, second.id]);
    const top = JSON.parse(errdex(["--data", path.join(dir, "data.jsonl"), "--json", "--top", "1", path.join(dir, "job.log")]).stdout);
    expect(top.matches.map((m: { id: string }) => m.id)).toEqual([EXAMPLE.id]);
    expect(top.total).toBe(2);
  });

  it("never passes escape sequences from the log or the dataset to the terminal", SLOW, () => {
    const evil = distinctRecord(3, {
      errorClass: "Evil\x1b]0;pwned\x07Error",
      errorMessage: "disk {name} is on fire",
      messagePattern: "disk (.+?) is on fire",
    });
    const dir = tmp({
      "data.jsonl": line(evil) + "\n",
      "job.log": "ERROR disk \x1b[2J\x1b[31msda\x1b[0m\x1b]8;;http://x\x07 is on fire\n",
    });
    const r = errdex(["--data", path.join(dir, "data.jsonl"), path.join(dir, "job.log")]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
    expect(r.stdout).toContain("Evil\\x1b]0;pwned\\x07Error: disk {name} is on fire");
  });

  it("reads invalid UTF-8 and NUL bytes without failing", SLOW, () => {
    const bytes = Buffer.concat([Buffer.from("garbage \xff\xfe\x00 here\n", "latin1"), Buffer.from(`${TRACEBACK}\n`)]);
    const dir = tmp({ "bin.log": bytes });
    const r = errdex(["--json", path.join(dir, "bin.log")]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).matches[0].id).toBe(EXAMPLE.id);
  });

  it.each([
    [["--top", "0", "x.log"], "errdex: --top must be a whole number of at least 1 (got 0)"],
    [["--format", "yaml", "-"], "errdex: unknown format 'yaml'; --format takes one of text, json, markdown, github"],
    [
      ["--frmat", "markdown", "-"],
      "errdex: unknown option '--frmat'; match takes --data PATH, --format FORMAT, --json, --top N, --explain, -h/--help",
    ],
    [["--json", "--format", "github", "-"], "errdex: --json is --format json, which disagrees with --format github; pass one"],
    [["a.log", "b.log"], "errdex: match reads one log (got 2)"],
    [["/nonexistent/job.log"], "errdex: /nonexistent/job.log: no such file"],
    [["--data", "/nonexistent/data", "-"], "errdex: /nonexistent/data: no such file or folder"],
  ])(
    "exits 2 on a usage or I/O error: %j",
    (args, message) => {
      const r = errdex(args, "");
      expect(r.code).toBe(2);
      expect(r.stderr.split("\n")[0]).toBe(message);
    },
    SLOW.timeout,
  );

  it("exits 2 when the dataset is malformed, and says how to see the problems", SLOW, () => {
    const dir = tmp({ "bad.jsonl": line(exampleRecord(), { lineNumber: "1344" }) + "\n" });
    const r = errdex(["--data", dir, "-"], TRACEBACK);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`errdex: the dataset at ${dir} has 1 error(s); run errdex validate --data ${dir} to see them\n`);
  });

  it("caches the built matcher: a second run reads it and answers the same; a damaged cache is rebuilt, not trusted", SLOW, () => {
    const cache = tmp({});
    const dir = tmp({ "data.jsonl": line() + "\n", "job.log": TRACEBACK });
    const args = ["--json", "--data", path.join(dir, "data.jsonl"), path.join(dir, "job.log")];
    const env = { ERRDEX_CACHE_DIR: cache };
    const first = errdex(args, undefined, env);
    expect(first.code).toBe(0);
    const files = fs.readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{32}\.bin$/);
    const file = path.join(cache, files[0]!);
    expect(fs.readFileSync(file).subarray(0, 8).toString()).toBe("ERRDEXS2");
    const written = fs.statSync(file).mtimeMs;
    const second = errdex(args, undefined, env);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).matches).toEqual(JSON.parse(first.stdout).matches);
    expect(fs.statSync(file).mtimeMs).toBe(written); // read, not rebuilt
    // A cache cut short (a full disk, a killed run) is no cache: the run rebuilds and rewrites it.
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 64));
    const third = errdex(args, undefined, env);
    expect(third.code).toBe(0);
    expect(JSON.parse(third.stdout).matches).toEqual(JSON.parse(first.stdout).matches);
    expect(fs.statSync(file).size).toBeGreaterThan(64);
    // A changed dataset is a new key: the old snapshot is not used for it.
    fs.writeFileSync(
      path.join(dir, "data.jsonl"),
      line(
        distinctRecord(9, {
          errorMessage: "nothing like this {x} at all",
          messagePattern: "nothing like this (.+?) at all",
          // Elsewhere too: the traceback's frame at the example's raise site would find it.
          lineNumber: 1340,
        }),
      ) + "\n",
    );
    const fourth = errdex(args, undefined, env);
    expect(fourth.code).toBe(1);
    expect(fs.readdirSync(cache)).toHaveLength(2);
  });
});
