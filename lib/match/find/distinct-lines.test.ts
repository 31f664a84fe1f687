import { describe, expect, it } from "vitest";
import { DistinctLines, HitsByText } from "./distinct-lines";

const lines = (...texts: string[]) => texts.map((text, i) => ({ line: i + 1, text }));

describe("DistinctLines", () => {
  it("gives a repeated text one number, in order of first appearance, across chunks", () => {
    const all = lines("Decode batch", "RuntimeError: x", "Decode batch", "");
    const d = new DistinctLines();
    expect(d.add(all, 0)).toBe(0);
    expect(d.texts).toEqual(["Decode batch", "RuntimeError: x", ""]);
    expect(d.idOf).toEqual([0, 1, 0, 2]);
    // A second chunk: only its new texts get new numbers.
    all.push(...lines("RuntimeError: x", "ValueError: y"));
    expect(d.add(all, 4)).toBe(3);
    expect(d.texts.slice(3)).toEqual(["ValueError: y"]);
    expect(d.idOf.slice(4)).toEqual([1, 3]);
  });
});

describe("HitsByText", () => {
  it("files each scan's hits by text and hands them to every line with that text, in the order found", () => {
    const h = new HitsByText();
    h.push(1, 7, 0);
    h.push(0, 5, 0);
    h.push(1, 9, 1);
    h.seal(0, 2);
    h.push(2, 4, 0);
    h.seal(2, 3);
    const got: [number, number][] = [];
    const add = (entry: number, line: number) => got.push([entry, line]);
    h.each(1, 10, add);
    h.each(0, 11, add);
    h.each(2, 12, add);
    h.each(1, 13, add);
    expect(got).toEqual([
      [7, 10],
      [9, 9],
      [5, 11],
      [4, 12],
      [7, 13],
      [9, 12],
    ]);
  });

  it("hands nothing to a text without hits", () => {
    const h = new HitsByText();
    h.seal(0, 3);
    const got: number[] = [];
    h.each(2, 0, (e) => got.push(e));
    expect(got).toEqual([]);
  });
});
