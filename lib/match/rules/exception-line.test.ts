import { describe, expect, it } from "vitest";
import { exceptionLine } from "./exception-line";
import { apply, judging, line, traceback } from "./test-judging";

describe("exception-line", () => {
  const plain = traceback({ exceptionLine: 3, endLine: 5 });
  const cause = traceback({ exceptionLine: 3, endLine: 3 });
  const chained = traceback({ startLine: 5, exceptionLine: 8, endLine: 8, chainedFrom: 0 });
  const cut = traceback({ exceptionLine: 3, endLine: 3, chainCut: true });
  it.each([
    { story: "a match on the exception line is that traceback's", tbs: [plain], at: [3], hit: 0, final: true },
    { story: "so is one on a line of its message after it", tbs: [plain], at: [5], hit: 0, final: true },
    { story: "a match elsewhere is no traceback's", tbs: [plain], at: [9], hit: undefined, final: undefined },
    {
      story: "the final traceback of a chain is taken over the one it chains after",
      tbs: [cause, chained],
      at: [3, 8],
      hit: 1,
      final: true,
    },
    { story: "the cause of a chain is not final", tbs: [cause, chained], at: [3], hit: 0, final: false },
    { story: "nor is one the paste cuts in a chain", tbs: [cut], at: [3], hit: 0, final: false },
  ])("$story", ({ tbs, at, hit, final }) => {
    const j = apply(exceptionLine, judging({ run: { tracebacks: tbs }, f: { lines: at.map((l) => line("x", { line: l })) } }));
    expect(j.hit?.tb).toBe(hit === undefined ? undefined : tbs[hit]);
    expect(j.hit?.final).toBe(final);
  });
});
