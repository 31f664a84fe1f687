import { describe, expect, it } from "vitest";
import { CHAT_MAX_CHARS, chatMarkdown, codeSpan, reportMarkdown } from "./chat-markdown";
import type { MatchReport, ReportMatch } from "../match/report";

const URL = "https://errdex.example.org/errors/o/r/bad-name";
const SEARCH = "https://github.com/o/r/issues?q=is%3Aissue%20ValueError%20x.py";

/** A known error as a report carries it; `over` replaces fields. */
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
    search: SEARCH,
    reasons: [],
    occurrences: 1,
    lines: [{ line: 4, text: "ValueError: bad widget", start: 0, end: 22, captures: [] }],
    ...over,
  };
}

function report(matches: ReportMatch[], over: Partial<MatchReport> = {}): MatchReport {
  return { source: "job.log", matches, total: matches.length, lineCount: 120, ...over };
}

describe("chatMarkdown: one known error, as Copy for chat copies it", () => {
  it("gives class and message, the fix, then the permalink on its own line", () => {
    expect(chatMarkdown({ errorClass: "ValueError", errorMessage: "bad {name}", solution: "Pass a valid name" }, URL)).toBe(
      `**ValueError**: bad {name}\nFix: Pass a valid name\n${URL}`,
    );
  });

  it("leaves the fix out when there is none", () => {
    expect(chatMarkdown({ errorClass: "E", errorMessage: "m" }, "https://x.test/p")).toBe("**E**: m\nhttps://x.test/p");
  });

  it("says how it matched a log: confidence, kind, the line number and the line in a code span", () => {
    const md = chatMarkdown({ errorClass: "ValueError", errorMessage: "bad {name}" }, URL, {
      kind: "partial",
      confidence: "medium",
      line: { line: 4, text: "ValueError: bad widget" },
      occurrences: 3,
    });
    expect(md).toBe(
      `**ValueError**: bad {name}\nmedium confidence, partial match, line 4: \`ValueError: bad widget\` (3 places in the log)\n${URL}`,
    );
  });

  it.each([
    ["<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>"],
    ["[click](https://evil.test)", "\\[click\\](https://evil.test)"],
    ["**bold** `code` _it_", "\\*\\*bold\\*\\* \\`code\\` \\_it\\_"],
    ["line\r\n# heading\n| table |", "line \\# heading \\| table \\|"],
    ["\u001b[31mred\u001b[0m", "[31mred[0m".replace(/\[/g, "\\[")],
  ])("escapes hostile message %j", (message, escaped) => {
    expect(chatMarkdown({ errorClass: "E", errorMessage: message }, "u").split("\n")[0]).toBe(`**E**: ${escaped}`);
  });
});

describe("codeSpan: a log line nothing in it can break out of", () => {
  it.each([
    ["plain text", "`plain text`"],
    ["a `quoted` word", "`a ˋquotedˋ word`"],
    ["``` fence", "`ˋˋˋ fence`"],
    ["`", "`ˋ`"],
    ["*bold* _it_ [l](javascript:x) <b>x</b> @here #1 | ~s~", "`*bold* _it_ [l](javascript:x) <b>x</b> @here #1 | ~s~`"],
    ["tab\there\r\nnext line", "`tab here next line`"],
    ["\u001b[31mred\u001b[0m\u0007", "`[31mred[0m`"],
    ["   ", ""],
    ["", ""],
  ])("%j → %j", (text, span) => {
    expect(codeSpan(text)).toBe(span);
  });

  it("clips a long line with an ellipsis, inside the span", () => {
    const span = codeSpan("x".repeat(5000));
    expect(span).toBe(`\`${"x".repeat(199)}…\``);
  });

  it("holds exactly two backticks, whatever the line (fuzzed)", () => {
    const alphabet = ["`", "\\", "*", "_", "[", "]", "(", ")", "<", ">", "|", "~", "#", "\n", "\r", " ", "a", "\u0000", "\u001b"];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % alphabet.length;
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: 1 + (i % 40) }, () => alphabet[next()]).join("") + "z";
      const span = codeSpan(text);
      expect(span.match(/`/g)).toHaveLength(2);
      expect(span).toMatch(/^`[^`\n\r]+`$/);
    }
  });
});

describe("reportMarkdown: errdex match --format markdown", () => {
  it("says what was found, then one bullet per known error built by chatMarkdown", () => {
    const m = match();
    const md = reportMarkdown(report([m]));
    expect(md).toBe(
      [
        "**errdex**: 1 known error in `job.log`, best first:",
        "",
        `- **ValueError**: bad {name}  \n  high confidence, full match, line 4: \`ValueError: bad widget\`  \n  Fix: Pass a valid name  \n  ${URL}  \n  [Search o/r issues for this error](${SEARCH})`,
      ].join("\n"),
    );
    // The bullet is Copy for chat's text, indented under the bullet with hard line breaks.
    const single = chatMarkdown({ errorClass: m.errorClass, errorMessage: m.message, solution: m.solution }, m.permalink, {
      kind: m.kind,
      confidence: m.confidence,
      line: m.lines[0],
      occurrences: m.occurrences,
    });
    expect(md.split("\n\n")[1]).toBe(`- ${single.replace(/\n/g, "  \n  ")}  \n  [Search o/r issues for this error](${SEARCH})`);
  });

  it("says so when nothing matched", () => {
    expect(reportMarkdown(report([]))).toBe("**errdex**: no known error in `job.log` (120 lines).");
  });

  it("counts the errors past --top as 'and N more'", () => {
    const md = reportMarkdown(report([match(), match({ id: "b", errorClass: "KeyError" })], { total: 7 }));
    expect(md.startsWith("**errdex**: 7 known errors in `job.log`, best first:\n\n- **ValueError**")).toBe(true);
    expect(md.split("\n").filter((l) => l.startsWith("- "))).toHaveLength(2);
    expect(md.endsWith("\n\n…and 5 more")).toBe(true);
  });

  it("stays under 4,000 characters with long, hostile matches, and says how many it left out", () => {
    const long = "`*_[x](y)<b>|~#\\ ".repeat(100);
    const matches = Array.from({ length: 60 }, (_, i) =>
      match({
        id: `id${i}`,
        errorClass: `Error${i}${long}`,
        message: long,
        solution: long,
        permalink: `https://errdex.example.org/errors/o/r/${"s".repeat(150)}-${i}`,
        lines: [{ line: 1000 + i, text: long, start: 0, end: 10, captures: [] }],
        occurrences: 12,
      }),
    );
    const md = reportMarkdown(report(matches, { total: 75 }));
    expect(md.length).toBeLessThan(CHAT_MAX_CHARS);
    const shown = md.split("\n").filter((l) => l.startsWith("- ")).length;
    expect(shown).toBeGreaterThan(0);
    expect(md.endsWith(`\n\n…and ${75 - shown} more`)).toBe(true);
  });

  it("notes a lookup that stopped early", () => {
    const md = reportMarkdown(report([match()], { stopped: "time budget of 30 s" }));
    expect(md.endsWith("\n\n_Stopped early: time budget of 30 s_")).toBe(true);
  });

  it("names standard input and puts a hostile file name in a code span", () => {
    expect(reportMarkdown(report([], { source: "stdin" }))).toBe("**errdex**: no known error in `stdin` (120 lines).");
    expect(reportMarkdown(report([], { source: "a`b\n*c*.log" }))).toBe("**errdex**: no known error in `aˋb *c*.log` (120 lines).");
  });
});
