import { describe, expect, it } from "vitest";
import { exampleRecord } from "../../lib/testing/test-fixtures";
import { recordSearchUrl } from "../../lib/site/upstream-search";
import type { Style } from "../terminal";
import { recordMarkdown, recordText } from "./record";

/** A style that shows where colour would go, so the test sees what is coloured. */
const tagged: Style = {
  bold: (s) => `<b>${s}</b>`,
  dim: (s) => `<dim>${s}</dim>`,
  red: (s) => `<red>${s}</red>`,
  green: (s) => `<green>${s}</green>`,
  yellow: (s) => `<yellow>${s}</yellow>`,
  cyan: (s) => `<cyan>${s}</cyan>`,
};
const r = exampleRecord();
const shown = (over: Partial<typeof r> = {}) => ({ record: { ...r, ...over }, permalink: "/p", search: recordSearchUrl(r) });

describe("recordText in colour (a terminal)", () => {
  it("bolds the heading and section titles, marks the error line red, the links cyan", () => {
    const out = recordText(shown(), tagged).split("\n");
    expect(out[0]).toBe(`<b>${r.errorClass}: ${r.errorMessage}</b>`);
    expect(out).toContain("<b>Solutions</b>");
    expect(out.filter((l) => l.startsWith("<red>"))).toEqual([`<red>> 1344  ${r.sourceCode.split("\n")[1344 - r.sourceCodeStart]}</red>`]);
    expect(out).toContain("Permalink: <cyan>/p</cyan>");
  });

  it("escapes control characters inside the colour, so data cannot end or change it", () => {
    const out = recordText(shown({ errorClass: "E\x1b[0m\x1b]0;title\x07" }), tagged);
    expect(out.split("\n")[0]).toBe(`<b>E\\x1b[0m\\x1b]0;title\\x07: ${r.errorMessage}</b>`);
  });
});

describe("recordMarkdown", () => {
  it("fences a snippet holding backticks with a longer fence, and escapes record text", () => {
    const code = ["x = 1", "raise E(f'``` {a}')", "y = 2"].join("\n");
    const md = recordMarkdown(shown({ sourceCode: code, sourceCodeStart: 1, sourceCodeEnd: 3, lineNumber: 2, errorClass: "E*x*" }));
    expect(md).toContain("````python\n  1  x = 1\n> 2  raise E(f'``` {a}')\n  3  y = 2\n````");
    expect(md.startsWith("### **E\\*x\\***: ")).toBe(true);
  });
});
