import { describe, expect, it } from "vitest";
import { severityClass } from "./record-facts";

describe("severityClass", () => {
  it("styles the known severities, case-insensitively", () => {
    expect(severityClass("Critical")).not.toBe("sev");
    expect(severityClass("warning")).not.toBe(severityClass("info"));
  });
  it.each(["constructor", "__proto__", "toString", "valueOf", "fatal"])("gives the plain style to %j, never an inherited value", (s) => {
    expect(severityClass(s)).toBe("sev");
  });
});
