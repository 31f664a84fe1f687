import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { RE_ERRORISH, RE_ERROR_WORDS, isErrorBodyMessage, looksLikeError } from "./looks-like-error";

/** One line per form of RE_ERRORISH, each the form alone (no other form's word in it). */
const ONE_PER_FORM = [
  "ValueError: x",
  "valueerror: a paste lowercased whole",
  "SystemExit: 2",
  "KeyboardInterrupt",
  "BusFault",
  "TestFailure: y",
  "JobAbort",
  "JobAborted",
  "GoPanic",
  "StopIteration",
  "StopAsyncIteration",
  "OSError: [Errno 2]",
  "fatal: not a git repository",
  "panic: runtime error",
  "critical: disk full",
  "CRITICAL: disk full",
  "npm ERR! code ELIFECYCLE",
  "npm error code 1",
  "  Value error, x must be positive",
  "Assertion failed, n must be positive",
  "E       assert 1 == 2",
  "Traceback (most recent call last):",
  "job FAILED",
  "PANIC now",
  "failed with SomeError: x",
  "got error: x",
  "time=1 level=fatal msg=boom",
  '{"level": "critical"}',
  "thread 'main' panicked at src/main.rs:2:5",
  "Segmentation fault",
  "Aborted (core dumped)",
  "Uncaught TypeError",
  "Unhandled rejection",
];

describe("looksLikeError's word pre-test", () => {
  it.each(ONE_PER_FORM)("keeps every form of an error line: %j", (t) => {
    expect(RE_ERRORISH.test(t)).toBe(true);
    expect(RE_ERROR_WORDS.test(t)).toBe(true);
    expect(looksLikeError(t)).toBe(true);
  });

  it("never rejects a line the full test accepts, for lines made of the forms' pieces", () => {
    const pieces = fc.constantFrom(
      ...["Error", "Exception", "Exit", "Interrupt", "Fault", "Failure", "Abort", "Panic", "Stop", "Iteration", "OSError"],
      ...["error", "fatal", "panic", "critical", "Fatal", "FATAL", "ERROR", "PANIC", "CRITICAL", "FAILED", "npm ", "ERR!"],
      ...["Value error", "Assertion failed", ", ", "E  ", "Traceback (most recent call last)", "level=", '"level": "'],
      ...["panicked at", "Segmentation fault", "core dumped", "Fatal Python error", "Uncaught", "Unhandled exception"],
      ...[" ", ":", ": ", "(", ")", "[", "]", "x", "X", "_", ".", "a.", "E", "rr", "or", "\t", "1"],
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 8 }), (parts) => {
        const t = parts.join("");
        expect(!RE_ERRORISH.test(t) || RE_ERROR_WORDS.test(t)).toBe(true);
      }),
      { numRuns: 5000, seed: 20261204 },
    );
  });
});

describe("isErrorBodyMessage: the message of an error body printed over several lines", () => {
  const body = (fields: string[]) => ["{", ...fields, "}"].map((text, i) => ({ line: i + 1, text }));
  it.each<[string, string[], boolean]>([
    ["OpenAI-style body (jq)", ['"object": "error",', '"message": "top_k must be -1, got 0.",', '"type": "BadRequestError",'], true],
    ["a Python dict repr", ["'object': 'error',", "'message': 'Prompt cannot be empty',", "'code': 400}"], true],
    ["nested under `error`", ['"error": {', '"message": "Invalid model name",', '"param": null'], true],
    ["a status code alone", ['"message": "upstream failed",', '"code": 503'], true],
    ["a chat message, no error field", ['"role": "user",', '"message": "why does top_k fail?",', '"tokens": 12'], false],
    ["a 200 code is no error", ['"message": "ok",', '"code": 200'], false],
    ["the error field on the line itself is not a neighbour", ['"message": "BadRequestError"'], false],
  ])("%s → %s", (_what, fields, expected) => {
    const lines = body(fields);
    const at = lines.findIndex((l) => /^["']message/.test(l.text));
    expect(isErrorBodyMessage(lines, at)).toBe(expected);
  });

  it("a field more than six lines away does not count", () => {
    const lines = ['"message": "x failed",', "1", "2", "3", "4", "5", "6", '"type": "ValueError",'].map((text, i) => ({
      line: i + 1,
      text,
    }));
    expect(isErrorBodyMessage(lines, 0)).toBe(false);
    expect(
      isErrorBodyMessage(
        lines.filter((_, i) => i !== 1),
        0,
      ),
    ).toBe(true);
  });
});
