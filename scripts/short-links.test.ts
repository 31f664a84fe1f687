import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redirectPage, redirectRules, writeShortLinkShards } from "./short-links";
import { idShardUrl } from "../lib/site/page-plan";

describe("writeShortLinkShards", () => {
  it("maps every id to its permalink in at most 256 files, whatever the ids", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-short-"));
    try {
      const entries = Array.from({ length: 3000 }, (_, i) => ({ id: i.toString(16).padStart(16, "0"), permalink: `/errors/o/r/s-${i}` }));
      entries.push({ id: "__proto__", permalink: "/errors/o/r/proto" });
      const files = writeShortLinkShards(out, entries);
      expect(files).toBeLessThanOrEqual(256);
      expect(fs.readdirSync(path.join(out, "_errdex", "e"))).toHaveLength(files);
      for (const { id, permalink } of [entries[0]!, entries[2999]!, entries[3000]!]) {
        const shard = JSON.parse(fs.readFileSync(path.join(out, idShardUrl(id)), "utf8")) as Record<string, string>;
        expect(Object.hasOwn(shard, id) && shard[id]).toBe(permalink);
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

describe("redirectRules", () => {
  it("rewrites short links to the page that resolves them, and permalinks only when there is a long tail", () => {
    const rules = (hasTail: boolean) =>
      redirectRules(hasTail)
        .split("\n")
        .filter((l) => l && !l.startsWith("#"));
    expect(rules(false)).toEqual(["/e/*  /r.html  200"]);
    expect(rules(true)).toEqual(["/e/*  /r.html  200", "/errors/*  /r.html  200"]);
  });
});

describe("redirectPage", () => {
  it("names the record escaped and refreshes to the escaped target", () => {
    const html = redirectPage("/errors/o/r/a%22b", `ValueError: <script>alert("x")</script>`);
    expect(html).toContain("<title>ValueError: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; · errdex</title>");
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/errors/o/r/a%22b">');
    expect(html).not.toContain("<script>");
  });
});
