import { describe, expect, it } from "vitest";
import { annotation, escapeData, escapeProperty, formatGithub, stepSummary } from "./github";
import type { MatchReport, ReportMatch } from "../../lib/match/report";
import { reportMarkdown } from "../../lib/site/chat-markdown";

const URL = "https://errdex.example.org/errors/o/r/bad-name";

function match(over: Partial<ReportMatch> = {}): ReportMatch {
  return {
    id: "00000000000000a1",
    repo: "o/r",
    slug: "bad-name",
    errorClass: "ValueError",
    message: "bad {name}",
    solution: "Pass a valid name",
    generic: false,
    kind: "full",
    confidence: "high",
    score: 100,
    permalink: URL,
    search: "https://github.com/o/r/issues?q=is%3Aissue%20ValueError%20x.py",
    reasons: [],
    occurrences: 1,
    lines: [{ line: 4, text: "ValueError: bad widget", start: 0, end: 22, captures: [] }],
    ...over,
  };
}

/** What the runner reads back from an escaped value. */
const unescape = (s: string) =>
  s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");

describe("workflow-command escaping", () => {
  it.each([
    ["100%", "100%25"],
    ["a\r\nb", "a%0D%0Ab"],
    ["%0A is not a newline", "%250A is not a newline"],
    ["k: v, w", "k: v, w"],
  ])("data %j → %j", (raw, escaped) => {
    expect(escapeData(raw)).toBe(escaped);
  });

  it.each([
    ["errdex: E (high, full)", "errdex%3A E (high%2C full)"],
    ["50%: a,b\nc", "50%25%3A a%2Cb%0Ac"],
    ["::error::", "%3A%3Aerror%3A%3A"],
  ])("property %j → %j", (raw, escaped) => {
    expect(escapeProperty(raw)).toBe(escaped);
  });
});

describe("annotation", () => {
  it("is an error with the class, confidence and kind as title, and the message, line, fix and link as text", () => {
    expect(annotation(match(), "job.log")).toBe(
      "::error title=errdex%3A ValueError (high confidence%2C full match)::bad {name}%0Ajob.log, line 4: ValueError: bad widget%0AFix: Pass a valid name%0A" +
        URL,
    );
  });

  it("is a warning for a low-confidence match", () => {
    expect(annotation(match({ confidence: "low", kind: "partial" }), "job.log")).toMatch(
      /^::warning title=errdex%3A ValueError \(low confidence%2C partial match\)::/,
    );
  });

  it("keeps a hostile log line and record inside one command", () => {
    const hostile = "100% done\r\n::add-mask::secret\n::error title=x,file=y::fake\u001b[31m, a:b \u202eevil";
    const a = annotation(
      match({
        errorClass: `Err,or:${hostile}`,
        message: hostile,
        solution: hostile,
        lines: [{ line: 9, text: hostile, start: 0, end: 1, captures: [] }],
      }),
      `logs/${hostile}.log`,
    );
    expect(a.split("\n")).toHaveLength(1);
    expect(a).not.toMatch(/[\r\u001b\u202e]/);
    const [, title, message] = /^::error title=([^:]*)::(.*)$/.exec(a)!;
    expect(title).not.toMatch(/[,:]/);
    expect(unescape(title!)).toContain("Err,or:100% done ::add-mask::secret ::error title=x,file=y::fake[31m, a:b \\u{202e}evil");
    expect(unescape(message!).split("\n")).toEqual([
      "100% done ::add-mask::secret ::error title=x,file=y::fake[31m, a:b \\u{202e}evil",
      "logs/100% done ::add-mask::secret ::error title=x,file=y::fake[31m, a:b \\u{202e}evil.log, line 9: 100% done ::add-mask::secret ::error title=x,file=y::fake[31m, a:b \\u{202e}evil",
      "Fix: 100% done ::add-mask::secret ::error title=x,file=y::fake[31m, a:b \\u{202e}evil",
      URL,
    ]);
  });
});

describe("formatGithub", () => {
  const report = (matches: ReportMatch[], total = matches.length): MatchReport => ({ source: "job.log", matches, total, lineCount: 120 });

  it("prints a plain line saying what was found, then one annotation per known error", () => {
    const out = formatGithub(report([match(), match({ errorClass: "KeyError" })], 12));
    const lines = out.split("\n");
    expect(lines[0]).toBe("errdex: 12 known errors in job.log (120 lines)");
    expect(lines.slice(1, 3).map((l) => l.slice(0, 36))).toEqual([
      "::error title=errdex%3A ValueError (",
      "::error title=errdex%3A KeyError (hi",
    ]);
    expect(lines.slice(3)).toEqual([""]);
  });

  it("prints no annotation when nothing matched", () => {
    expect(formatGithub(report([]))).toBe("errdex: no known error in job.log (120 lines)\n");
  });

  it("puts the chat Markdown, with links, in the step summary", () => {
    const r = report([match()]);
    expect(stepSummary(r)).toBe(`${reportMarkdown(r)}\n\n`);
    expect(stepSummary(r)).toContain(URL);
  });
});
