import { describe, expect, it } from "vitest";
import type { LogLine } from "../../../log/log-normalize";
import type { Traceback } from "../../../log/traceback";
import { unansweredLines } from "./unanswered-lines";
import { T } from "../../rank/tuning";

const log = (texts: string[]): LogLine[] => texts.map((text, i) => ({ line: i + 1, text }) as LogLine);
const tb = (startLine: number, endLine: number) => ({ startLine, endLine }) as Traceback;

describe("unanswered-lines", () => {
  it.each([
    ["the first lines with words", ["Cannot find any model weights here", "", "### Reminder section", "- [x] I have read"], [], [0, 2, 3]],
    [
      "no more than T.unansweredLines of them",
      ["first line of words", "second line of words", "third line of words", "fourth line of words"],
      [],
      [0, 1, 2],
    ],
    ["not those already compared", ["first line of words", "second line of words"], [1], [1]],
    ["not a traceback's lines", ["Traceback (most recent call last):", '  File "x.py", line 3', "the title line here"], [], [2]],
    ["not a short one", ["short", "a long enough line here"], [], [1]],
    ["not a label", ["Error Message of the run:", "a long enough line here"], [], [1]],
  ])("%s", (_, texts, done, want) => {
    const lines = log(texts as string[]);
    const tracebacks = (texts as string[])[0]!.startsWith("Traceback") ? [tb(1, 2)] : [];
    expect(unansweredLines(lines, new Set(done as number[]), tracebacks)).toEqual(want);
  });

  it("reads no line of a long log", () => {
    const lines = log(Array.from({ length: T.unansweredMaxLines + 1 }, (_, i) => `a line of words number ${i}`));
    expect(unansweredLines(lines, new Set(), [])).toEqual([]);
  });
});
