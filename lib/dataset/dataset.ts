/**
 * Parses dataset files (JSON Lines, or JSON holding one line object or an
 * array of them) into records, reporting every problem with its file and
 * line. Nothing is dropped silently: a line either becomes a record or
 * yields at least one error.
 *
 * This module only parses and applies the schema; `checks.ts` adds the
 * whole-record and whole-dataset checks.
 */
import { SCHEMA_VERSION, envelopeSchema, recordSchema, type LoadedRecord } from "../record/schema";
import type { Problem } from "./problems";
import { zodIssueToProblem } from "./zod-issue";
import { clip } from "../text";

/** A dataset file's name (as shown in messages) and its text. */
export interface SourceFile {
  name: string;
  text: string;
}

export interface ParseResult {
  records: LoadedRecord[];
  problems: Problem[];
}

const LINE_FORM = 'one {"record": {...}, "datasetVersion": "<ISO time>"} object per line';
const OBJECT_FORM = '{"record": {...}, "datasetVersion": "<ISO time>"}';
const KNOWN_FIELDS = new Set(Object.keys(recordSchema.shape));
/** Fields that accept null, read from the schema itself. */
const NULLABLE_FIELDS = new Set(
  Object.entries(recordSchema.shape)
    .filter(([, s]) => s.safeParse(null).success)
    .map(([k]) => k),
);

/** True for the file names the loader reads. */
export function isDatasetFileName(name: string): boolean {
  return name.endsWith(".jsonl") || name.endsWith(".json");
}

/** Parses every file; problems come back in file and line order. */
export function parseDataset(files: SourceFile[]): ParseResult {
  const records: LoadedRecord[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const result = parseFile(file);
    records.push(...result.records);
    problems.push(...result.problems);
  }
  return { records, problems };
}

/** Parses one file according to its extension. */
export function parseFile(file: SourceFile): ParseResult {
  const out: ParseResult = { records: [], problems: [] };
  const text = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text;
  if (text.trim() === "") {
    out.problems.push(fileProblem(file.name, 1, "file is empty", `expected ${file.name.endsWith(".json") ? OBJECT_FORM : LINE_FORM}`));
    return out;
  }
  if (file.name.endsWith(".json")) parseJsonFile(file.name, text, out);
  else parseJsonLinesFile(file.name, text, out);
  return out;
}

function parseJsonLinesFile(name: string, text: string, out: ParseResult): void {
  const lines = text.split("\n");
  const syntaxErrors: Problem[] = [];
  let parsedLines = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (raw === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (err) {
      syntaxErrors.push(fileProblem(name, i + 1, `not valid JSON: ${jsonErrorText(err)}`, `expected ${LINE_FORM}`));
      continue;
    }
    parsedLines++;
    acceptEnvelope(name, i + 1, value, out);
  }
  if (parsedLines === 0 && syntaxErrors.length > 1) {
    // A file where no line parses is not JSON Lines at all: one message, not thousands.
    out.problems.push(
      fileProblem(
        name,
        1,
        `not JSON Lines: none of its ${syntaxErrors.length} lines is valid JSON (line 1: ${syntaxErrors[0]!.message})`,
        `expected ${LINE_FORM}`,
      ),
    );
    return;
  }
  out.problems.push(...syntaxErrors);
}

function parseJsonFile(name: string, text: string, out: ParseResult): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    out.problems.push(
      fileProblem(name, jsonErrorLine(err, text), `not valid JSON: ${jsonErrorText(err)}`, `expected ${OBJECT_FORM} or an array of them`),
    );
    return;
  }
  if (!Array.isArray(value)) {
    acceptEnvelope(name, firstContentLine(text), value, out);
    return;
  }
  if (value.length === 0) {
    out.problems.push(fileProblem(name, 1, "file holds an empty array: no records", `expected an array of ${OBJECT_FORM}`));
    return;
  }
  const starts = arrayElementLines(text);
  value.forEach((item, i) => acceptEnvelope(name, starts[i] ?? 1, item, out));
}

