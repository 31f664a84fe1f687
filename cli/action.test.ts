/**
 * action.yml as GitHub runs it, without a network: each step's `env` is
 * expanded from the inputs (defaults included) the way the runner expands
 * `${{ inputs.* }}`, its `run:` script runs with the runner's bash and the
 * variables a job sets (GITHUB_ACTIONS, GITHUB_ACTION_PATH,
 * GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE), and the action's
 * outputs are read back from GITHUB_OUTPUT. The action path holds a fresh
 * bundle of this checkout, as a release ref of errdex would.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distinctRecord, exampleRecord, line } from "../lib/testing/test-fixtures";
import { recordSearchUrl } from "../lib/site/upstream-search";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXAMPLE = exampleRecord();
const SLOW = { timeout: 120_000 };
const TRACEBACK = [
  "##[group]Run pytest",
  "Traceback (most recent call last):",
  '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
  "    raise RuntimeError(",
  "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
  "##[error]Process completed with exit code 1.",
].join("\n");
const LOG_LINE = "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.";
const SITE = "https://errdex.example.org";
const LINK = `${SITE}/errors/sgl-project/sglang/${EXAMPLE.slug}`;

interface ActionInput {
  description: string;
  required?: boolean;
  default?: string;
}
interface ActionStep {
  id?: string;
  shell: string;
  env?: Record<string, string>;
  run: string;
}
interface Action {
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: ActionStep[] };
}

const action = parse(fs.readFileSync(path.join(ROOT, "action.yml"), "utf8")) as Action;

let actionPath: string;
const folders: string[] = [];

beforeAll(() => {
  // What a release of errdex holds: the action, the entry point, the embedded data and the bundle.
  actionPath = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-action-"));
  for (const entry of ["action.yml", "bin", "data"]) fs.cpSync(path.join(ROOT, entry), path.join(actionPath, entry), { recursive: true });
  const built = spawnSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs"), path.join(actionPath, "dist/errdex.mjs")], {
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
}, SLOW.timeout);

afterAll(() => {
  for (const dir of [actionPath, ...folders]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A fresh workspace holding `files` (name → text), as actions/checkout and earlier steps leave it. */
function workspace(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-workspace-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** `${{ inputs.x }}` and `${{ steps.id.outputs.x }}`: the only expressions the action may use. */
function expand(text: string, inputs: Record<string, string>, steps: Record<string, Record<string, string>> = {}): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) {
      if (!(input[1]! in inputs)) throw new Error(`action.yml uses an undeclared input: ${expr}`);
      return inputs[input[1]!]!;
    }
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (output) return steps[output[1]!]?.[output[2]!] ?? "";
    throw new Error(`action.yml uses an expression this test does not evaluate: ${expr}`);
  });
}

/** Runs the action's steps in `cwd` as a job would, with `given` inputs; stops at the first failing step. */
function runAction(cwd: string, given: Record<string, string>) {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    if (name in given) inputs[name] = given[name]!;
    else if (spec.required) throw new Error(`input ${name} is required`);
    else inputs[name] = spec.default ?? "";
  }
  const runner = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-runner-"));
  folders.push(runner);
  const summary = path.join(runner, "step_summary.md");
  fs.writeFileSync(summary, "");
  const { ERRDEX_DATA: _a, ERRDEX_SITE_URL: _b, ...inherited } = process.env;
  const steps: Record<string, Record<string, string>> = {};
  let stdout = "";
  let stderr = "";
  let code: number | null = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    const script = path.join(runner, `step-${i}.sh`);
    const outputFile = path.join(runner, `output-${i}`);
    fs.writeFileSync(script, step.run);
    fs.writeFileSync(outputFile, "");
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), inputs)]));
    // The runner's own command line for `shell: bash`.
    const r = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd,
      encoding: "utf8",
      timeout: SLOW.timeout,
      env: {
        ...inherited,
        NO_COLOR: "1",
        ERRDEX_CACHE_DIR: path.join(runner, "cache"),
        GITHUB_ACTIONS: "true",
        CI: "true",
        GITHUB_WORKSPACE: cwd,
        GITHUB_ACTION_PATH: actionPath,
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_OUTPUT: outputFile,
        RUNNER_TEMP: runner,
        ...env,
      },
    });
    if (r.error) throw r.error;
    stdout += r.stdout;
    stderr += r.stderr;
    code = r.status;
    if (step.id) steps[step.id] = Object.fromEntries(fs.readFileSync(outputFile, "utf8").split("\n").filter(Boolean).map(splitOutput));
    if (code !== 0) break;
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, o]) => [name, expand(o.value, inputs, steps)]));
  return { code, stdout, stderr, lines: stdout.split("\n").filter(Boolean), summary: fs.readFileSync(summary, "utf8"), outputs };
}

