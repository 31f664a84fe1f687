/** String literals read as Python reads them: prefixes, quotes and escapes. */
import { describe, expect, it } from "vitest";
import { literalValue, splitLiteral } from "./python-string";

describe("literalValue", () => {
  it.each([
    [`"plain"`, "plain"],
    [`'single'`, "single"],
    [`"""triple\nline"""`, "triple\nline"],
    [String.raw`"tab\tnl\ncr\r"`, "tab\tnl\ncr\r"],
    [String.raw`"hex \x41 oct \101 uni \u00e9 wide \U0001F600"`, "hex A oct A uni é wide 😀"],
    [String.raw`"quotes \" \' and \\ backslash"`, `quotes " ' and \\ backslash`],
    [String.raw`"unknown \q and \d stay"`, String.raw`unknown \q and \d stay`],
    [String.raw`"named \N{EM DASH} stays"`, String.raw`named \N{EM DASH} stays`],
    ['"line \\\ncontinued"', "line continued"],
    [String.raw`r"raw \n stays"`, String.raw`raw \n stays`],
    [String.raw`Rb"raw bytes \x00"`, String.raw`raw bytes \x00`],
    [String.raw`b"bytes \u00e9 stays"`, String.raw`bytes \u00e9 stays`],
    [`u"unicode prefix"`, "unicode prefix"],
  ])("%s", (source, value) => {
    expect(literalValue(source)).toBe(value);
  });

  it("is null for an f-string or what is not a literal", () => {
    expect([literalValue(`f"x {y}"`), literalValue("name"), literalValue(`x"odd"`)]).toEqual([null, null, null]);
  });

  it("splits an unclosed literal up to the end", () => {
    expect(splitLiteral(`rf"open {x}`)).toEqual({ prefix: "rf", body: "open {x}", raw: true, fstring: true, bytes: false });
  });
});
