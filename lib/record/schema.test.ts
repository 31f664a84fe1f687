import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { RECORD_FIELDS, datasetLineJsonSchema, fieldDescriptions, recordSchema } from "./schema";
import { parseFile } from "../dataset/dataset";
import { countProblems } from "../dataset/problems";
import { EXAMPLE_DATASET_VERSION, exampleRecord, line, messages, type Json } from "../testing/test-fixtures";

const EXAMPLE = exampleRecord();
const ID = EXAMPLE.id;

/** Loads one JSON Lines line the way the CLI does and returns what the user reads. */
function load(text: string) {
  const result = parseFile({ name: "data/errors.jsonl", text });
  return { records: result.records, lines: messages(result.problems), ...countProblems(result.problems) };
}

/** The problem lines for the example record with `overrides` applied. */
const linesFor = (overrides: Json, envelope: Json = {}) => load(line(EXAMPLE, overrides, envelope)).lines;

/** Fields the dataset format documents as optional (null when there is nothing to say). */
const NULLABLE = ["errorCode", "httpStatus", "exampleFix", "handlingStrategy", "validationCode", "typeGuard", "tryCatchPattern"];

/** How the loader names the type a field expects, read off the example's value. */
function expectedType(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return "a number";
  return "a string";
}

describe("the example record", () => {
  it("parses unchanged, with no problem at all", () => {
    expect(recordSchema.parse(exampleRecord())).toEqual(EXAMPLE);
    const { records, lines } = load(line());
    expect(lines).toEqual([]);
    expect(records).toEqual([{ record: EXAMPLE, datasetVersion: EXAMPLE_DATASET_VERSION, file: "data/errors.jsonl", line: 1 }]);
  });

  it("has exactly the fields the schema defines, in the same order", () => {
    expect(Object.keys(EXAMPLE)).toEqual(RECORD_FIELDS);
  });

  it.each(Object.keys(EXAMPLE))("documents field %s with a one-line description", (field) => {
    const description = fieldDescriptions()[field as keyof typeof EXAMPLE];
    expect(description?.trim()).toBeTruthy();
    expect(description).not.toContain("\n");
  });
});

describe("null in a field", () => {
  it.each(NULLABLE)("is accepted in the optional field %s", (field) => {
    expect(linesFor({ [field]: null })).toEqual([]);
  });

  const required = Object.keys(EXAMPLE).filter((f) => !NULLABLE.includes(f) && f !== "id" && f !== "schemaVersion");
  it.each(required)("is rejected in the required field %s, naming the type it needs", (field) => {
    const expected = expectedType(EXAMPLE[field as keyof typeof EXAMPLE]);
    expect(linesFor({ [field]: null })).toEqual([`data/errors.jsonl:1: record ${ID}: ${field}: expected ${expected}, got null`]);
  });

  it("in id leaves the record without a name, so the message says record ?", () => {
    expect(linesFor({ id: null })).toEqual(["data/errors.jsonl:1: record ?: id: expected a string, got null"]);
  });

  it("in schemaVersion says which version this build reads", () => {
    expect(linesFor({ schemaVersion: null })).toEqual([
      `data/errors.jsonl:1: record ${ID}: schemaVersion: schemaVersion is null; this build reads 2`,
    ]);
  });

  it.each([
    ["errorCode", 5, "expected a string or null, got the number 5"],
    ["httpStatus", "404", 'expected a number or null, got the string "404"'],
    ["exampleFix", ["fix"], "expected a string or null, got an array"],
    ["typeGuard", false, "expected a string or null, got false"],
  ])("is offered as an alternative when the optional field %s has the wrong type", (field, value, message) => {
    expect(linesFor({ [field]: value })).toEqual([`data/errors.jsonl:1: record ${ID}: ${field}: ${message}`]);
  });
});

