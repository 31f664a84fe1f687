import { describe, expect, it } from "vitest";
import {
  buildSiteIndex,
  filterOptions,
  firstLine,
  neighboursOf,
  permalinkKey,
  RELATED_MAX,
  RELATED_TAG_MAX,
  siteIndexFor,
  splitRepo,
  TAG_PAGE_SIZE,
  tagPage,
  tagPageCount,
  toBrowseRow,
} from "./site-index";
import { areaRowsShown, REPO_PAGE_ROWS } from "./site-index";
import { FIXTURE_RECORDS } from "../testing/fixtures/records";
import { exampleRecord } from "../testing/test-fixtures";
import type { ErrorRecord } from "../record/schema";

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

describe("a record's neighbours, on the fixture records", () => {
  const index = buildSiteIndex(FIXTURE_RECORDS);
  const byId = (suffix: string) => FIXTURE_RECORDS.find((r) => r.id.endsWith(suffix))!;
  const ids = (rs: readonly { id: string }[]) => rs.map((r) => r.id.slice(-2));

  it("steps through the record's tag in the tag's order, with nothing before the first or after the last", () => {
    expect(ids(index.tags.get("model-loading")!.records)).toEqual(["04", "06", "08", "10", "12"]);
    const middle = neighboursOf(index, byId("08"));
    expect(middle.tag).toBe("model-loading");
    expect([middle.prev?.id.slice(-2), middle.next?.id.slice(-2)]).toEqual(["06", "10"]);
    expect(neighboursOf(index, byId("04")).prev).toBeNull();
    expect(neighboursOf(index, byId("12")).next).toBeNull();
  });

  it("follows the backgroundTag when the record carries it, else its first tag", () => {
    const r = { ...byId("10"), backgroundTag: "model-loading" };
    const own = buildSiteIndex(FIXTURE_RECORDS.map((x) => (x.id === r.id ? r : x)));
    expect(neighboursOf(own, r).tag).toBe("model-loading");
    expect(neighboursOf(index, byId("10")).tag).toBe("tokenizer");
  });

  it("relates records of the same file first, then those sharing the most tags, never the record itself", () => {
    // 0f, 13 and 14 are all raised in vllm/config/model.py; 10 shares the tokenizer tag with 0f.
    expect(ids(neighboursOf(index, byId("0f")).related)).toEqual(["13", "14", "10"]);
    // 10 carries tokenizer and model-loading: 0f shares one, the model-loading records one each, in dataset order.
    expect(ids(neighboursOf(index, byId("10")).related)).toEqual(["0f", "04", "06", "08", "12"]);
  });

  it("ranks a record sharing two tags above records sharing one, whatever the dataset order", () => {
    const x = record(1, { filePath: "x.py", tags: ["a", "b"] });
    const y = record(2, { filePath: "y.py", tags: ["a"] });
    const z = record(3, { filePath: "z.py", tags: ["b", "a"] });
    const own = buildSiteIndex([x, y, z]);
    expect(neighboursOf(own, x).related).toEqual([z, y]);
  });

  it("skips tags too common to mean anything", () => {
    const common = Array.from({ length: RELATED_TAG_MAX + 1 }, (_, i) => record(10 + i, { filePath: `f${i}.py`, tags: ["value-error"] }));
    expect(neighboursOf(buildSiteIndex(common), common[0]!).related).toEqual([]);
  });

  it("shows at most RELATED_MAX related records", () => {
    const many = Array.from({ length: 10 }, (_, i) => record(100 + i, { tags: ["shared"] }));
    const own = buildSiteIndex(many);
    for (const r of many) expect(neighboursOf(own, r).related.length).toBe(RELATED_MAX);
  });

  it("is computed once per record and index", () => {
    expect(neighboursOf(index, byId("08"))).toBe(neighboursOf(index, byId("08")));
  });
});

describe("tag pages and browse rows", () => {
  it("splits a tag into pages of TAG_PAGE_SIZE records, at least one page", () => {
    const records = Array.from({ length: TAG_PAGE_SIZE * 2 + 1 }, (_, i) => record(i + 1));
    expect(tagPageCount({ records })).toBe(3);
    expect(tagPageCount({ records: [] })).toBe(1);
    expect(tagPage({ records }, 3)).toEqual([records.at(-1)]);
    expect(tagPage({ records }, 1)).toHaveLength(TAG_PAGE_SIZE);
  });

  it("keeps the first line of a message, cut with an ellipsis", () => {
    expect(firstLine("first\r\nsecond")).toBe("first");
    expect(firstLine("x".repeat(10), 5)).toBe("xxxx…");
    expect(firstLine("")).toBe("");
  });

  it("makes a compact row with the permalink and the filter options sorted by name", () => {
    const r = FIXTURE_RECORDS[0]!;
    expect(toBrowseRow(r)).toMatchObject({
      c: r.errorClass,
      r: r.repo,
      s: r.severity,
      t: r.errorType,
      p: expect.stringMatching(/^\/errors\//),
    });
    const opts = filterOptions(FIXTURE_RECORDS);
    expect(opts.classes).toEqual([...new Set(FIXTURE_RECORDS.map((x) => x.errorClass))].sort());
    expect(opts.severities.length).toBeGreaterThan(0);
  });
});

describe("areaRowsShown", () => {
  it("shows every row of a repository up to REPO_PAGE_ROWS", () => {
    expect(areaRowsShown(REPO_PAGE_ROWS, 1_500)).toBe(1_500);
  });
  it("past it, shows each area's share of REPO_PAGE_ROWS, at least 10, never more than the area has", () => {
    expect(areaRowsShown(53_154, 26_577)).toBe(1_000);
    expect(areaRowsShown(53_154, 100)).toBe(10);
    expect(areaRowsShown(53_154, 4)).toBe(4);
  });
  it("keeps a big repository's page near REPO_PAGE_ROWS rows", () => {
    const areas = [20_000, 15_000, 9_000, 5_000, 3_000, 1_000, 154];
    const total = areas.reduce((a, b) => a + b, 0);
    const shown = areas.reduce((n, a) => n + areaRowsShown(total, a), 0);
    expect(shown).toBeLessThanOrEqual(REPO_PAGE_ROWS + 10 * areas.length);
    expect(shown).toBeGreaterThan(REPO_PAGE_ROWS - areas.length);
  });
});