/** Checks the `{record, datasetVersion}` wrapper, then the record itself. */
function acceptEnvelope(file: string, line: number, value: unknown, out: ParseResult): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    out.problems.push(fileProblem(file, line, `expected a JSON object, got ${describeJson(value)}`, `expected ${OBJECT_FORM}`));
    return;
  }
  const envelope = value as Record<string, unknown>;
  const rec = envelope.record;
  const id = recordId(rec);
  if (typeof rec !== "object" || rec === null || Array.isArray(rec)) {
    const what = rec === undefined ? 'missing "record"' : `"record" must be an object, got ${describeJson(rec)}`;
    out.problems.push(fileProblem(file, line, what, `expected ${OBJECT_FORM}`));
    return;
  }
  const problems: Problem[] = [];
  const env = envelopeSchema.safeParse(envelope);
  if (!env.success) {
    for (const issue of env.error.issues) problems.push(zodIssueToProblem(issue, envelope, { file, line, id }));
  }
  for (const key of Object.keys(envelope)) {
    if (key !== "record" && key !== "datasetVersion") {
      problems.push({ level: "warning", file, line, id, field: key, message: "unknown top-level key, ignored", check: "unknown-field" });
    }
  }
  const version = (rec as Record<string, unknown>).schemaVersion;
  if (version !== SCHEMA_VERSION) {
    const message =
      typeof version === "number"
        ? `schemaVersion ${version} is not supported by this build (reads ${SCHEMA_VERSION})`
        : `schemaVersion is ${version === undefined ? "missing" : describeJson(version)}; this build reads ${SCHEMA_VERSION}`;
    problems.push({ level: "error", file, line, id, field: "schemaVersion", message, check: "schema-version" });
    out.problems.push(...problems);
    return;
  }
  const parsed = recordSchema.safeParse(rec);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(zodIssueToProblem(issue, rec, { file, line, id }, NULLABLE_FIELDS));
  }
  for (const key of Object.keys(rec)) {
    if (!KNOWN_FIELDS.has(key)) {
      problems.push({
        level: "warning",
        file,
        line,
        id,
        field: key,
        message: `unknown field, ignored (schemaVersion ${SCHEMA_VERSION} does not define it)`,
        check: "unknown-field",
      });
    }
  }
  out.problems.push(...problems);
  if (parsed.success && env.success) {
    out.records.push({ record: parsed.data, datasetVersion: env.data.datasetVersion, file, line });
  }
}

/** The record's id for messages: its `id` when it is a string, else `?`. */
function recordId(rec: unknown): string {
  if (typeof rec === "object" && rec !== null && typeof (rec as { id?: unknown }).id === "string") {
    const id = (rec as { id: string }).id;
    return clip(id, 41);
  }
  return "?";
}

function fileProblem(file: string, line: number, message: string, hint?: string): Problem {
  return { level: "error", file, line, message, hint, check: "json" };
}

/** Describes a JSON value's type for messages: `null`, `an array`, `a string`, … */
export function describeJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

/** JSON.parse's error kept on one line: V8 quotes the offending text, newlines and all. */
function jsonErrorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\r/g, "\\r").replace(/\n/g, "\\n");
}

/** Line of a JSON.parse error: V8's "at position N" when it gives one, else where a scan finds the error. */
function jsonErrorLine(err: unknown, text: string): number {
  const m = /position (\d+)/.exec(jsonErrorText(err));
  const offset = m ? Number(m[1]) : jsonSyntaxErrorOffset(text);
  // An error at the very end (input cut short) belongs to the last line with content.
  return lineAt(text, Math.min(offset, text.trimEnd().length));
}

/**
 * Offset of the first JSON syntax error in `text` (`text.length` when it ends
 * too early). Only used to place an error V8 reports without a position
 * ("Unexpected token", "Unexpected end of JSON input").
 */
function jsonSyntaxErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new JsonSyntaxAt(i);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (c: string) => (text[i] === c ? i++ : fail());
  const word = (w: string) => {
    for (const c of w) expect(c);
  };
  const string = () => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < " ") fail();
      i++;
      if (c === '"') return;
      if (c === "\\") {
        if (text[i] === "u") {
          i++;
          for (let k = 0; k < 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i] ?? "")) fail();
            i++;
          }
        } else if ('"\\/bfnrt'.includes(text[i] ?? "x")) i++;
        else fail();
      }
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (close === "}") {
          space();
          string();
          space();
          expect(":");
        }
        value();
        space();
        if (text[i] === ",") i++;
        else return void expect(close);
      }
    }
    if (c === '"') return string();
    if (c === "t") return word("true");
    if (c === "f") return word("false");
    if (c === "n") return word("null");
    const num = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    num.lastIndex = i;
    if (!num.exec(text)) fail();
    i = num.lastIndex;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return text.length;
  } catch (err) {
    if (err instanceof JsonSyntaxAt) return err.offset;
    return 0; // nesting too deep to scan: report line 1
  }
}

class JsonSyntaxAt {
  constructor(readonly offset: number) {}
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function firstContentLine(text: string): number {
  const i = text.search(/\S/);
  return i < 0 ? 1 : lineAt(text, i);
}

/** 1-based start line of each element of the top-level JSON array in `text` (already known to parse). */
function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") line++;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\n") continue;
    if (depth === 1 && expectingElement) {
      lines.push(line);
      expectingElement = false;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") {
      depth++;
      if (depth === 1) expectingElement = true;
    } else if (c === "]" || c === "}") depth--;
    else if (c === "," && depth === 1) expectingElement = true;
  }
  return lines;
}
