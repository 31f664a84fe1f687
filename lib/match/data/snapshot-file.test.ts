import { describe, expect, it } from "vitest";
import { Matcher, type LookupResult } from "../matcher";
import { buildMatcherData } from "./matcher-data";
import { decodeSnapshot, encodeSnapshot } from "./snapshot-file";
import { FIXTURE_RECORDS, R } from "../../testing/fixtures/records";
import { NOISE_LINES, hardWrap, prefixLines } from "../../testing/fixtures/logs";
import { sampleRenderings } from "../../record/message-template";
import type { ErrorRecord } from "../../record/schema";

const renderMessage = (r: ErrorRecord) => sampleRenderings(r.errorMessage)[0]!;

const built = new Matcher(buildMatcherData(FIXTURE_RECORDS));
const bytes = encodeSnapshot(built.snapshot("2025-06-01"));

/** What a user sees of a lookup: records, kinds, scores, lines and captures. */
const view = (r: LookupResult) =>
  r.matches.map((m) => ({
    id: m.entry.id,
    kind: m.kind,
    score: m.score,
    lines: m.lines.map((l) => ({ line: l.line, text: l.text, captures: l.captures })),
  }));

// Every fixture record's rendered message, plain, prefixed, wrapped, between noise lines.
const messages = FIXTURE_RECORDS.map((r) => `${r.errorClass}: ${renderMessage(r)}`);
const LOGS = [
  messages.join("\n"),
  prefixLines("[2025-06-01 10:00:00 TP3] ", messages.join("\n")),
  messages.flatMap((m) => hardWrap(m, 50)).join("\n"),
  [...NOISE_LINES, ...messages.slice(0, 3), ...NOISE_LINES].join("\n"),
  NOISE_LINES.join("\n"),
];

describe("matcher snapshot", () => {
  it("loads into a matcher that finds exactly what the built one finds", () => {
    const loaded = Matcher.fromSnapshot(decodeSnapshot(bytes));
    expect(loaded.entryCount).toBe(built.entryCount);
    for (const log of LOGS) expect(view(loaded.lookup(log))).toEqual(view(built.lookup(log)));
    expect(view(loaded.lookup(LOGS[0]!)).length).toBeGreaterThan(FIXTURE_RECORDS.length / 2);
  });

  it("parses an entry only when a lookup needs it", () => {
    const loaded = Matcher.fromSnapshot(decodeSnapshot(bytes));
    const parsed = () => (loaded as unknown as { entryList: unknown[] }).entryList.filter((e) => e !== undefined).length;
    expect(parsed()).toBe(0);
    loaded.lookup(`RuntimeError: ${renderMessage(R.pdDifferentTp)}`);
    expect(parsed()).toBeGreaterThan(0);
    expect(parsed()).toBeLessThan(FIXTURE_RECORDS.length);
    // A traceback's frames are looked up in the site index, which the snapshot keeps without the entries.
    const fresh = Matcher.fromSnapshot(decodeSnapshot(bytes));
    const r = R.archNotSupported;
    const frame = `  File "/usr/lib/python3/site-packages/${r.filePath}", line 1, in f\n    x()`;
    const found = fresh.lookup(`Traceback (most recent call last):\n${frame}\nValueError: something else entirely`);
    expect(found.tracebacks).toHaveLength(1);
    expect((fresh as unknown as { entryList: unknown[] }).entryList.filter((e) => e !== undefined).length).toBeLessThan(
      FIXTURE_RECORDS.length,
    );
  });

  it("keeps the wording index: a drifted message is answered as by the built matcher, without parsing every entry", () => {
    // kvCacheMaxSeqLen's message with one word changed (stored → kept): no pattern matches it, its wording does.
    const drifted =
      "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be kept in KV cache (10000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
    const loaded = Matcher.fromSnapshot(decodeSnapshot(bytes));
    const found = loaded.lookup(drifted);
    expect(found.matches[0]).toMatchObject({ kind: "similar", entry: { id: R.kvCacheMaxSeqLen.id } });
    expect(view(found)).toEqual(view(built.lookup(drifted)));
    const parsed = (loaded as unknown as { entryList: unknown[] }).entryList.filter((e) => e !== undefined).length;
    expect(parsed).toBeLessThan(FIXTURE_RECORDS.length);
  });

  it("refuses wording parts that do not cover every entry", () => {
    const snap = built.snapshot();
    const meta = { ...snap.meta, wording: { ...(snap.meta.wording as object), selection: [1, 2] } };
    expect(() => Matcher.fromSnapshot({ ...snap, meta })).toThrow(
      `matcher snapshot: the wording index's selection cover 2 entries, not ${FIXTURE_RECORDS.length}`,
    );
  });

  it("round-trips again byte for byte, and keeps the dataset version", () => {
    const loaded = Matcher.fromSnapshot(decodeSnapshot(bytes));
    expect(Buffer.from(encodeSnapshot(loaded.snapshot("2025-06-01"))).equals(Buffer.from(bytes))).toBe(true);
    expect(decodeSnapshot(bytes).meta.datasetVersion).toBe("2025-06-01");
  });

  it("round-trips non-ASCII strings in eager lists (short strings) and lazy ones (long strings)", () => {
    const short = ["σας", "", "日本", "a\u{1F525}b", "plain"];
    const long = short.map((x, i) => `${x} ${"é".repeat(80 + i)} ${x}`);
    const back = decodeSnapshot(encodeSnapshot({ meta: { m: 1 }, ints: [Int32Array.from([1, -2, 3])], strs: [short, long] }));
    expect(back.meta).toEqual({ m: 1 });
    expect([...back.ints[0]!]).toEqual([1, -2, 3]);
    expect([...back.strs[0]!]).toEqual(short);
    expect(back.strs[1]!.length).toBe(long.length);
    expect(long.map((_, i) => back.strs[1]![i])).toEqual(long);
  });

  it("reads a copy at an odd offset (no 4-byte alignment) too", () => {
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    const loaded = Matcher.fromSnapshot(decodeSnapshot(shifted.subarray(1)));
    expect(view(loaded.lookup(LOGS[0]!))).toEqual(view(built.lookup(LOGS[0]!)));
  });

  it.each([
    ["empty", new Uint8Array(0), "not an errdex matcher snapshot"],
    ["another file", new TextEncoder().encode('{"version":1,"entries":[]}'), "not an errdex matcher snapshot"],
    ["truncated", bytes.subarray(0, bytes.byteLength - 100), "truncated matcher snapshot"],
    ["cut in the header", bytes.subarray(0, 40), "truncated matcher snapshot"],
  ])("refuses %s with a reason", (_name, input, message) => {
    expect(() => decodeSnapshot(input)).toThrow(message);
  });

  it("refuses a snapshot whose parts are damaged, naming the part", () => {
    const snap = built.snapshot();
    expect(() => Matcher.fromSnapshot({ ...snap, ints: [] })).toThrow(/^matcher snapshot: int array \d+ is missing$/);
    const tables = snap.meta.tables as Record<string, unknown>;
    expect(() => Matcher.fromSnapshot({ ...snap, meta: { ...snap.meta, tables: { ...tables, residual: [1, 2] } } })).toThrow(/"residual"/);
  });

  it("refuses a snapshot of another format", () => {
    const snap = built.snapshot();
    expect(() => Matcher.fromSnapshot({ ...snap, meta: { ...snap.meta, format: 999 } })).toThrow("matcher snapshot format 999 is not 7");
  });
});
