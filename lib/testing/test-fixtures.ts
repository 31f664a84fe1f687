/**
 * Test-only fixture builders. Every fixture starts from the canonical
 * complete record in `data/example.json`, so tests derive their expectations
 * from the dataset's own source of truth instead of a hand-kept copy.
 */
import exampleJson from "../../data/example.json";
import { envelopeSchema, recordSchema, type ErrorRecord } from "../record/schema";
import { formatProblem, type Problem } from "../dataset/problems";

/** The example dataset line, parsed (never cast) at the boundary. */
const EXAMPLE = (() => {
  const envelope = envelopeSchema.parse(exampleJson);
  return { record: recordSchema.parse(envelope.record), datasetVersion: envelope.datasetVersion };
})();

/** A deep copy of the example record: safe to mutate. */
export function exampleRecord(): ErrorRecord {
  return structuredClone(EXAMPLE.record);
}

/** The example's `datasetVersion`. */
export const EXAMPLE_DATASET_VERSION = EXAMPLE.datasetVersion;

/** A JSON object with any keys; `undefined` values vanish when serialised. */
export type Json = Record<string, unknown>;

/**
 * One JSON Lines line: `{"record": ..., "datasetVersion": ...}`.
 * `overrides` replace record fields (`undefined` removes one); `envelope`
 * replaces top-level keys (`{ datasetVersion: undefined }` removes it).
 */
export function line(record: Json = exampleRecord(), overrides: Json = {}, envelope: Json = {}): string {
  return JSON.stringify({ record: { ...record, ...overrides }, datasetVersion: EXAMPLE.datasetVersion, ...envelope });
}

/** The nth distinct valid record: the example with its own id and slug. */
export function distinctRecord(n: number, overrides: Json = {}): Json {
  const r = exampleRecord();
  return { ...r, id: n.toString(16).padStart(16, "0"), slug: `${r.slug}-${n}`, ...overrides };
}

/** A JSON Lines dataset file from lines (newline-terminated). */
export function jsonl(name: string, ...lines: string[]): { name: string; text: string } {
  return { name, text: lines.map((l) => l + "\n").join("") };
}

/** Problems as the user reads them, one formatted line each. */
export function messages(problems: Problem[]): string[] {
  return problems.map(formatProblem);
}
