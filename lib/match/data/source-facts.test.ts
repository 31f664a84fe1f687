/**
 * What the matcher reads of a record's source snippet: the raise statement's lines (a statement spread over
 * several lines, found from the record's line), and the lines cut out of a snippet without splitting it whole.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { linesOf, raiseSiteHashes, raiseSiteLines, lineHash } from "./source-facts";

const SNIPPET = [
  "    def check(self):",
  "        if self.top_k < -1:",
  "            raise ValueError(",
  '                f"top_k must be -1 (disable), or at least 1, "',
  '                f"got {self.top_k}.")',
  "        return self",
].join("\n");
const at = (lineNumber: number) => ({ sourceCode: SNIPPET, sourceCodeStart: 10, lineNumber, errorMessage: "top_k must be …" });

describe("source facts", () => {
  it("reads the statement the record's line is in, from its start to where its brackets close, without blanks", () => {
    const statement = ["raiseValueError(", 'f"top_kmustbe-1(disable),oratleast1,"', 'f"got{self.top_k}.")'];
    expect(raiseSiteLines(at(12))).toEqual(statement);
    // The record's line is the message's second line: the statement still starts at `raise`.
    expect(raiseSiteLines(at(13))).toEqual(statement);
  });

  it("hashes the first line, the record's own line and the first two lines holding a string", () => {
    expect(raiseSiteHashes(at(13)).sort()).toEqual(
      ["raiseValueError(", 'f"top_kmustbe-1(disable),oratleast1,"', 'f"got{self.top_k}.")'].map(lineHash).sort(),
    );
  });

  it.each([
    ["above the snippet", 9],
    ["below the snippet", 16],
  ])("a record's line %s has no statement", (_where, lineNumber) => {
    expect(raiseSiteLines(at(lineNumber))).toEqual([]);
    expect(raiseSiteHashes(at(lineNumber))).toEqual([]);
  });

  it("linesOf cuts out the lines text.split numbers, for any text and range", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "\n", " ") }), fc.nat(12), fc.nat(12), (text, a, n) => {
        expect(linesOf(text, a, a + n)).toEqual(text.split("\n").slice(a, a + n));
      }),
      { numRuns: 2000 },
    );
  });
});
