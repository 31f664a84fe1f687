import { describe, expect, it } from "vitest";
import {
  clip,
  imageText,
  templateText,
  severityColor,
  shareDescription,
  shareImagePath,
  shareTitle,
  SEVERITY_COLORS,
} from "./record-share";

const record = {
  errorClass: "ValueError",
  errorMessage: "bad {name}\nsecond line",
  documentation: "What it means.",
  solutions: ["", "Pass a valid name"],
  repo: "o/r",
};

describe("share text", () => {
  it("titles with class and message on one line", () => {
    expect(shareTitle(record)).toBe("ValueError: bad {name} second line");
  });

  it("describes with the documentation, then the first non-blank solution", () => {
    expect(shareDescription(record)).toBe("What it means. Fix: Pass a valid name");
    expect(shareDescription({ ...record, solutions: [], documentation: " " })).toBe("ValueError raised in o/r.");
  });

  it("clips long text with an ellipsis", () => {
    const t = clip("word ".repeat(100), 50);
    expect(t.length).toBeLessThanOrEqual(50);
    expect(t.endsWith("…")).toBe(true);
  });

  it("maps each severity to its colour, unknown ones to error's", () => {
    for (const [s, c] of Object.entries(SEVERITY_COLORS)) expect(severityColor(s.toUpperCase())).toBe(c);
    expect(severityColor("fatal")).toBe(SEVERITY_COLORS.error);
    // Names every object inherits are unknown severities too, not a crash or a function.
    for (const s of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(severityColor(s)).toBe(SEVERITY_COLORS.error);
  });

  it("puts the image under /og/<id>.png", () => {
    expect(shareImagePath("213d04cf659a6918")).toBe("/og/213d04cf659a6918.png");
  });
});

describe("imageText", () => {
  it("drops characters that draw nothing instead of showing them as ?", () => {
    expect(imageText("zero\u200bwidth\u200cjoin\u200dmark\u2060word\ufeffend \u202eevil\u202c", 100)).toBe("zerowidthjoinmarkwordend evil");
  });

  it("shows a message template as the page does", () => {
    expect(templateText("got {{7*7}} and {value!r} in {{x}}")).toBe("got {7*7} and {value!r} in {x}");
    expect(templateText("plain text")).toBe("plain text");
  });

  it("keeps Latin text and replaces what the font cannot draw", () => {
    expect(imageText("héllo — 世界 🔥", 100)).toBe("héllo — ?? ?");
    // A non-breaking hyphen (seen in the corpus) becomes a plain one; other marks the font lacks become "?".
    expect(imageText("non\u2011MLA \u2212 1 \u2030 \u0141\u00f3d\u017a", 100)).toBe("non-MLA - 1 ? ?ód?");
  });
});