describe("a field of the wrong type or form", () => {
  it.each([
    ["lineNumber as a string", { lineNumber: "1344" }, 'lineNumber: expected a number, got the string "1344"'],
    ["lineNumber as a fraction", { lineNumber: 1.5 }, "lineNumber: expected a whole number, got 1.5"],
    ["lineNumber of zero", { lineNumber: 0 }, "lineNumber: must be at least 1, got 0"],
    ["a number among the tags", { tags: ["pd-disagg", 3] }, "tags.1: expected a string, got the number 3"],
    [
      "solutions as one string",
      { solutions: "Use identical TP sizes" },
      'solutions: expected an array, got the string "Use identical TP sizes"',
    ],
    ["a missing slug", { slug: undefined }, "slug: is missing (required: a string)"],
    ["a missing lineNumber", { lineNumber: undefined }, "lineNumber: is missing (required: a number)"],
    ["a missing optional field", { errorCode: undefined }, "errorCode: is missing (required: a string or null)"],
    ["httpStatus 42", { httpStatus: 42 }, "httpStatus: must be at least 100, got 42"],
    ["httpStatus 600", { httpStatus: 600 }, "httpStatus: must be at most 599, got 600"],
    [
      "a long string where a number goes",
      { sourceCodeStart: "x".repeat(50) },
      `sourceCodeStart: expected a number, got the string "${"x".repeat(40)}…"`,
    ],
  ])("%s is an error naming the field and the expected form", (_story, overrides, message) => {
    const { records, lines } = load(line(EXAMPLE, overrides));
    expect(lines).toEqual([`data/errors.jsonl:1: record ${ID}: ${message}`]);
    expect(records).toEqual([]);
  });

  it("reports every wrong field of a record, not just the first, in the schema's field order", () => {
    expect(linesFor({ tags: [1], lineNumber: "1344", httpStatus: 42 })).toEqual([
      `data/errors.jsonl:1: record ${ID}: httpStatus: must be at least 100, got 42`,
      `data/errors.jsonl:1: record ${ID}: lineNumber: expected a number, got the string "1344"`,
      `data/errors.jsonl:1: record ${ID}: tags.0: expected a string, got the number 1`,
    ]);
  });

  it.each([
    ["a date without a time", "2026-08-28"],
    ["a time without a zone", "2026-08-28T05:10:05"],
    ["prose", "last Tuesday"],
  ])("analyzedAt as %s asks for an ISO 8601 date-time", (_story, analyzedAt) => {
    expect(linesFor({ analyzedAt })).toEqual([
      `data/errors.jsonl:1: record ${ID}: analyzedAt: expected an ISO 8601 date-time such as 2026-08-28T05:10:05.995Z`,
    ]);
  });

  it("analyzedAt with an offset instead of Z is fine", () => {
    expect(linesFor({ analyzedAt: "2026-08-28T07:10:05+02:00" })).toEqual([]);
  });
});

describe("schemaVersion", () => {
  it("3 is refused with one message and no other schema errors for that record", () => {
    const { records, lines } = load(line(EXAMPLE, { schemaVersion: 3, lineNumber: "1344", tags: null }));
    expect(lines).toEqual([`data/errors.jsonl:1: record ${ID}: schemaVersion: schemaVersion 3 is not supported by this build (reads 2)`]);
    expect(records).toEqual([]);
  });

  it("missing is an error that says which version this build reads", () => {
    expect(linesFor({ schemaVersion: undefined })).toEqual([
      `data/errors.jsonl:1: record ${ID}: schemaVersion: schemaVersion is missing; this build reads 2`,
    ]);
  });

  it('"2" as a string is not version 2', () => {
    expect(linesFor({ schemaVersion: "2" })).toEqual([
      `data/errors.jsonl:1: record ${ID}: schemaVersion: schemaVersion is a string; this build reads 2`,
    ]);
  });
});

describe("keys the format does not define", () => {
  it("an unknown record field is a warning and the record stays valid", () => {
    const { records, lines, errors, warnings } = load(line(EXAMPLE, { reviewedBy: "alice" }));
    expect(lines).toEqual([
      `data/errors.jsonl:1: warning: record ${ID}: reviewedBy: unknown field, ignored (schemaVersion 2 does not define it)`,
    ]);
    expect({ errors, warnings }).toEqual({ errors: 0, warnings: 1 });
    expect(records.map((r) => r.record)).toEqual([EXAMPLE]);
  });

  it("an unknown top-level key is a warning and the record stays valid", () => {
    const { records, lines, errors } = load(line(EXAMPLE, {}, { source: "scraper" }));
    expect(lines).toEqual([`data/errors.jsonl:1: warning: record ${ID}: source: unknown top-level key, ignored`]);
    expect(errors).toBe(0);
    expect(records).toHaveLength(1);
  });
});

describe("datasetVersion", () => {
  it("that is not an ISO date-time is an error and the record is not loaded", () => {
    const { records, lines } = load(line(EXAMPLE, {}, { datasetVersion: "v2" }));
    expect(lines).toEqual([
      `data/errors.jsonl:1: record ${ID}: datasetVersion: expected an ISO 8601 date-time such as 2026-08-28T05:10:05.995Z`,
    ]);
    expect(records).toEqual([]);
  });

  it("missing is an error", () => {
    expect(linesFor({}, { datasetVersion: undefined })).toEqual([
      `data/errors.jsonl:1: record ${ID}: datasetVersion: is missing (required: a string)`,
    ]);
  });
});

