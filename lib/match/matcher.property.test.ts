/**
 * Properties of `Matcher.lookup` over generated logs (fast-check, fixed seeds):
 * it never throws, every span it reports lies inside its line's text, line
 * numbers stay within the log, the same log gives the same answer, and a
 * record's own message planted anywhere in noise is found where it was put.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { Matcher, type LookupResult } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import { compilePattern, toRegExp } from "../pattern/pattern";
import { sampleRenderings } from "../record/message-template";
import { FIXTURE_RECORDS } from "../testing/fixtures/records";
import { NOISE_LINES } from "../testing/fixtures/logs";

const data = buildMatcherData(FIXTURE_RECORDS);
const matcher = new Matcher(data);

/** Each record's message rendered the way the program prints it (the first sample its pattern matches). */
const RENDERED = FIXTURE_RECORDS.map((record) => {
  const c = compilePattern(record.messagePattern);
  if (!c.ok) throw new Error(`${record.id}: ${c.error}`);
  const re = toRegExp(c);
  const message = sampleRenderings(record.errorMessage).find((s) => re.test(s));
  if (message === undefined) throw new Error(`${record.id}: no rendering of its message matches its pattern`);
  return { record, message };
});

/** Prefixes a process writes before every line (tags) and ones a logger writes before a record's first line only (headers). */
const EVERY_LINE = [
  "",
  "[rank0]: ",
  "(RayWorkerWrapper pid=5085) ",
  "sglang-1  | ",
  "2025-06-01T10:00:00.1234567Z ",
  "> ",
  "[2025-06-01 10:00:00 TP3] ",
];
const FIRST_LINE = [
  "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ",
  "ERROR ",
  "INFO 06-01 10:00:00 ",
  "[2025-06-01 10:00:00] ",
  "2025-06-01 10:00:00,123 - sglang.srt - ERROR - ",
];
const DECORATIONS: [string, string][] = [
  ["", ""],
  ["\x1b[31m", "\x1b[0m"],
  ["\x1b[1;31m", "\x1b[0m\x1b[K"],
  ["^[[31m", "^[[0m"],
  ["[31m", " [0m"],
  ["`", "`"],
  ["**", "**"],
];

/** How normalizeLog counts lines: any line end, a final line end adds no line. */
function lineTotal(log: string): number {
  const rows = log.split(/\r\n|\r|\n/);
  return rows.length > 1 && rows[rows.length - 1] === "" ? rows.length - 1 : rows.length;
}

/** The invariants every lookup keeps, whatever the log. */
function checkInvariants(log: string, result: LookupResult): void {
  const total = lineTotal(log);
  expect(result.lineCount).toBeLessThanOrEqual(Math.max(total, 1) * 64); // JSON lines may expand, never wildly
  for (const m of result.matches) {
    expect(m.lines.length).toBeGreaterThan(0);
    expect(m.occurrences).toBeGreaterThanOrEqual(1);
    let previous = 0;
    for (const l of m.lines) {
      expect(l.line).toBeGreaterThanOrEqual(Math.max(1, previous)); // in log order
      expect(l.line).toBeLessThanOrEqual(total);
      expect(l.start).toBeGreaterThanOrEqual(0);
      expect(l.start).toBeLessThanOrEqual(l.end);
      expect(l.end).toBeLessThanOrEqual(l.text.length);
      for (const c of l.captures) {
        expect(c.group).toBeGreaterThanOrEqual(1);
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.start).toBeLessThanOrEqual(c.end);
        expect(c.end).toBeLessThanOrEqual(l.text.length);
        expect(l.text.slice(c.start, c.end)).toBe(c.value);
      }
      previous = l.line;
    }
  }
  for (let i = 1; i < result.matches.length; i++) expect(result.matches[i - 1]!.score).toBeGreaterThanOrEqual(result.matches[i]!.score);
}

/** What must not change between two lookups of the same log. */
function essence(result: LookupResult) {
  return {
    lineCount: result.lineCount,
    tracebacks: result.tracebacks,
    matches: result.matches.map((m) => ({
      id: m.entry.id,
      kind: m.kind,
      score: m.score,
      reasons: m.reasons,
      lines: m.lines,
      occurrences: m.occurrences,
    })),
  };
}

const noiseLine = fc.oneof(fc.constantFrom(...NOISE_LINES), fc.stringMatching(/^[ -~]{0,60}$/), fc.constant(""));
const lineEnd = fc.constantFrom("\n", "\r\n");

/** A line built from the pieces real logs are made of: prefixes, colours, messages, noise. */
const composedLine = fc
  .tuple(
    fc.constantFrom(...EVERY_LINE, ...FIRST_LINE),
    fc.constantFrom(...DECORATIONS),
    fc.oneof(
      fc.constantFrom(...RENDERED.map((r) => `${r.record.errorClass}: ${r.message}`)),
      fc.constantFrom(...RENDERED.map((r) => r.message)),
      noiseLine,
      fc.constantFrom(
        "Traceback (most recent call last):",
        '  File "/x/sglang/srt/server.py", line 10, in main',
        "During handling of the above exception, another exception occurred:",
      ),
    ),
  )
  .map(([prefix, [open, close], body]) => prefix + open + body + close);

describe("Matcher.lookup properties", () => {
  it("never throws and keeps every span inside its line, for arbitrary strings", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 300 })), (log) => {
        checkInvariants(log, matcher.lookup(log));
      }),
      { seed: 1, numRuns: 1000 },
    );
  });

  it("never throws, keeps spans inside lines and answers the same twice, for logs composed of real pieces", () => {
    fc.assert(
      fc.property(fc.array(composedLine, { maxLength: 12 }), lineEnd, (lines, eol) => {
        const log = lines.join(eol);
        const first = matcher.lookup(log);
        checkInvariants(log, first);
        expect(essence(matcher.lookup(log))).toEqual(essence(first));
        expect(essence(new Matcher(data).lookup(log))).toEqual(essence(first));
      }),
      { seed: 2, numRuns: 500 },
    );
  });

  it("finds a record's message planted anywhere in noise, as a full match on the line it was put", () => {
    const planted = fc.record({
      which: fc.nat(RENDERED.length - 1),
      withClass: fc.boolean(),
      everyLine: fc.constantFrom(...EVERY_LINE),
      firstLine: fc.constantFrom("", ...FIRST_LINE),
      decoration: fc.constantFrom(...DECORATIONS),
      before: fc.array(noiseLine, { maxLength: 8 }),
      after: fc.array(noiseLine, { maxLength: 8 }),
      eol: lineEnd,
    });
    fc.assert(
      fc.property(planted, (p) => {
        const { record, message } = RENDERED[p.which]!;
        const body = ((p.withClass ? `${record.errorClass}: ` : "") + message).split("\n");
        const [open, close] = p.decoration;
        const messageLines = body.map(
          (line, i) => p.everyLine + (i === 0 ? p.firstLine + open : "") + line + (i === body.length - 1 ? close : ""),
        );
        const log = [...p.before, ...messageLines, ...p.after].join(p.eol);
        const result = matcher.lookup(log);
        checkInvariants(log, result);
        const hit = result.matches.find((m) => m.entry.id === record.id);
        expect(hit, `${record.slug} in ${JSON.stringify(log)}`).toBeDefined();
        expect(hit!.kind).toBe("full");
        expect(hit!.lines[0]!.line).toBe(p.before.length + 1);
      }),
      { seed: 3, numRuns: 1000 },
    );
  });
});
