import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { RE_ERRORISH, RE_ERROR_WORDS, looksLikeError } from "./looks-like-error";

/** One line per form of RE_ERRORISH, each the form alone (no other form's word in it). */
const ONE_PER_FORM = [
  "ValueError: x",
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
