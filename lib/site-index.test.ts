import { describe, expect, it } from "vitest";
import { buildSiteIndex, permalinkKey, siteIndexFor, splitRepo } from "./site-index";
import { exampleRecord } from "./test-fixtures";
import type { ErrorRecord } from "./schema";

/** The example record with its own id, slug and overrides. */
function record(n: number, overrides: Partial<ErrorRecord> = {}): ErrorRecord {
  const r = exampleRecord();
  return { ...r, id: n.toString(16).padStart(16, "0"), slug: `${r.slug}-${n}`, ...overrides };
}

describe("the site index", () => {
  const records = [
    record(1),
    record(2, { backgroundTag: "scheduler", tags: ["value-error", "scheduler"] }),
    record(3, { repo: "vllm-project/vllm", backgroundTag: "v1", tags: ["value-error"] }),
    record(4, { tags: ["value-error", "value-error"] }),
  ];
  const index = buildSiteIndex(records);

  it("finds each record by its permalink parts", () => {
    for (const r of records) {
      const { owner, name } = splitRepo(r.repo);
      expect(index.byPermalink.get(permalinkKey(owner, name, r.slug))).toBe(r);
    }
  });

  it("lists repositories by name with their records grouped by area, largest group first", () => {
    expect(index.repoList.map((r) => [r.repo, r.records.length])).toEqual([
      ["sgl-project/sglang", 3],
      ["vllm-project/vllm", 1],
    ]);
    expect(index.repos.get("sgl-project/sglang")!.groups.map((g) => [g.backgroundTag, g.records.length])).toEqual([
      ["tp-degree-mismatch", 2],
      ["scheduler", 1],
    ]);
  });

  it("counts each tag once per record and sorts tags by count, then name", () => {
    expect(index.tagList[0]).toMatchObject({ tag: "value-error" });
    expect(index.tags.get("value-error")!.records).toHaveLength(3);
    const counts = index.tagList.map((t) => t.records.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const ones = index.tagList.filter((t) => t.records.length === 1).map((t) => t.tag);
    expect(ones).toEqual([...ones].sort());
  });

  it("is built once per records array", () => {
    expect(siteIndexFor(records)).toBe(siteIndexFor(records));
    expect(siteIndexFor([...records])).not.toBe(siteIndexFor(records));
  });

  it("splits a repository name without throwing on a malformed one", () => {
    expect(splitRepo("a/b")).toEqual({ owner: "a", name: "b" });
    expect(splitRepo("nameless")).toEqual({ owner: "nameless", name: "" });
  });
});
