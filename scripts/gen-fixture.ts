/**
 * `npm run gen:fixture -- --records 100000 [--out FILE] [--seed N]`: writes a
 * synthetic dataset of realistic shape for scale work. Each record copies a
 * real record (the shared corpus when it is beside the project, else the
 * project's own fixtures) and swaps every word of its message and pattern
 * for a made-up one, consistently (bench/synthetic.ts), so message lengths,
 * placeholder counts, snippet sizes and tags keep the corpus's distribution
 * and every record still validates and finds its own message.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { syntheticRecords } from "../bench/synthetic";
import { loadDataset } from "../server/dataset";
import { FIXTURE_RECORDS } from "../lib/testing/fixtures/records";
import type { ErrorRecord } from "../lib/record/schema";

const { values } = parseArgs({
  options: { records: { type: "string", default: "10000" }, out: { type: "string" }, seed: { type: "string", default: "1" } },
});
const count = Number(values.records);
if (!Number.isInteger(count) || count < 1) {
  console.error(`gen:fixture: --records must be a whole number of at least 1 (got ${values.records})`);
  process.exit(2);
}
const corpus = path.resolve("../shared/corpus");
let base: ErrorRecord[] = FIXTURE_RECORDS;
if (fs.existsSync(corpus)) base = loadDataset(corpus, { quick: true }).records;
const out = values.out ?? path.join(".errdex", `fixture-${count}.jsonl`);
fs.mkdirSync(path.dirname(out), { recursive: true });
const version = new Date(0).toISOString();
const fd = fs.openSync(out, "w");
for (const r of syntheticRecords(base, count, Number(values.seed)))
  fs.writeSync(fd, JSON.stringify({ record: r, datasetVersion: version }) + "\n");
fs.closeSync(fd);
console.log(
  `gen:fixture: wrote ${count} records modelled on ${base === FIXTURE_RECORDS ? "the project's fixtures" : "the shared corpus"} to ${out}`,
);
