/**
 * `--previous DATASET`: the records of an earlier dataset, as keys for
 * settling identities. The enclosing function is read back from the
 * documentation the miner (and the corpus) writes: "`X` raised in `f`…".
 */
import { loadDataset, DatasetIOError } from "../server/dataset";
import type { PreviousKey } from "../lib/mine/identities";

/** Where the miner's documentation names the enclosing function. */
const RAISED_IN = /raised in `([^`]+)`/;

/** Loads the previous dataset's records (parse and schema only); throws a DatasetIOError-worded message when it cannot. */
export function loadPrevious(location: string): PreviousKey[] {
  let ds;
  try {
    ds = loadDataset(location, { quick: true });
  } catch (err) {
    if (err instanceof DatasetIOError) throw new Error(`--previous: ${err.message}`, { cause: err });
    throw err;
  }
  return ds.parsed.map(({ record: r }) => ({
    id: r.id,
    slug: r.slug,
    repo: r.repo,
    filePath: r.filePath,
    errorClass: r.errorClass,
    errorMessage: r.errorMessage,
    scope: RAISED_IN.exec(r.documentation)?.[1] ?? "",
  }));
}
