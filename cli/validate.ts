/** `errdex validate`: the same validation the build runs, as a command. */
import { performance } from "node:perf_hooks";
import { loadDatasetChecked, dataLocation, DatasetIOError } from "../server/dataset";
import { countProblems } from "../lib/dataset/problems";
import { printProblems } from "./report";

export interface ValidateOptions {
  data?: string;
  json: boolean;
}

/** Validates the dataset; 0 valid, 1 invalid, 2 I/O error. */
export async function runValidate(opts: ValidateOptions): Promise<number> {
  const t0 = performance.now();
  const location = dataLocation(opts.data);
  let ds;
  try {
    ds = await loadDatasetChecked(location);
  } catch (err) {
    if (err instanceof DatasetIOError) {
      if (opts.json) process.stdout.write(JSON.stringify({ ok: false, error: err.message }) + "\n");
      else process.stderr.write(`errdex: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const { errors, warnings } = countProblems(ds.problems);
  const seconds = (performance.now() - t0) / 1000;
  if (opts.json) {
    process.stdout.write(
      JSON.stringify(
        {
          ok: errors === 0,
          source: location,
          records: ds.parsed.length,
          valid: ds.records.length,
          errors,
          warnings,
          problems: ds.problems,
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    printProblems(ds.problems, process.stderr);
    const verdict = errors === 0 ? "valid" : "INVALID";
    process.stderr.write(
      `${location}: ${verdict}: ${ds.parsed.length} records parsed, ${ds.records.length} valid, ${errors} error(s), ${warnings} warning(s) in ${seconds.toFixed(2)} s\n`,
    );
  }
  return errors === 0 ? 0 : 1;
}
