/**
 * Identities across re-mining, in-process: which previous record each site
 * continues, and why; which previous records are removed; slugs unique.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseSlug, naturalId, settleIdentities, wordingSimilarity, type PreviousKey, type SiteKey } from "./identities";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const site = (over: Partial<SiteKey> = {}): SiteKey => ({
  repo: "acme/engine",
  filePath: "engine/core.py",
  errorClass: "ValueError",
  errorMessage: "Invalid batch size {n}, expected a positive number",
  scope: "Engine.start",
  ...over,
});
const prev = (id: string, slug: string, over: Partial<SiteKey> = {}): PreviousKey => ({ ...site(over), id, slug });

describe("settleIdentities", () => {
  it("gives a new site the corpus's id and a slug of its first eight words", () => {
    const { identities, removed } = settleIdentities([site()], [], sha256);
    expect(identities).toEqual([{ id: naturalId(site(), sha256), slug: "invalid-batch-size-n-expected-a-positive-number", kept: "new" }]);
    expect(naturalId(site(), sha256)).toBe(
      sha256("acme/engine\nengine/core.py\nInvalid batch size {n}, expected a positive number").slice(0, 16),
    );
    expect(removed).toEqual([]);
  });

  it("keeps the id and slug of the same message, of a reworded message and of one moved to another file", () => {
    const previous = [
      prev("aaaaaaaaaaaaaaaa", "same", { errorMessage: "Engine is not running" }),
      prev("bbbbbbbbbbbbbbbb", "reworded", { errorMessage: "Invalid batch size {n}" }),
      prev("cccccccccccccccc", "moved", {
        filePath: "engine/old.py",
        scope: "load",
        errorClass: "KeyError",
        errorMessage: "No model named {name}",
      }),
      prev("dddddddddddddddd", "gone", { errorMessage: "Totally different words here", scope: "stop" }),
    ];
    const current = [
      site({ errorMessage: "Engine is not running" }),
      site(),
      site({ filePath: "engine/models.py", scope: "Registry.load", errorClass: "KeyError", errorMessage: "No model named {name!r}" }),
    ];
    const { identities, removed } = settleIdentities(current, previous, sha256);
    expect(identities.map((i) => [i.id, i.slug, i.kept])).toEqual([
      ["aaaaaaaaaaaaaaaa", "same", "same-message"],
      ["bbbbbbbbbbbbbbbb", "reworded", "reworded"],
      ["cccccccccccccccc", "moved", "moved-file"],
    ]);
    expect(removed.map((r) => r.id)).toEqual(["dddddddddddddddd"]);
  });

  it("keeps nothing when two sites fit one previous record", () => {
    const previous = [prev("bbbbbbbbbbbbbbbb", "old", { errorMessage: "Invalid batch size {n}" })];
    const current = [site(), site({ errorMessage: "Invalid batch size {n}, expected an integer" })];
    const { identities, removed } = settleIdentities(current, previous, sha256);
    expect(identities.map((i) => i.kept)).toEqual(["new", "new"]);
    expect(removed.map((r) => r.id)).toEqual(["bbbbbbbbbbbbbbbb"]);
  });

  it("keeps nothing across another function or class", () => {
    const previous = [prev("bbbbbbbbbbbbbbbb", "old", { errorMessage: "Invalid batch size {n}", scope: "Engine.stop" })];
    expect(settleIdentities([site()], previous, sha256).identities[0]!.kept).toBe("new");
    const other = [prev("bbbbbbbbbbbbbbbb", "old", { errorMessage: "Invalid batch size {n}", errorClass: "TypeError" })];
    expect(settleIdentities([site()], other, sha256).identities[0]!.kept).toBe("new");
  });

  it("never hands out the slug of a removed record", () => {
    const previous = [prev("dddddddddddddddd", "engine-is-not-running", { errorMessage: "Gone for good", scope: "other" })];
    const { identities, removed } = settleIdentities([site({ errorMessage: "Engine is not running" })], previous, sha256);
    expect([identities[0]!.slug, removed.map((r) => r.slug)]).toEqual(["engine-is-not-running-2", ["engine-is-not-running"]]);
  });

  it("never hands out a slug a kept record holds", () => {
    const previous = [prev("aaaaaaaaaaaaaaaa", "engine-is-not-running", { errorMessage: "Engine is not running!" })];
    const current = [
      site({ errorMessage: "Engine is not running" }),
      site({ errorMessage: "engine is not running", scope: "other", errorClass: "X" }),
    ];
    const { identities } = settleIdentities(current, previous, sha256);
    expect(identities.map((i) => i.slug)).toEqual(["engine-is-not-running", "engine-is-not-running-2"]);
  });
});

describe("wording", () => {
  it.each([
    ["Invalid batch size {n}", "Invalid batch size {n}, expected a positive number", 0.5, 1],
    ["Engine is not running", "Totally different words here", 0, 0.01],
    ["same {x}", "same {y!r}", 1, 1],
  ])("%j ~ %j", (a, b, lo, hi) => {
    const s = wordingSimilarity(a, b);
    expect(s).toBeGreaterThanOrEqual(lo);
    expect(s).toBeLessThanOrEqual(hi);
  });

  it.each([
    ["Can't load {path!r}: not a file", "ValueError", "can-t-load-path-r-not-a-file"],
    ["{x} {y}", "ValueError", "x-y"],
    ["!!!", "KeyError", "key-error"],
  ])("slug of %j", (message, cls, slug) => {
    expect(baseSlug(message, cls)).toBe(slug);
  });
});
