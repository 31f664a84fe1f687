/**
 * Scores every evaluation set (bench/eval-sets.ts) against a dataset, the
 * shared corpus by default: one matcher, every log of every set. Used by the
 * accuracy bench (`bench/eval.ts`), the snapshot command (`bench/eval-accept.ts`)
 * and the corpus suite.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { Lookup } from "../lib/match/lookup";
import { parseInput } from "../lib/parse";
import { readDevset, scoreDevset, type DevsetScore } from "./devset-eval";
import { evalSets, type EvalSet } from "./eval-sets";
import { outcomeOf, snapshotSchema, sortSnapshot, type Snapshot } from "./eval-outcomes";

/** The shared corpus beside the project (`ERRDEX_CORPUS` or `BENCH_DATA` moves it). */
export const CORPUS = process.env.ERRDEX_CORPUS ?? process.env.BENCH_DATA ?? fileURLToPath(new URL("../../shared/corpus", import.meta.url));

export interface SetScore {
  set: EvalSet;
  score: DevsetScore;
}

/** Every set's score over the dataset at `corpus`. */
export function scoreSets(corpus: string = CORPUS, sets: EvalSet[] = evalSets()): SetScore[] {
  const ds = loadDataset(corpus, { quick: true });
  const lookup = new Lookup(buildMatcherData(ds.records, ds.datasetVersion));
  const known = new Set(ds.records.map((r) => r.id));
  return sets.map((set) => ({ set, score: scoreDevset(set.dir, readDevset(set.dir), lookup, known) }));
}

/** The path of a set's committed outcome snapshot. */
export const snapshotPath = (set: EvalSet): string => path.join(set.dir, "outcomes.json");

/** A set's committed snapshot (empty when it has none yet). */
export function readSnapshot(set: EvalSet): Snapshot {
  const file = snapshotPath(set);
  if (!fs.existsSync(file)) return {};
  return parseInput(snapshotSchema, JSON.parse(fs.readFileSync(file, "utf8")), path.relative(process.cwd(), file));
}

/** A set's outcomes now, as a snapshot without reasons. */
export function currentSnapshot(score: DevsetScore): Snapshot {
  return sortSnapshot(Object.fromEntries(score.perLog.map((l) => [l.file, outcomeOf(l)])));
}

/** Writes a set's snapshot, one log a line so a change reads as a one-line diff. */
export function writeSnapshot(set: EvalSet, s: Snapshot): void {
  const lines = Object.entries(sortSnapshot(s)).map(([file, o]) => `  ${JSON.stringify(file)}: ${JSON.stringify(o)}`);
  fs.writeFileSync(snapshotPath(set), `{\n${lines.join(",\n")}\n}\n`);
}
