import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_LIMIT, idShardUrl, pageLimitFrom, pagePriority, planPages, recordShardUrl, shardOf, tailTarget } from "./page-plan";
import { recordPath } from "../record/permalink";
import { FIXTURE_RECORDS } from "../testing/fixtures/records";
import type { ErrorRecord } from "../record/schema";

const base = FIXTURE_RECORDS[0]!;
const rec = (id: string, over: Partial<ErrorRecord> = {}): ErrorRecord => ({ ...base, id, slug: `slug-${id}`, ...over });

describe("pageLimitFrom", () => {
  it("defaults when unset or blank", () => {
    expect(pageLimitFrom(undefined)).toBe(DEFAULT_PAGE_LIMIT);
    expect(pageLimitFrom("  ")).toBe(DEFAULT_PAGE_LIMIT);
  });
  it("reads a whole number, 0 included", () => {
    expect(pageLimitFrom("0")).toBe(0);
    expect(pageLimitFrom("12000")).toBe(12000);
  });
  it.each(["-1", "1.5", "lots", "1e99x"])("refuses %j with the message the build prints", (raw) => {
    expect(() => pageLimitFrom(raw)).toThrow(`ERRDEX_PAGE_LIMIT must be a whole number of records (0 or more), got ${JSON.stringify(raw)}`);
  });
});

describe("planPages", () => {
  it("gives every record a page under the limit", () => {
    const records = [rec("a"), rec("b")];
    const plan = planPages(records, 2);
    expect([...plan.prerendered]).toEqual(["a", "b"]);
    expect(plan.tail).toEqual([]);
  });

  it("keeps the most severe, then most documented, records; the tail stays in dataset order", () => {
    const bare = { documentation: "", solutions: [], triggerScenarios: "", preventionTips: [], exampleFix: null } as Partial<ErrorRecord>;
    const records = [
      rec("info", { ...bare, severity: "info" }),
      rec("error-bare", { ...bare, severity: "error" }),
      rec("critical", { ...bare, severity: "critical" }),
      rec("error-doc", { ...bare, severity: "error", documentation: "what it means", solutions: ["fix it"] }),
      rec("warning", { ...bare, severity: "warning" }),
    ];
    expect(pagePriority(records).map((r) => r.id)).toEqual(["critical", "error-doc", "error-bare", "warning", "info"]);
    const plan = planPages(records, 2);
    expect([...plan.prerendered].sort()).toEqual(["critical", "error-doc"]);
    expect(plan.tail.map((r) => r.id)).toEqual(["info", "error-bare", "warning"]);
  });

  it("puts every record in the tail at limit 0", () => {
    const plan = planPages([rec("a"), rec("b")], 0);
    expect(plan.prerendered.size).toBe(0);
    expect(plan.tail.map((r) => r.id)).toEqual(["a", "b"]);
  });
});

describe("shards", () => {
  it("names a shard by three hex digits, the same on every run", () => {
    // Fixed values: the browser computes these too, so they must never drift.
    expect(shardOf("")).toBe("811");
    expect(shardOf("/errors/a/b/c")).toMatch(/^[0-9a-f]{3}$/);
    expect(shardOf("/errors/a/b/c")).toBe(shardOf("/errors/a/b/c"));
    expect(recordShardUrl("/errors/a/b/c")).toBe(`/_errdex/tail/p/${shardOf("/errors/a/b/c")}.json`);
    expect(shardOf("", 8)).toBe("81");
    expect(idShardUrl("213d04cf659a6918")).toBe(`/_errdex/e/${shardOf("213d04cf659a6918", 8)}.json`);
  });

  it("spreads keys over the shards", () => {
    const seen = new Set(Array.from({ length: 20_000 }, (_, i) => shardOf(`/errors/o/r/slug-${i}`)));
    expect(seen.size).toBeGreaterThan(3_900); // of 4,096
    const ids = new Set(Array.from({ length: 11_320 }, (_, i) => idShardUrl(i.toString(16).padStart(16, "0"))));
    expect(ids.size).toBe(256);
  });
});

describe("tailTarget", () => {
  const r = rec("x", { repo: "sgl-project/sglang", slug: "weird slug/é" });
  it("reads a permalink in the form recordPath writes, however the browser encoded it", () => {
    const path = recordPath(r);
    expect(tailTarget(path)).toEqual({ kind: "record", permalink: path });
    expect(tailTarget("/errors/sgl-project/sglang/weird%20slug%2F%C3%A9.html")).toEqual({ kind: "record", permalink: path });
    expect(tailTarget(`${path}/`)).toEqual({ kind: "record", permalink: path });
  });
  it("reads short links and /r?id= and /r#id", () => {
    expect(tailTarget("/e/213d04cf659a6918")).toEqual({ kind: "short", id: "213d04cf659a6918" });
    expect(tailTarget("/r", "?id=abc")).toEqual({ kind: "short", id: "abc" });
    expect(tailTarget("/r", "", "#abc")).toEqual({ kind: "short", id: "abc" });
  });
  it.each(["/", "/errors/a/b", "/errors/a/b/c/d", "/errors//b/c", "/e/", "/tags/x", "/r"])("is null for %s", (p) => {
    expect(tailTarget(p)).toBeNull();
  });
  it("survives a malformed escape", () => {
    expect(tailTarget("/e/%E0%A4%A")).toEqual({ kind: "short", id: "%E0%A4%A" });
  });
});

describe("pagePriority with severities every object inherits", () => {
  it("ranks `constructor` and `__proto__` as unknown severities, after the known ones", () => {
    const records = [rec("p", { severity: "__proto__" }), rec("c", { severity: "constructor" }), rec("i", { severity: "info" })];
    expect(pagePriority(records).map((r) => r.id)).toEqual(["i", "p", "c"]);
  });
});
