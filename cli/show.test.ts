/**
 * `errdex show` and `errdex match --explain` as a user runs them: a real
 * process, each kind of reference, each format and each exit code.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { distinctRecord, exampleRecord, EXAMPLE_DATASET_VERSION, line } from "../lib/testing/test-fixtures";
import { recordSearchUrl } from "../lib/site/upstream-search";
import { REF_FORMS } from "../lib/site/record-ref";
import { tempFolders } from "./temp-folders";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const EXAMPLE = exampleRecord();
const PERMALINK = `/errors/sgl-project/sglang/${EXAMPLE.slug}`;
const SLOW = { timeout: 120_000 };

const temp = tempFolders("show");
const tmp = temp.folder;

function errdex(args: string[], input?: string, env: Record<string, string> = {}) {
  const { ERRDEX_DATA: _a, ERRDEX_SITE_URL: _b, ...inherited } = process.env;
  const run = spawnSync("npx", ["tsx", "cli/errdex.ts", ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...inherited, NO_COLOR: "1", ERRDEX_NO_CACHE: "1", ...env },
  });
  if (run.error) throw run.error;
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("errdex show: each kind of reference finds the record", () => {
  it.each([
    ["an id", EXAMPLE.id],
    ["an id in capitals", EXAMPLE.id.toUpperCase()],
    ["a short link", `/e/${EXAMPLE.id}`],
    ["an absolute short link", `https://errdex.example.org/e/${EXAMPLE.id}`],
    ["a permalink", PERMALINK],
    ["an absolute permalink with a trailing slash", `https://errdex.example.org${PERMALINK}/`],
    ["owner/repo/slug", `sgl-project/sglang/${EXAMPLE.slug}`],
  ])("%s", SLOW, (_, ref) => {
    const r = errdex(["show", ref]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(`${EXAMPLE.errorClass}: ${EXAMPLE.errorMessage}`);
  });
});

describe("errdex show: the text format", () => {
  it("prints every part a terminal reader needs, the error line marked, no colour off a terminal", SLOW, () => {
    const r = errdex(["show", EXAMPLE.id], undefined, { ERRDEX_SITE_URL: "https://errdex.example.org" });
    const out = r.stdout.split("\n");
    expect(out[1]).toBe(`sgl-project/sglang · ${EXAMPLE.filePath}:${EXAMPLE.lineNumber} · error · ${EXAMPLE.tags.join(", ")}`);
    for (const heading of ["What it means", "What triggers it", "Solutions", "Prevention tips", `Source (${EXAMPLE.filePath}, line 1344)`])
      expect(out).toContain(heading);
    expect(out).toContain(`  1. ${EXAMPLE.solutions[0]}`);
    expect(out).toContain(`  - ${EXAMPLE.preventionTips[0]}`);
    expect(out.filter((l) => l.startsWith(">"))).toEqual([`> 1344  ${EXAMPLE.sourceCode.split("\n")[1344 - EXAMPLE.sourceCodeStart]}`]);
    expect(out).toContain(`Permalink: https://errdex.example.org${PERMALINK}`);
    expect(out).toContain(`Search sgl-project/sglang issues for this error: ${recordSearchUrl(EXAMPLE)}`);
    expect(r.stdout).not.toContain("\x1b");
  });

  it('says "none recorded" for a record without solutions or tips, and escapes control characters from the data', SLOW, () => {
    const bare = distinctRecord(1, { solutions: [], preventionTips: [], documentation: "Bad \x1b[31mred\x1b[0m text\u202e here" });
    const dir = tmp({ "d.jsonl": line(bare) + "\n" });
    const r = errdex(["show", "--data", dir, "0000000000000001"]);
    expect(r.code).toBe(0);
    const out = r.stdout.split("\n");
    expect(out.slice(out.indexOf("Solutions"), out.indexOf("Solutions") + 2)).toEqual(["Solutions", "  none recorded"]);
    expect(out.slice(out.indexOf("Prevention tips"), out.indexOf("Prevention tips") + 2)).toEqual(["Prevention tips", "  none recorded"]);
    expect(out).toContain("  Bad \\x1b[31mred\\x1b[0m text\\u{202e} here");
    expect(r.stdout).not.toContain("\x1b");
  });
});

describe("errdex show: the other formats", () => {
  it("--format markdown: headings, escaped text, a fenced snippet, the permalink and the search link", SLOW, () => {
    const r = errdex(["show", "--format", "markdown", EXAMPLE.id]);
    expect(r.code).toBe(0);
    expect(
      r.stdout.startsWith(
        `### **RuntimeError**: PD Disaggregation does NOT support PD different TP sizes for non-MLA {st.upper()} hybrid models yet.\n`,
      ),
    ).toBe(true);
    expect(r.stdout).toContain(`#### Solutions\n\n1. ${EXAMPLE.solutions[0]}`);
    expect(r.stdout).toContain("```python\n");
    expect(r.stdout).toContain(`> 1344  ${EXAMPLE.sourceCode.split("\n")[1344 - EXAMPLE.sourceCodeStart]}\n`);
    expect(
      r.stdout.trimEnd().endsWith(`${PERMALINK}\n[Search sgl-project/sglang issues for this error](${recordSearchUrl(EXAMPLE)})`),
    ).toBe(true);
  });

  it("--format json (and --json): the record, its links and its dataset version", SLOW, () => {
    for (const args of [["--format", "json"], ["--json"]]) {
      const r = errdex(["show", ...args, EXAMPLE.id]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        record: EXAMPLE,
        permalink: PERMALINK,
        search: recordSearchUrl(EXAMPLE),
        datasetVersion: EXAMPLE_DATASET_VERSION,
      });
    }
  });
});

describe("errdex show: no such record (exit 1) and did you mean", () => {
  const oneOff = EXAMPLE.id.slice(0, 15) + (EXAMPLE.id.endsWith("0") ? "1" : "0");
  it.each([
    ["an id one character off", oneOff],
    ["a short link one character off", `/e/${oneOff}`],
    ["a slug one character off", `sgl-project/sglang/${EXAMPLE.slug.slice(0, -1)}x`],
    ["a slug one character short", `sgl-project/sglang/${EXAMPLE.slug.slice(0, -1)}`],
  ])("%s", SLOW, (_, ref) => {
    const r = errdex(["show", ref]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `errdex: no record ${ref} in ${path.join(ROOT, "data")}\n  did you mean sgl-project/sglang/${EXAMPLE.slug} (${EXAMPLE.id})?\n`,
    );
  });

  it("an id nothing is near gets no suggestion", SLOW, () => {
    const r = errdex(["show", "ffffffffffffffff"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`errdex: no record ffffffffffffffff in ${path.join(ROOT, "data")}\n`);
  });

  it("a slug from an older dataset, still in the manifest, names the record's current name; a removed one says so", SLOW, () => {
    const entry = { errorClass: "RuntimeError", message: "old" };
    const manifest = {
      version: 1,
      datasetVersion: "2025-01-01T00:00:00Z",
      records: [{ id: EXAMPLE.id, permalink: "/errors/sgl-project/sglang/pd-different-tp-old-name", ...entry }],
      redirects: [],
      removed: [
        { id: "00000000000000aa", permalink: "/errors/sgl-project/sglang/gone-for-good", removedIn: "2025-06-01T00:00:00Z", ...entry },
      ],
    };
    const dir = tmp({ "manifest.json": JSON.stringify(manifest) });
    const file = path.join(dir, "manifest.json");
    const renamed = errdex(["show", "--manifest", file, "sgl-project/sglang/pd-different-tp-old-name"]);
    expect(renamed.code).toBe(1);
    expect(renamed.stderr).toBe(
      [
        `errdex: no record sgl-project/sglang/pd-different-tp-old-name in ${path.join(ROOT, "data")}`,
        `  sgl-project/sglang/pd-different-tp-old-name is an older name of record ${EXAMPLE.id}`,
        `  did you mean sgl-project/sglang/${EXAMPLE.slug} (${EXAMPLE.id})?`,
        "",
      ].join("\n"),
    );
    const removed = errdex(["show", "--manifest", file, "00000000000000aa"]);
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain(
      "  record 00000000000000aa (/errors/sgl-project/sglang/gone-for-good) was removed from the dataset in version 2025-06-01T00:00:00Z\n",
    );
  });
});

describe("errdex show: usage and data errors (exit 2)", () => {
  it.each([
    [["show", "not a ref"], `errdex: "not a ref" is not a record reference; show takes ${REF_FORMS}\n`],
    [["show", "/errors/../../etc/passwd"], `errdex: "/errors/../../etc/passwd" is not a record reference; show takes ${REF_FORMS}\n`],
    [["show", "\x1b[2Jx"], `errdex: "\\\\x1b[2Jx" is not a record reference; show takes ${REF_FORMS}\n`],
    [
      ["show", "--manifest", "/nonexistent/manifest.json", EXAMPLE.id],
      "errdex: --manifest /nonexistent/manifest.json: cannot be read as JSON (ENOENT: no such file or directory, open '/nonexistent/manifest.json')\n",
    ],
    [["show", "--data", "/nonexistent/data", EXAMPLE.id], "errdex: /nonexistent/data: no such file or folder\n"],
  ])("%j", SLOW, (args, stderr) => {
    const r = errdex(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(stderr);
  });

  it.each([
    [["show"], "show takes one record reference (got 0); e.g. errdex show 213d04cf659a6918"],
    [["show", "a", "b"], "show takes one record reference (got 2); e.g. errdex show 213d04cf659a6918"],
    [["show", "--format", "github", EXAMPLE.id], "unknown format 'github'; show's --format takes one of text, markdown, json"],
    [["show", "--json", "--format", "text", EXAMPLE.id], "--json is --format json, which disagrees with --format text; pass one"],
    [
      ["match", "--explain", "--format", "github"],
      "--explain prints one record in full; it takes --format text, markdown or json, not github",
    ],
  ])("%j prints the usage", SLOW, (args, message) => {
    const r = errdex(args);
    expect(r.code).toBe(2);
    expect(r.stderr.startsWith(`errdex: ${message}\n\nusage: errdex`)).toBe(true);
  });

  it("a manifest that is not one is named, entry by entry", SLOW, () => {
    const dir = tmp({
      "m.json": JSON.stringify({ version: 1, datasetVersion: "x", records: [{ id: "nope" }], redirects: [], removed: [] }),
    });
    const r = errdex(["show", "--manifest", path.join(dir, "m.json"), EXAMPLE.id]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`errdex: ${path.join(dir, "m.json")}: records[0].id: "nope" is not a record id (16 lower-case hex digits)`);
  });

  it("a dataset with errors is refused", SLOW, () => {
    const dir = tmp({ "d.jsonl": line(exampleRecord(), { lineNumber: "1344" }) + "\n" });
    const r = errdex(["show", "--data", dir, EXAMPLE.id]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`errdex: the dataset at ${dir} has 1 error(s); run errdex validate --data ${dir} to see them\n`);
  });
});

describe("errdex match --explain", () => {
  const TRACEBACK = [
    "Traceback (most recent call last):",
    '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
    "    raise RuntimeError(",
    "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
  ].join("\n");

  it("prints the first match in full, as show does, and exits 0", SLOW, () => {
    const r = errdex(["match", "--explain"], TRACEBACK);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(errdex(["show", EXAMPLE.id]).stdout);
  });

  it("in each record format", SLOW, () => {
    for (const format of ["markdown", "json"]) {
      const r = errdex(["match", "--explain", "--format", format], TRACEBACK);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(errdex(["show", "--format", format, EXAMPLE.id]).stdout);
    }
  });

  it("says nothing matched, and exits 1, when nothing did", SLOW, () => {
    const r = errdex(["match", "--explain"], "all good here\n");
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^errdex: no known error in stdin \(1 line, \d+\.\d\d s\)\n$/);
  });
});

describe("the usage", () => {
  it("shows an example of show and of match --explain", SLOW, () => {
    const r = errdex(["--help"]);
    expect(r.stdout).toMatch(/^ {6}example: errdex show \S+$/m);
    expect(r.stdout).toMatch(/^ {6}example: errdex match --explain \S+$/m);
  });
});