function splitOutput(line: string): [string, string] {
  const i = line.indexOf("=");
  return [line.slice(0, i), line.slice(i + 1)];
}

describe("action.yml", () => {
  it("is a composite action with the inputs log, data, site-url and fail-on-match (default false)", () => {
    expect(action.runs.using).toBe("composite");
    expect(Object.keys(action.inputs)).toEqual(["log", "data", "site-url", "fail-on-match"]);
    expect(action.inputs.log!.required).toBe(true);
    expect(action.inputs["fail-on-match"]!.default).toBe("false");
    for (const spec of Object.values(action.inputs)) expect(spec.description).toBeTruthy();
  });

  it("is shown in the README as a five-line workflow that runs on a failed step's log, with the inputs it declares", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    const block = /^\*\*In GitHub Actions\*\*[^\n]*\n\n```yaml\n([\s\S]*?)```/m.exec(readme)?.[1];
    expect(block?.trimEnd().split("\n")).toHaveLength(5);
    const steps = parse(block!) as { run?: string; if?: string; uses?: string; with?: Record<string, string> }[];
    const step = steps.find((s) => s.uses)!;
    expect(step.if).toBe("failure()");
    expect(step.uses).toMatch(/\/errdex@/);
    for (const name of Object.keys(step.with!)) expect(Object.keys(action.inputs)).toContain(name);
    // The log it reads is the one the step before it writes.
    expect(steps[0]!.run).toContain(`tee ${step.with!.log}`);
  });

  it("never splices an expression into a script: inputs reach it through env only", () => {
    for (const step of action.runs.steps) {
      expect(step.shell).toBe("bash");
      expect(step.run).not.toContain("${{");
    }
  });

  it("annotates each known error in a failed step's log, and writes the summary with links; the step passes", SLOW, () => {
    const ws = workspace({ "test.log": TRACEBACK });
    const r = runAction(ws, { log: "test.log", "site-url": SITE });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.lines).toEqual([
      "errdex: 1 known error in test.log (6 lines)",
      `::error title=errdex%3A RuntimeError (high confidence%2C full match)::${EXAMPLE.errorMessage}%0Atest.log, line 5: ${LOG_LINE}%0AFix: ${EXAMPLE.solutions[0]}%0A${LINK}`,
    ]);
    expect(r.summary).toBe(
      [
        "**errdex**: 1 known error in `test.log`, best first:",
        "",
        `- **RuntimeError**: ${EXAMPLE.errorMessage}  `,
        `  high confidence, full match, line 5: \`${LOG_LINE}\`  `,
        `  Fix: ${EXAMPLE.solutions[0]}  `,
        `  ${LINK}  `,
        `  [Search sgl-project/sglang issues for this error](${recordSearchUrl(EXAMPLE)})`,
        "",
        "",
      ].join("\n"),
    );
    expect(r.outputs).toEqual({ found: "true" });
  });

  it("with fail-on-match: true, fails the step when a known error is found", SLOW, () => {
    const ws = workspace({ "test.log": TRACEBACK });
    const r = runAction(ws, { log: "test.log", "fail-on-match": "true" });
    expect(r.code).toBe(1);
    expect(r.lines[1]).toMatch(/^::error title=errdex%3A RuntimeError /);
    expect(r.lines.at(-1)).toBe("::error title=errdex::known errors found, and fail-on-match is true");
    expect(r.outputs).toEqual({ found: "true" });
  });

  it("passes when nothing matched, even with fail-on-match, and says so in the summary", SLOW, () => {
    const ws = workspace({ "test.log": "collected 12 items\n12 passed in 3.1s\n" });
    const r = runAction(ws, { log: "test.log", "fail-on-match": "TRUE" });
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(["errdex: no known error in test.log (2 lines)"]);
    expect(r.summary).toBe("**errdex**: no known error in `test.log` (2 lines).\n\n");
    expect(r.outputs).toEqual({ found: "false" });
  });

  it("reads every log a glob matches (one per line, ** too), each on its own", SLOW, () => {
    const ws = workspace({
      "logs/unit.log": "all good\n",
      "logs/gpu/rank 0.log": TRACEBACK,
      "other/e2e.txt": "fine\n",
      "other/skip.md": TRACEBACK,
    });
    const r = runAction(ws, { log: "logs/**/*.log\nother/*.txt\nmissing.log\n" });
    expect(r.code).toBe(0);
    expect(r.lines.filter((l) => l.startsWith("errdex: "))).toEqual([
      "errdex: 1 known error in logs/gpu/rank 0.log (6 lines)",
      "errdex: no known error in logs/unit.log (1 line)",
      "errdex: no known error in other/e2e.txt (1 line)",
    ]);
    expect(r.lines.filter((l) => l.startsWith("::error"))).toHaveLength(1);
    expect(r.summary.split("\n").filter((l) => l.startsWith("**errdex**"))).toHaveLength(3);
    expect(r.outputs).toEqual({ found: "true" });
  });

  it("matches against the dataset given as data", SLOW, () => {
    const other = distinctRecord(5, {
      errorClass: "TimeoutError",
      errorMessage: "KV transfer to {peer} timed out after {secs} seconds",
      messagePattern: "KV transfer to (.+?) timed out after (.+?) seconds",
    });
    const ws = workspace({
      "errors/kv.jsonl": line(other) + "\n",
      "test.log": `${TRACEBACK}\nKV transfer to 10.0.0.2 timed out after 30 seconds\n`,
    });
    const r = runAction(ws, { log: "test.log", data: "errors" });
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[1]).toMatch(/^::error title=errdex%3A TimeoutError \(high confidence%2C full match\)::KV transfer to \{peer\}/);
  });

  it("warns, and passes, when no log file matches", SLOW, () => {
    const r = runAction(workspace({}), { log: "logs/*.log\n100% done" });
    expect(r.code).toBe(0);
    expect(r.lines).toEqual(["::warning title=errdex::no log file matches logs/*.log%0A100%25 done"]);
    expect(r.outputs).toEqual({ found: "false" });
  });

  it("refuses a fail-on-match that is not true or false", SLOW, () => {
    const r = runAction(workspace({ "test.log": TRACEBACK }), { log: "test.log", "fail-on-match": "yes" });
    expect(r.code).toBe(2);
    expect(r.lines).toEqual(["::error title=errdex::fail-on-match must be true or false (got 'yes')"]);
  });

  it("fails the step with errdex's message when the dataset is broken", SLOW, () => {
    const ws = workspace({ "bad.jsonl": line(exampleRecord(), { lineNumber: "1344" }) + "\n", "test.log": TRACEBACK });
    const r = runAction(ws, { log: "test.log", data: "bad.jsonl" });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("errdex: the dataset at bad.jsonl has 1 error(s); run errdex validate --data bad.jsonl to see them\n");
  });
});
