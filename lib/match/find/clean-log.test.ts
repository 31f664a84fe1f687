import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { normalizeLog } from "../../log/log-normalize";
import { chunkEnds, chunksOf, cleanChunks, cleanLog } from "./clean-log";

/** Rows that move line numbers about: JSON records that become several lines, blank rows, escapes, prefixes. */
const ROWS = [
  "",
  "RuntimeError: boom",
  '{"level":"error","msg":"first\\nsecond"}',
  "[2025-06-01 10:00:00 TP0] Decode batch",
  "\u001b[31mERROR\u001b[0m: x",
  '  File "/a.py", line 1, in f',
  "progress 10%\rprogress 20%",
];
const END = ["\n", "\r\n", "\r"];

describe("cleanLog", () => {
  it("cleans a log in chunks exactly as normalizeLog cleans it whole, whatever the chunk size and line ends", () => {
    const log = fc
      .array(fc.tuple(fc.constantFrom(...ROWS), fc.constantFrom(...END)), { maxLength: 30 })
      .map((rows) => rows.flat().join(""));
    fc.assert(
      fc.property(log, fc.integer({ min: 1, max: 80 }), (text, size) => {
        const cleaned = cleanLog(text, size);
        expect(cleaned.lines).toEqual(normalizeLog(text));
        expect(cleaned.chunks.map((c) => c.charEnd)).toEqual(text.length === 0 ? [0] : chunkEnds(text, size));
        // Chunk by chunk, the lines handed over again are those cleaned the first time.
        expect([...chunksOf(cleaned)]).toEqual([...cleanChunks(text, size)]);
      }),
      { numRuns: 500 },
    );
  });

  it("cleans an empty log to one empty line", () => {
    expect(cleanLog("")).toEqual({ lines: [{ line: 1, text: "" }], chunks: [{ lineEnd: 1, charEnd: 0 }] });
  });
});
