/**
 * errdex as a team installs it: a real `npm pack`, installed offline with an
 * empty npm cache into an empty prefix (so nothing can come from this
 * checkout or the network), then the installed `errdex` run from an empty
 * folder, the way a CI job runs it.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distinctRecord, exampleRecord, line } from "../lib/testing/test-fixtures";
import { FORMATS } from "./args";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { name: string; version: string };
const EXAMPLE = exampleRecord();
/** Packing builds the bundle; installing unpacks it. Both are slow on a loaded machine. */
const SLOW = 180_000;
const MAX_TARBALL_BYTES = 3_000_000;
const LOG = "[rank3]: RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.\n";

let work: string;
let packed: { filename: string; size: number; files: { path: string }[] };
let prefix: string;
let installed: string;
let installRun: { status: number | null; stderr: string };

function run(cmd: string, args: string[], opts: SpawnSyncOptions = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout: SLOW, ...opts });
  if (r.error) throw r.error;
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** This process's environment without what would point the CLI at this checkout: ERRDEX_*, NODE_PATH, NODE_OPTIONS, npm's own variables. */
function outsideEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (/^(ERRDEX_|NODE_PATH$|NODE_OPTIONS$|npm_|INIT_CWD$)/.test(name)) delete env[name];
  return env;
}

/** The installed `errdex`, from an empty folder (or `cwd`), with no ERRDEX_* settings and no node_modules anywhere above it. */
function errdex(args: string[], input?: string, cwd = fs.mkdtempSync(path.join(work, "cwd-"))) {
  return run(path.join(prefix, "bin", "errdex"), args, {
    cwd,
    input,
    env: { ...outsideEnv(), HOME: work, NO_COLOR: "1", ERRDEX_CACHE_DIR: path.join(work, "cache") },
  });
}

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-package-"));
  const pack = run("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [first] = JSON.parse(pack.stdout) as (typeof packed)[];
  if (!first) throw new Error(`npm pack printed no tarball:\n${pack.stdout}`);
  packed = first;
  prefix = path.join(work, "prefix");
  fs.mkdirSync(prefix);
  const emptyCache = path.join(work, "npm-cache");
  installRun = run(
    "npm",
    ["install", "-g", path.join(work, packed.filename), "--prefix", prefix, "--offline", "--cache", emptyCache, "--no-audit", "--no-fund"],
    { cwd: work, env: { ...process.env, npm_config_update_notifier: "false" } },
  );
  installed = path.join(prefix, "lib", "node_modules", PKG.name);
}, SLOW);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the npm package", () => {
  it("npm pack makes a tarball of at most 3 MB holding the bundled CLI, the embedded data and the JSON Schema", () => {
    expect(packed.filename).toBe(`${PKG.name}-${PKG.version}.tgz`);
    expect(packed.size).toBeLessThanOrEqual(MAX_TARBALL_BYTES);
    expect(fs.statSync(path.join(work, packed.filename)).size).toBe(packed.size);
    const shipped = (dir: string) => fs.readdirSync(path.join(ROOT, dir)).map((f) => `${dir}/${f}`);
    expect(packed.files.map((f) => f.path).sort()).toEqual(
      [
        "README.md",
        "package.json",
        "bin/errdex.mjs",
        "dist/errdex.mjs",
        "dist/errdex.mjs.map",
        ...shipped("data"),
        ...shipped("schema"),
      ].sort(),
    );
  });

  it("installs offline with an empty npm cache: it needs no dependency and runs no install script", () => {
    expect(installRun.stderr).not.toMatch(/ERR|install-scripts/);
    expect(installRun.status).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) expect(manifest.scripts?.[script]).toBeUndefined();
    expect(fs.existsSync(path.join(installed, "node_modules"))).toBe(false);
  });

  it("errdex --version prints the package's version", () => {
    const r = errdex(["--version"]);
    expect(r).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: "" });
  });

  it("errdex --help shows an example for each command and every format", () => {
    const r = errdex(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^ {6}example: errdex validate /m);
    expect(r.stdout).toMatch(/^ {6}example: .*\| errdex match /m);
    for (const f of FORMATS) expect(r.stdout).toContain(f);
  });

  it("errdex match finds a known error in the embedded data, with no build step", () => {
    const r = errdex(["match"], LOG);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n")).toContain(`1. RuntimeError: ${EXAMPLE.errorMessage}`);
    expect(r.stdout.split("\n")).toContain(`   /errors/sgl-project/sglang/${EXAMPLE.slug}`);
  });

  it("errdex match --data DIR reads another dataset, and prints Markdown", () => {
    const data = fs.mkdtempSync(path.join(work, "data-"));
    const other = distinctRecord(7, {
      errorMessage: "KV transfer to {peer} timed out after {secs} seconds",
      messagePattern: "KV transfer to (.+?) timed out after (.+?) seconds",
    });
    fs.writeFileSync(path.join(data, "errors.jsonl"), line(other) + "\n");
    const r = errdex(["match", "--data", data, "--format", "markdown"], `${LOG}ERROR KV transfer to 10.0.0.2 timed out after 30 seconds\n`);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout.split("\n").slice(0, 4)).toEqual([
      "**errdex**: 1 known error in `stdin`, best first:",
      "",
      "- **RuntimeError**: KV transfer to {peer} timed out after {secs} seconds  ",
      "  high confidence, full match, line 2: `KV transfer to 10.0.0.2 timed out after 30 seconds`  ",
    ]);
  });

  it("an unknown option names the options that exist", () => {
    const r = errdex(["match", "--formt", "github"]);
    expect(r.status).toBe(2);
    expect(r.stderr.split("\n")[0]).toBe(
      "errdex: unknown option '--formt'; match takes --data PATH, --format FORMAT, --json, --top N, --explain, -h/--help",
    );
  });

  it("errdex validate warns, and does not crash, when a pattern needs recheck, which the package does not ship", () => {
    const data = fs.mkdtempSync(path.join(work, "data-"));
    const complex = distinctRecord(8, {
      messagePattern: "PD Disaggregation does NOT support PD different TP sizes for non-MLA (?:(\\w+)|(\\w+)x)+ hybrid models yet\\.",
    });
    fs.writeFileSync(path.join(data, "errors.jsonl"), line(complex) + "\n");
    const r = errdex(["validate", "--data", "errors.jsonl"], undefined, data);
    expect(r.status).toBe(0);
    const lines = r.stderr.split("\n");
    expect(lines[0]).toBe(
      `errors.jsonl:1: warning: record ${complex.id}: messagePattern: was not checked for catastrophic backtracking: recheck is not installed (install it beside errdex, e.g. npm install -g recheck, or validate from a checkout of errdex)`,
    );
    expect(lines[1]).toMatch(/: valid: 1 records parsed, 1 valid, 0 error\(s\), 1 warning\(s\) in /);
  });
});

