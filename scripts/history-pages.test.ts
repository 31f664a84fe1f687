/**
 * Permalinks across two dataset versions: a record whose slug changed
 * redirects from its old URL, a removed record leaves a page saying when it
 * was removed with the closest current records, and history carries over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readPreviousManifest, writeHistory } from "./history-pages";
import { InputError } from "../lib/parse";
import { FIXTURE_RECORDS, R } from "../lib/testing/fixtures/records";
import { recordPath } from "../lib/record/permalink";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const out = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-history-"));
  dirs.push(d);
  return d;
};
const read = (dir: string, p: string) => fs.readFileSync(path.join(dir, ...p.split("/").filter(Boolean)) + ".html", "utf8");

describe("permalinks that survive dataset updates", () => {
  const v1 = FIXTURE_RECORDS;
  const renamed = { ...R.pdDifferentTp, slug: "pd-disagg-tp-mismatch-non-mla-hybrid" };
  const v2 = [renamed, ...FIXTURE_RECORDS.filter((r) => r.id !== R.pdDifferentTp.id && r.id !== R.noCacheMemory.id)];

  it("writes a manifest of every record's id and permalink", () => {
    const dir = out();
    writeHistory(dir, v1, "2026-01-01T00:00:00Z");
    const m = JSON.parse(fs.readFileSync(path.join(dir, "_errdex", "manifest.json"), "utf8"));
    expect(m.records).toHaveLength(v1.length);
    expect(m.records[0]).toMatchObject({ id: v1[0]!.id, permalink: recordPath(v1[0]!) });
  });

  it("redirects a renamed record's old URL, and says where a removed record went", () => {
    const first = out();
    const { manifest: m1 } = writeHistory(first, v1, "2026-01-01T00:00:00Z");
    const second = out();
    const r = writeHistory(second, v2, "2026-02-01T00:00:00Z", m1);
    expect(r.redirects).toBe(1);
    expect(r.removed).toBe(1);
    const redirect = read(second, recordPath(R.pdDifferentTp));
    expect(redirect).toContain(`<meta http-equiv="refresh" content="0; url=${recordPath(renamed)}">`);
    const removed = read(second, recordPath(R.noCacheMemory));
    expect(removed).toContain("<h1>This error record was removed</h1>");
    expect(removed).toContain(`was removed in dataset version <time datetime="2026-02-01T00:00:00Z">`);
    expect(removed).toContain("Closest current records");
    expect(removed).toContain(`href="${recordPath(R.kvCacheMaxSeqLen)}"`);
    expect(read(second, `/e/${R.noCacheMemory.id}`)).toBe(removed);
  });

  it("keeps the history in the next version: old redirects and removals are not forgotten", () => {
    const m1 = writeHistory(out(), v1, "2026-01-01T00:00:00Z").manifest;
    const m2 = writeHistory(out(), v2, "2026-02-01T00:00:00Z", m1).manifest;
    const third = out();
    const r = writeHistory(third, v2, "2026-03-01T00:00:00Z", m2);
    expect(r.redirects).toBe(1);
    expect(r.removed).toBe(1);
    expect(read(third, recordPath(R.noCacheMemory))).toContain('datetime="2026-02-01T00:00:00Z"');
  });

  it("renders removed-record text inert", () => {
    const evil = { ...R.loraRank, errorMessage: "<img src=x onerror=alert(1)></script>" };
    const m1 = writeHistory(out(), [...v1.filter((r) => r.id !== R.loraRank.id), evil], "2026-01-01T00:00:00Z").manifest;
    const dir = out();
    writeHistory(
      dir,
      v1.filter((r) => r.id !== R.loraRank.id),
      "2026-02-01T00:00:00Z",
      m1,
    );
    const html = read(dir, recordPath(R.loraRank));
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&lt;/script&gt;");
  });
});

describe("a previous manifest is untrusted", () => {
  const good = (dir: string) => writeHistory(dir, FIXTURE_RECORDS, "2026-01-01T00:00:00Z").manifest;
  const saved = (manifest: unknown) => {
    const f = path.join(out(), "manifest.json");
    fs.writeFileSync(f, JSON.stringify(manifest));
    return f;
  };
  /** Every file under `dir`, relative. */
  const files = (dir: string): string[] => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();

  it("reads one the build wrote", () => {
    const m = good(out());
    expect(readPreviousManifest(saved(m))).toEqual(m);
  });

  it.each([
    [
      "a permalink that climbs out",
      { records: 0, permalink: "/errors/../../../../tmp/pwned" },
      'manifest.json: records[0].permalink: "/errors/../../../../tmp/pwned" is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)',
    ],
    [
      "an encoded climb",
      { records: 1, permalink: "/errors/%2e%2e/%2e%2e/x" },
      'manifest.json: records[1].permalink: "/errors/%2e%2e/%2e%2e/x" is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)',
    ],
    [
      "a backslash",
      { records: 2, permalink: "/errors/a/b\\..\\..\\x" },
      'manifest.json: records[2].permalink: "/errors/a/b\\\\..\\\\..\\\\x" is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)',
    ],
    [
      "an id that is a path",
      { records: 3, id: "../../e/x" },
      'manifest.json: records[3].id: "../../e/x" is not a record id (16 lower-case hex digits)',
    ],
  ])("refuses %s, naming the entry, and the build writes nothing", (_name, bad, message) => {
    const m = good(out()) as unknown as { records: Record<string, unknown>[] };
    const { records: at, ...fields } = bad as { records: number; permalink?: string; id?: string };
    m.records[at] = { ...m.records[at], ...fields };
    const file = saved(m);
    expect(() => readPreviousManifest(file)).toThrow(new InputError([message]));
  });

  it("refuses a redirect or removal whose path climbs out", () => {
    const m = good(out());
    const file = saved({
      ...m,
      redirects: [{ from: "/errors/x/%2e%2e/..", id: R.loraRank.id }],
      removed: [{ ...m.records[0], permalink: "/e/../../x", removedIn: "v" }],
    });
    expect(() => readPreviousManifest(file)).toThrow(
      new InputError([
        'manifest.json: redirects[0].from: "/errors/x/%2e%2e/.." is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)',
        'manifest.json: removed[0].permalink: "/e/../../x" is not a permalink of the form /errors/<owner>/<repo>/<slug> (letters, digits, . _ -)',
      ]),
    );
  });

  it("never writes outside the output folder, even for a manifest that skipped parsing", () => {
    const parent = out();
    const dir = path.join(parent, "out");
    const m1 = good(out());
    const crafted = {
      ...m1,
      records: [...m1.records, { ...m1.records[0]!, id: "ffffffffffffffff", permalink: "/errors/%2e%2e/%2e%2e/pwned" }],
    };
    expect(() => writeHistory(dir, FIXTURE_RECORDS, "2026-02-01T00:00:00Z", crafted)).toThrow(
      'refusing to write the site path "/errors/%2e%2e/%2e%2e/pwned": segment "%2e%2e" is not a plain name',
    );
    expect(files(parent).filter((f) => !f.startsWith("out"))).toEqual([]);
  });
});