/** A JSON Schema node, as far as the checks below read it. */
interface JsonSchemaNode {
  type?: string | string[];
  anyOf?: JsonSchemaNode[];
  const?: unknown;
  items?: JsonSchemaNode;
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** Why `value` does not conform to `schema` (the keywords errdex's schema uses), or [] when it does. */
function violations(schema: JsonSchemaNode, value: unknown, at = "$"): string[] {
  if (schema.anyOf) return schema.anyOf.some((s) => violations(s, value, at).length === 0) ? [] : [`${at}: matches no alternative`];
  const jsonType =
    value === null
      ? "null"
      : Array.isArray(value)
        ? "array"
        : Number.isInteger(value)
          ? "integer"
          : typeof value === "number"
            ? "number"
            : typeof value;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length && !types.some((t) => t === jsonType || (t === "number" && jsonType === "integer")))
    return [`${at}: ${jsonType} is not ${types.join("|")}`];
  const out: string[] = [];
  if ("const" in schema && value !== schema.const) out.push(`${at}: is not ${JSON.stringify(schema.const)}`);
  if (typeof value === "number" && schema.minimum !== undefined && value < schema.minimum) out.push(`${at}: below minimum`);
  if (typeof value === "number" && schema.maximum !== undefined && value > schema.maximum) out.push(`${at}: above maximum`);
  if (typeof value === "string" && schema.pattern !== undefined && !new RegExp(schema.pattern).test(value))
    out.push(`${at}: does not match pattern`);
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => out.push(...violations(schema.items!, v, `${at}[${i}]`)));
  if (jsonType === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) out.push(`${at}.${key}: required`);
    for (const [key, sub] of Object.entries(schema.properties ?? {}))
      if (key in obj) out.push(...violations(sub, obj[key], `${at}.${key}`));
  }
  return out;
}

describe("the editor JSON Schema (schema/record.schema.json)", () => {
  const generated = datasetLineJsonSchema() as JsonSchemaNode;
  const recordNode = generated.properties!.record!;

  it("is up to date with lib/schema.ts", () => {
    const regenerate = "schema/record.schema.json is out of date with lib/schema.ts: run npx tsx scripts/gen-json-schema.ts";
    let committed: unknown;
    try {
      committed = JSON.parse(fs.readFileSync(new URL("../../schema/record.schema.json", import.meta.url), "utf8"));
    } catch (err) {
      expect.fail(`${regenerate} (${err instanceof Error ? err.message : String(err)})`);
    }
    expect(committed, regenerate).toEqual(generated);
  });

  it("requires every record field", () => {
    expect([...recordNode.required!].sort()).toEqual([...Object.keys(EXAMPLE)].sort());
    expect(Object.keys(recordNode.properties!)).toEqual(Object.keys(EXAMPLE));
  });

  it("requires the record and its datasetVersion on each line", () => {
    expect(generated.required).toEqual(["record", "datasetVersion"]);
  });

  it("accepts the example line as it is", () => {
    expect(violations(generated, { record: EXAMPLE, datasetVersion: EXAMPLE_DATASET_VERSION })).toEqual([]);
  });

  it.each(Object.keys(EXAMPLE))("types field %s the way the example writes it", (field) => {
    expect(violations(recordNode.properties![field]!, EXAMPLE[field as keyof typeof EXAMPLE], field)).toEqual([]);
  });

  it.each([
    ["lineNumber as a string", { lineNumber: "1344" }, ["$.record.lineNumber: string is not integer"]],
    ["httpStatus out of range", { httpStatus: 42 }, ["$.record.httpStatus: matches no alternative"]],
    ["a number among the tags", { tags: [3] }, ["$.record.tags[0]: integer is not string"]],
    ["schemaVersion 3", { schemaVersion: 3 }, ["$.record.schemaVersion: is not 2"]],
    ["analyzedAt without a zone", { analyzedAt: "2026-08-28T05:10:05" }, ["$.record.analyzedAt: does not match pattern"]],
  ])("rejects %s, as the loader does", (_story, overrides, expected) => {
    expect(violations(generated, { record: { ...EXAMPLE, ...overrides }, datasetVersion: EXAMPLE_DATASET_VERSION })).toEqual(expected);
  });

  it("flags a missing field as required", () => {
    const { slug: _slug, ...withoutSlug } = EXAMPLE;
    expect(violations(generated, { record: withoutSlug, datasetVersion: EXAMPLE_DATASET_VERSION })).toEqual(["$.record.slug: required"]);
  });
});
