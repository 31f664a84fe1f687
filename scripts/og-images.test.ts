import { describe, expect, it } from "vitest";
import { renderShareImage, wrapText } from "./og-images";
import { FIXTURE_RECORDS } from "../lib/testing/fixtures/records";

/** One pixel per character: what fits is easy to count. */
const mono = { measureText: (s: string) => ({ width: s.length }) } as Parameters<typeof wrapText>[0];

describe("wrapText", () => {
  it("breaks at spaces", () => {
    expect(wrapText(mono, "one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
  });
  it("cuts a word wider than a line", () => {
    expect(wrapText(mono, "abcdefghijkl xy", 5, 4)).toEqual(["abcde", "fghij", "kl xy"]);
  });
  it("ends the last line in an ellipsis when the text goes on", () => {
    expect(wrapText(mono, "one two three four", 9, 2)).toEqual(["one two", "three…"]);
    expect(wrapText(mono, "abcdefghijklmnop", 5, 2)).toEqual(["abcde", "fghi…"]);
    expect(wrapText(mono, "abcdefghij", 10, 1)).toEqual(["abcdefghij"]);
  });
  it("gives no lines for no text", () => {
    expect(wrapText(mono, "", 10, 2)).toEqual([]);
  });
});

describe("renderShareImage", () => {
  it("draws a 1200×630 indexed-colour PNG of a few dozen colours", () => {
    const png = renderShareImage(Object.values(FIXTURE_RECORDS)[0]!);
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(png[25]).toBe(3); // indexed colour
    expect(png.length).toBeLessThan(40_000);
  });
});
