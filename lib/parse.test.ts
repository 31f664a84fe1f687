import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InputError, parseInput, pathText } from "./parse";

const Schema = z.object({ records: z.array(z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "is not 16 hex digits") })) });

describe("parseInput", () => {
  it("returns the parsed value", () => {
    expect(parseInput(Schema, { records: [{ id: "213d04cf659a6918" }] }, "x.json")).toEqual({ records: [{ id: "213d04cf659a6918" }] });
  });

  it("names the source, the path, the value and what is wrong", () => {
    const bad = { records: [{ id: "213d04cf659a6918" }, { id: "../../etc" }] };
    expect(() => parseInput(Schema, bad, "manifest.json")).toThrow(
      new InputError(['manifest.json: records[1].id: "../../etc" is not 16 hex digits']),
    );
  });

  it("lists at most 20 problems and counts the rest", () => {
    const bad = { records: Array.from({ length: 25 }, () => ({ id: 1 })) };
    try {
      parseInput(Schema, bad, "m.json");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      const problems = (e as InputError).problems;
      expect(problems).toHaveLength(21);
      expect(problems[0]).toBe("m.json: records[0].id: 1 Invalid input: expected string, received number");
      expect(problems[20]).toBe("m.json: … and 5 more problems");
    }
  });

  it("writes paths the way people read them", () => {
    expect(pathText(["records", 3, "permalink"])).toBe("records[3].permalink");
    expect(pathText([2, "x"])).toBe("[2].x");
    expect(pathText([])).toBe("");
  });
});
