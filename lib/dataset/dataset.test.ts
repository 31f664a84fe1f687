import { describe, expect, it } from "vitest";
import { isDatasetFileName, parseDataset, parseFile } from "./dataset";
import { EXAMPLE_DATASET_VERSION, distinctRecord, exampleRecord, line, messages } from "../testing/test-fixtures";

const LINE_FORM = '(expected one {"record": {...}, "datasetVersion": "<ISO time>"} object per line)';
const OBJECT_FORM = '(expected {"record": {...}, "datasetVersion": "<ISO time>"})';
const JSON_FILE_FORM = '(expected {"record": {...}, "datasetVersion": "<ISO time>"} or an array of them)';

/** Loads one file and returns the lines of its records and what the user reads. */
function load(name: string, text: string) {
  const result = parseFile({ name, text });
  return { recordLines: result.records.map((r) => r.line), ids: result.records.map((r) => r.record.id), lines: messages(result.problems) };
}

/** An envelope object (not yet serialised) for the nth distinct record. */
const envelope = (n: number) => ({ record: distinctRecord(n), datasetVersion: EXAMPLE_DATASET_VERSION });
const idOf = (n: number) => distinctRecord(n).id;

describe("a JSON Lines file", () => {
  it("loads one record per line, remembering each record's line", () => {
    const text = [1, 2, 3].map((n) => line(distinctRecord(n))).join("\n") + "\n";
    expect(load("data/a.jsonl", text)).toEqual({ recordLines: [1, 2, 3], ids: [idOf(1), idOf(2), idOf(3)], lines: [] });
  });

  it("with malformed JSON on line 3 reports that line and still loads the others", () => {
    const text = [line(distinctRecord(1)), line(distinctRecord(2)), '{"record": {', line(distinctRecord(4))].join("\n");
    expect(load("data/a.jsonl", text)).toEqual({
      recordLines: [1, 2, 4],
      ids: [idOf(1), idOf(2), idOf(4)],
      lines: [`data/a.jsonl:3: not valid JSON: Expected property name or '}' in JSON at position 12 ${LINE_FORM}`],
    });
  });

  it("that is empty says so", () => {
    expect(load("data/a.jsonl", "").lines).toEqual([`data/a.jsonl:1: file is empty ${LINE_FORM}`]);
  });

  it("holding only whitespace and blank lines counts as empty", () => {
    expect(load("data/a.jsonl", "  \n\n\t \r\n").lines).toEqual([`data/a.jsonl:1: file is empty ${LINE_FORM}`]);
  });

  it("that is not JSON at all (a README named .jsonl) gets one message, not one per line", () => {
    const readme = "# errdex\n\nAn error knowledge base.\nPaste a log, find the known errors.\n";
    expect(load("data/README.jsonl", readme).lines).toEqual([
      `data/README.jsonl:1: not JSON Lines: none of its 3 lines is valid JSON (line 1: not valid JSON: Unexpected token '#', "# errdex" is not valid JSON) ${LINE_FORM}`,
    ]);
  });

  it("with a single line that is not JSON reports that line as is", () => {
    expect(load("data/a.jsonl", "hello\n").lines).toEqual([
      `data/a.jsonl:1: not valid JSON: Unexpected token 'h', "hello" is not valid JSON ${LINE_FORM}`,
    ]);
  });

  it.each([
    ["a JSON array", "[1, 2]", "an array"],
    ["a JSON string", '"213d04cf659a6918"', "a string"],
    ["a JSON number", "42", "a number"],
    ["null", "null", "null"],
    ["true", "true", "a boolean"],
  ])("with %s on a line asks for an object", (_story, text, what) => {
    expect(load("data/a.jsonl", `${line(distinctRecord(1))}\n${text}\n`)).toEqual({
      recordLines: [1],
      ids: [idOf(1)],
      lines: [`data/a.jsonl:2: expected a JSON object, got ${what} ${OBJECT_FORM}`],
    });
  });

  it('with a line missing "record" says so', () => {
    expect(load("data/a.jsonl", JSON.stringify({ datasetVersion: EXAMPLE_DATASET_VERSION })).lines).toEqual([
      `data/a.jsonl:1: missing "record" ${OBJECT_FORM}`,
    ]);
  });

  it.each([
    ["null", null, "null"],
    ["an array", [exampleRecord()], "an array"],
    ["a string", "213d04cf659a6918", "a string"],
  ])('with "record": %s says the record must be an object', (_story, record, what) => {
    expect(load("data/a.jsonl", JSON.stringify({ record, datasetVersion: EXAMPLE_DATASET_VERSION })).lines).toEqual([
      `data/a.jsonl:1: "record" must be an object, got ${what} ${OBJECT_FORM}`,
    ]);
  });

  it("starting with a byte-order mark loads normally", () => {
    expect(load("data/a.jsonl", `\ufeff${line(distinctRecord(1))}\n${line(distinctRecord(2))}\n`)).toEqual({
      recordLines: [1, 2],
      ids: [idOf(1), idOf(2)],
      lines: [],
    });
  });

  it("with CRLF line endings loads normally, and errors keep their line numbers", () => {
    const text = [line(distinctRecord(1)), "{oops", line(distinctRecord(3))].join("\r\n") + "\r\n";
    expect(load("data/a.jsonl", text)).toEqual({
      recordLines: [1, 3],
      ids: [idOf(1), idOf(3)],
      lines: [`data/a.jsonl:2: not valid JSON: Expected property name or '}' in JSON at position 1 ${LINE_FORM}`],
    });
  });

  it("ignores blank lines but counts them for line numbers", () => {
    const text = `\n\n${line(distinctRecord(1))}\n\n   \n${line(distinctRecord(2))}\n\n`;
    expect(load("data/a.jsonl", text)).toEqual({ recordLines: [3, 6], ids: [idOf(1), idOf(2)], lines: [] });
  });

  it("never drops a record silently: every line is a record or has an error", () => {
    const text = [line(distinctRecord(1)), "[]", line(distinctRecord(3), { lineNumber: "x" }), "{", line(distinctRecord(5))].join("\n");
    const { recordLines, lines } = load("data/a.jsonl", text);
    const reported = lines.map((l) => Number(/^data\/a\.jsonl:(\d+):/.exec(l)?.[1]));
    expect([...recordLines, ...reported].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("a .json file", () => {
  it("with one pretty-printed line object loads it at its first line", () => {
    expect(load("data/one.json", `\n\n${JSON.stringify(envelope(1), null, 2)}\n`)).toEqual({ recordLines: [3], ids: [idOf(1)], lines: [] });
  });

  it("data/example.json's own form (one compact object) loads", () => {
    expect(load("data/example.json", line())).toEqual({ recordLines: [1], ids: [exampleRecord().id], lines: [] });
  });

  it("with a pretty-printed array gives each element the line it starts on", () => {
    const text = JSON.stringify([envelope(1), envelope(2), envelope(3)], null, 2);
    const starts = text.split("\n").flatMap((l, i) => (l === "  {" ? [i + 1] : []));
    expect(starts).toHaveLength(3);
    expect(load("data/many.json", text)).toEqual({ recordLines: starts, ids: [idOf(1), idOf(2), idOf(3)], lines: [] });
  });

  it("with a bad element in an array reports the element's own line", () => {
    const text = JSON.stringify([envelope(1), 5, envelope(3)], null, 2);
    const fiveAt = text.split("\n").indexOf("  5,") + 1;
    expect(load("data/many.json", text)).toMatchObject({
      ids: [idOf(1), idOf(3)],
      lines: [`data/many.json:${fiveAt}: expected a JSON object, got a number ${OBJECT_FORM}`],
    });
  });

  it("with a pretty-printed array and CRLF line endings keeps the same element lines", () => {
    const text = JSON.stringify([envelope(1), envelope(2)], null, 2);
    expect(load("data/many.json", text.replace(/\n/g, "\r\n")).recordLines).toEqual(load("data/many.json", text).recordLines);
  });

  it("with an empty array says it holds no records", () => {
    expect(load("data/many.json", "[\n]\n").lines).toEqual([
      'data/many.json:1: file holds an empty array: no records (expected an array of {"record": {...}, "datasetVersion": "<ISO time>"})',
    ]);
  });

  it("that is empty asks for a line object", () => {
    expect(load("data/one.json", "\n").lines).toEqual([`data/one.json:1: file is empty ${OBJECT_FORM}`]);
  });

  it("with a syntax error V8 locates reports the line of the error", () => {
    const text = '{\n  "record": {\n    "id": "213d04cf659a6918",\n    "repo" "sgl-project/sglang"\n  }\n}\n';
    expect(load("data/one.json", text).lines).toEqual([
      `data/one.json:4: not valid JSON: Unexpected string in JSON at position 57 ${JSON_FILE_FORM}`,
    ]);
  });

  it("with an unexpected token reports the line of the token, on one line", () => {
    const text = '[\n  {"record": 1},\n  {"record": \n}\n]';
    expect(load("data/many.json", text).lines).toEqual([
      `data/many.json:4: not valid JSON: Unexpected token '}', ..."record": \\n}\\n]" is not valid JSON ${JSON_FILE_FORM}`,
    ]);
  });

  it("cut short reports the last line that has content", () => {
    expect(load("data/many.json", '[\n  {\n    "record":\n\n\n').lines).toEqual([
      `data/many.json:3: not valid JSON: Unexpected end of JSON input ${JSON_FILE_FORM}`,
    ]);
    expect(load("data/many.json", '[\n  {\n    "record": {},\n\n').lines).toEqual([
      `data/many.json:3: not valid JSON: Expected double-quoted property name in JSON at position 25 ${JSON_FILE_FORM}`,
    ]);
  });

  it("starting with a byte-order mark loads normally", () => {
    expect(load("data/one.json", `\ufeff${line()}`)).toMatchObject({ recordLines: [1], lines: [] });
  });
});

describe("a dataset of several files", () => {
  it("keeps each file's records and problems under that file's name", () => {
    const result = parseDataset([
      { name: "data/a.jsonl", text: `${line(distinctRecord(1))}\n{\n` },
      { name: "data/b.json", text: JSON.stringify([envelope(2)]) },
    ]);
    expect(result.records.map((r) => `${r.file}:${r.line} ${r.record.id}`)).toEqual([
      `data/a.jsonl:1 ${idOf(1)}`,
      `data/b.json:1 ${idOf(2)}`,
    ]);
    expect(messages(result.problems)).toEqual([
      `data/a.jsonl:2: not valid JSON: Expected property name or '}' in JSON at position 1 ${LINE_FORM}`,
    ]);
  });

  it.each([
    ["errors.jsonl", true],
    ["errors.json", true],
    ["README.md", false],
    ["errors.jsonl.bak", false],
    ["errors.ndjson", false],
  ])("reads %s: %s", (name, read) => {
    expect(isDatasetFileName(name)).toBe(read);
  });
});
