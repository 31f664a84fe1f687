import { describe, expect, it } from "vitest";
import { genericPattern } from "./generic-pattern";
import { apply, judging } from "./test-judging";

describe("generic-pattern", () => {
  it.each([
    { generic: true, specific: false, reasons: ["generic pattern: only 8 letters of literal text, it may match unrelated errors"] },
    { generic: false, specific: true, reasons: [] },
  ])("generic $generic: specific $specific", ({ generic, specific, reasons }) => {
    const j = apply(genericPattern, judging({ e: { generic, letters: 8 } }));
    expect(j.specific).toBe(specific);
    expect(j.reasons).toEqual(reasons);
  });
});
