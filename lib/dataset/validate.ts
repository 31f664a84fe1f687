/**
 * The whole validation: parse and schema (`dataset.ts`), then record and
 * dataset checks (`checks.ts`). Only records with no error are returned as
 * valid; every other record has at least one error problem.
 */
import { parseDataset, type SourceFile } from "./dataset";
import { checkDataset, checkRecords } from "./checks";
import { sortProblems, type Problem } from "./problems";
import type { LoadedRecord } from "../record/schema";

export interface ValidationResult {
  /** Records that passed every check. */
  valid: LoadedRecord[];
  /** Every record that parsed, valid or not. */
  parsed: LoadedRecord[];
  problems: Problem[];
}

/**
 * Validates dataset files completely and collects every problem. `quick`
 * keeps the parse, the schema and the whole-dataset checks but skips the
 * per-record checks (pattern self-match, ReDoS, specificity…): what
 * `errdex match` needs to start fast; `errdex validate` and the build run all.
 */
export function validateDataset(files: SourceFile[], options: { quick?: boolean } = {}): ValidationResult {
  const { records, problems } = parseDataset(files);
  if (!options.quick) problems.push(...checkRecords(records));
  problems.push(...checkDataset(records));
  const bad = new Set<LoadedRecord>();
  const byPlace = new Map(records.map((r) => [`${r.file}:${r.line}`, r]));
  for (const p of problems) {
    if (p.level !== "error") continue;
    const r = byPlace.get(`${p.file}:${p.line}`);
    if (r) bad.add(r);
  }
  return { valid: records.filter((r) => !bad.has(r)), parsed: records, problems: sortProblems(problems) };
}
