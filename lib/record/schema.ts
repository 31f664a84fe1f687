/**
 * The single source of truth for an errdex record (dataset schemaVersion 2).
 *
 * Types, the editor JSON Schema (`schema/record.schema.json`) and the README's
 * field table all derive from `recordSchema`; tests keep them in sync.
 * Format rules that need the whole record or the whole dataset (URL agrees
 * with repo and path, unique ids, patterns that find their own message) live
 * in `checks.ts`, where each can explain the expected form.
 *
 * Written with `zod/mini`: the browser parses records too (the long tail's
 * shards), and classic Zod cannot be tree-shaken (it cost every island that
 * shares Zod's core 80 KB gzip of it, locales included).
 */
import * as z from "zod/mini";
import "../zod-config";

/** The only record schema version this build reads. */
export const SCHEMA_VERSION = 2;

/** A required text field that may be empty. */
const text = (description: string) => z.string().check(z.describe(description));
/** An optional text field: `null` when the dataset has nothing to say. */
const nullableText = (description: string) => z.nullable(z.string()).check(z.describe(description));
/** A list of text items, possibly empty. */
const textList = (description: string) => z.array(z.string()).check(z.describe(description));
/** A positive whole number. */
const positiveInt = (description: string) => z.int().check(z.minimum(1), z.describe(description));
/** An ISO 8601 date-time with a time zone, e.g. `2026-08-28T05:10:05.995Z`. */
const isoTime = (description: string) =>
  z.iso.datetime({ offset: true, error: "expected an ISO 8601 date-time such as 2026-08-28T05:10:05.995Z" }).check(z.describe(description));

export const recordSchema = z.object({
  id: text("Stable 16-hex-digit identifier of the record; never reused, used in short links /e/<id>."),
  repo: text("GitHub repository the error comes from, as owner/name."),
  slug: text("Kebab-case name of the error, unique within its repository; the last part of the permalink."),
  errorCode: nullableText("Error code the project attaches to the error, if any."),
  errorMessage: text("The message as written in the source, with Python f-string placeholders such as {name}."),
  messagePattern: text("Regular expression (Python re dialect) matching the message as it appears in a log."),
  errorType: text("Kind of error, e.g. exception."),
  errorClass: text("Exception class raised, e.g. RuntimeError."),
  httpStatus: z.nullable(z.int().check(z.minimum(100), z.maximum(599))).check(z.describe("HTTP status the error maps to, if any.")),
  severity: text("How bad the error is: critical, error, warning or info."),
  filePath: text("Path of the source file inside the repository."),
  lineNumber: positiveInt("Line of the raise or log call in filePath."),
  sourceCode: text("Source snippet around the error, lines sourceCodeStart..sourceCodeEnd."),
  sourceCodeStart: positiveInt("First line number of sourceCode in filePath."),
  sourceCodeEnd: positiveInt("Last line number of sourceCode in filePath."),
  githubUrl: text("Permalink to the snippet on GitHub at analyzedSha, with #L<start>-L<end>."),
  documentation: text("What the error means and why the code raises it."),
  triggerScenarios: text("What a user does that leads to the error."),
  commonSituations: text("Deployments or setups in which the error is usually seen."),
  solutions: textList("Ways to fix the error, best first."),
  exampleFix: nullableText("Code showing a fix, if any."),
  handlingStrategy: nullableText("How callers should handle the error, e.g. validation or retry."),
  validationCode: nullableText("Code that checks for the condition up front, if any."),
  typeGuard: nullableText("A type guard that rules the error out, if any."),
  tryCatchPattern: nullableText("A try/except pattern that handles the error, if any."),
  preventionTips: textList("How to avoid the error in the first place."),
  tags: textList("Topic tags, lower-case kebab-case."),
  backgroundTag: text("The area of the codebase the error belongs to; groups a repository's records."),
  analyzedSha: text("40-hex-digit commit at which the source was analyzed."),
  analyzedAt: isoTime("When the record was analyzed."),
  schemaVersion: z.literal(SCHEMA_VERSION).check(z.describe("Version of this record format; this build reads 2.")),
});

/** One dataset line: a record plus the version of the dataset it was published in. */
export const envelopeSchema = z.object({
  record: z.unknown().check(z.describe("The error record.")),
  datasetVersion: isoTime("When this dataset version was published (ISO 8601)."),
});

export type ErrorRecord = z.infer<typeof recordSchema>;
export type RecordField = keyof ErrorRecord;

/** Every field name of a record, in the order the dataset writes them. */
export const RECORD_FIELDS = Object.keys(recordSchema.shape) as RecordField[];

/** The one-line description of each field, as written in the schema. */
export function fieldDescriptions(): Record<RecordField, string> {
  const out = {} as Record<RecordField, string>;
  for (const field of RECORD_FIELDS) out[field] = z.globalRegistry.get(recordSchema.shape[field])?.description ?? "";
  return out;
}

/** A record as it sits in a loaded dataset: where it came from and its dataset version. */
export interface LoadedRecord {
  record: ErrorRecord;
  datasetVersion: string;
  file: string;
  line: number;
}

/** JSON Schema of one dataset line, for editors (`schema/record.schema.json`). */
export function datasetLineJsonSchema(): Record<string, unknown> {
  const line = z.object({ record: recordSchema, datasetVersion: envelopeSchema.shape.datasetVersion });
  return z.toJSONSchema(line, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}
