import { describe, expect, it } from "vitest";
import { InputError } from "../../parse";
import { FIXTURE_RECORDS } from "../../testing/fixtures/records";
import { buildMatcherData } from "./matcher-data";
import { parseMatcherData } from "./matcher-data-schema";

const data = JSON.parse(JSON.stringify(buildMatcherData(FIXTURE_RECORDS, "2026-01-01T00:00:00Z"))) as unknown;

describe("the worker's matcher data", () => {
  it("reads back what the build writes", () => {
    expect(parseMatcherData(data, "/_errdex/matcher.json")).toEqual(data);
  });

  it("refuses data of another version, saying what to do", () => {
    expect(() => parseMatcherData({ ...(data as object), version: 1 }, "/_errdex/matcher.json")).toThrow(
      new InputError(["/_errdex/matcher.json: version: 1 is version 1; this page reads version 4 (reload the page)"]),
    );
  });

  it("refuses a damaged entry, naming it", () => {
    const d = data as { entries: Record<string, unknown>[] };
    const broken = { ...d, entries: [{ ...d.entries[0], engine: "pcre" }, ...d.entries.slice(1)] };
    expect(() => parseMatcherData(broken, "m.json")).toThrow(new InputError(["m.json: entries[0]: is not a matcher entry of version 4"]));
  });

  it("refuses something that is not matcher data", () => {
    expect(() => parseMatcherData("<!doctype html>", "m.json")).toThrow(
      new InputError(['m.json: "<!doctype html>" Invalid input: expected object, received string']),
    );
  });
});