describe("a checkout", () => {
  it("builds the CLI on its first run, then runs it: npx errdex works without a build step", { timeout: SLOW }, () => {
    // A checkout after npm ci, before any build: this one's source and node_modules, and no dist/.
    const checkout = fs.mkdtempSync(path.join(work, "checkout-"));
    for (const entry of ["cli", "lib", "server", "data", "node_modules", "package.json"])
      fs.symlinkSync(path.join(ROOT, entry), path.join(checkout, entry));
    for (const file of ["bin/errdex.mjs", "scripts/build-cli.mjs"]) fs.cpSync(path.join(ROOT, file), path.join(checkout, file));
    const first = run(process.execPath, [path.join(checkout, "bin/errdex.mjs"), "--version"], { cwd: checkout });
    expect(first).toEqual({
      status: 0,
      stdout: `${PKG.version}\n`,
      stderr: "errdex: building the CLI from this checkout (once; `npm run build:cli` rebuilds it)\n",
    });
    expect(fs.existsSync(path.join(checkout, "dist/errdex.mjs"))).toBe(true);
    const second = run(process.execPath, [path.join(checkout, "bin/errdex.mjs"), "--version"], { cwd: checkout });
    expect(second).toEqual({ status: 0, stdout: `${PKG.version}\n`, stderr: "" });
  });
});
