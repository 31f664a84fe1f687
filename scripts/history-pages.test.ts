/**
 * Permalinks across two dataset versions: a record whose slug changed
 * redirects from its old URL, a removed record leaves a page saying when it
 * was removed with the closest current records, and history carries over.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeHistory } from "./history-pages";
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
