import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_RECORDS } from "../lib/testing/fixtures/records";
import { parseManifest } from "../lib/search/stored";
import { searchPath } from "../lib/search/layout";
import { writeSearchAssets } from "./search-index";

describe("writeSearchAssets", () => {
  it("writes the manifest and every piece it names, and no piece of an earlier build survives", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-search-"));
    fs.mkdirSync(path.join(dir, "search", "i"), { recursive: true });
    fs.writeFileSync(path.join(dir, "search", "i", "999.json"), "{}");
    const sizes = await writeSearchAssets(FIXTURE_RECORDS, dir);
    const file = (p: string) => path.join(dir, p);
    const manifest = parseManifest(JSON.parse(fs.readFileSync(file(searchPath.manifest), "utf8")), "manifest");
    expect(manifest.records).toBe(FIXTURE_RECORDS.length);
    expect(fs.existsSync(file("search/i/999.json"))).toBe(false);
    manifest.buckets.forEach((_, n) => expect(fs.existsSync(file(searchPath.bucket(n)))).toBe(true));
    for (const k of manifest.vocab) expect(fs.existsSync(file(searchPath.vocab(k)))).toBe(true);
    expect(fs.existsSync(file(searchPath.facets(0)))).toBe(true);
    expect(fs.existsSync(file(searchPath.docs(0)))).toBe(true);
    const written = fs.readdirSync(path.join(dir, "search"), { recursive: true }).filter((f) => String(f).endsWith(".json"));
    expect(written).toHaveLength(sizes.files);
    expect(Object.keys(sizes.kinds).sort()).toEqual(["docs pages", "facet pages", "index buckets", "manifest", "typo files", "vocabulary"]);
    fs.rmSync(dir, { recursive: true });
  });
});
