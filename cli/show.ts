/**
 * `errdex show <id | short link | permalink | owner/repo/slug>`: one record
 * in full for a terminal (`rustc --explain` for errdex), or as Markdown or
 * JSON. Exit 0 when found, 1 when no record matches (with "did you mean"
 * for near misses), 2 on usage or data errors.
 */
import fs from "node:fs";
import { loadDataset, dataLocation, DatasetIOError, type Dataset } from "../server/dataset";
import { countProblems } from "../lib/dataset/problems";
import { InputError } from "../lib/parse";
import { absoluteUrl, recordPath } from "../lib/record/permalink";
import type { ErrorRecord } from "../lib/record/schema";
import { parseManifest, type Manifest } from "../lib/site/manifest";
import { parseRef, REF_FORMS, resolveRef } from "../lib/site/record-ref";
import { recordSearchUrl } from "../lib/site/upstream-search";
import { recordJson, recordMarkdown, recordText } from "./format/record";
import { styleFor, terminalSafe } from "./terminal";
import type { RecordFormat } from "./args";

export interface ShowOptions {
  data?: string | undefined;
  format: RecordFormat;
  ref: string;
  /** A build's manifest (`out/_errdex/manifest.json`), to recognise an older dataset's permalinks. */
  manifest?: string | undefined;
}

/** Thrown for what stops `show` with exit 2; the message is the line printed after `errdex: `. */
export class ShowError extends Error {}

/** Loads the dataset, refusing one with errors (the full report is `errdex validate`'s). */
export function loadForShow(data: string | undefined): Dataset {
  let ds: Dataset;
  try {
    ds = loadDataset(dataLocation(data), { quick: true });
  } catch (err) {
    if (err instanceof DatasetIOError) throw new ShowError(err.message);
    throw err;
  }
  const { errors } = countProblems(ds.problems);
  if (errors > 0)
    throw new ShowError(
      `the dataset at ${ds.source} has ${errors} error(s); run errdex validate${data ? ` --data ${data}` : ""} to see them`,
    );
  return ds;
}

function readManifest(file: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new ShowError(`--manifest ${file}: cannot be read as JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  try {
    return parseManifest(json, file);
  } catch (err) {
    if (err instanceof InputError) throw new ShowError(err.message);
    throw err;
  }
}

/** A record as `show` prints it, in the format asked for. */
export function renderRecord(r: ErrorRecord, datasetVersion: string | undefined, format: RecordFormat): string {
  const shown = {
    record: r,
    permalink: absoluteUrl(recordPath(r), process.env.ERRDEX_SITE_URL),
    search: recordSearchUrl(r),
    datasetVersion,
  };
  if (format === "json") return recordJson(shown);
  if (format === "markdown") return recordMarkdown(shown);
  return recordText(shown, styleFor(process.stdout));
}

/** Finds and prints the record; returns the exit code. */
export function runShow(opts: ShowOptions): number {
  try {
    const ref = parseRef(opts.ref);
    if (!ref) throw new ShowError(`${JSON.stringify(terminalSafe(opts.ref))} is not a record reference; show takes ${REF_FORMS}`);
    const manifest = opts.manifest ? readManifest(opts.manifest) : undefined;
    const ds = loadForShow(opts.data);
    const found = resolveRef(ref, ds.records, manifest);
    if (found.record) {
      process.stdout.write(renderRecord(found.record, ds.versionOf.get(found.record.id), opts.format));
      return 0;
    }
    const lines = [`errdex: no record ${terminalSafe(opts.ref.trim())} in ${ds.source}`];
    for (const n of found.notes) lines.push(`  ${terminalSafe(n)}`);
    for (const s of found.suggestions) lines.push(`  did you mean ${terminalSafe(s)}?`);
    process.stderr.write(lines.join("\n") + "\n");
    return 1;
  } catch (err) {
    if (err instanceof ShowError) {
      process.stderr.write(`errdex: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
