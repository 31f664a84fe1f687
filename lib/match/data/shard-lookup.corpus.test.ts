/**
 * The corpus suite's check of the browser's lookup over split data: on the
 * 11,320 real records, it answers every devset log, every record's own
 * message (rendered, twenty to a log, in tracebacks) and logs with planted
 * errors exactly as the lookup over the whole data does, and every early
 * answer on the way (lib/match/data/shard-lookup `onEarly`) shows the final
 * answer's full matches; every devset log in at most two sequential rounds of
 * fetches (the rule: the key batch, then the records alike by wording).
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../../server/dataset";
import { generateLog } from "../../../bench/log-gen";
import { sampleRenderings } from "../../record/message-template";
import { lookupOver, splitFiles } from "../../testing/split-files";
import { Lookup, type LookupSummary } from "../lookup";
import { buildMatcherData } from "./matcher-data";
import type { ErrorRecord } from "../../record/schema";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../../../shared/corpus");
const DEVSET = path.resolve(__dirname, "../../../eval/devset/logs");

let records: ErrorRecord[];
let whole: Lookup;
let files: Map<string, string>;
const same = (s: LookupSummary) => ({ ...s, elapsedMs: 0 });

beforeAll(() => {
  if (!fs.existsSync(CORPUS)) throw new Error(`the corpus suite needs the shared corpus at ${CORPUS} (set ERRDEX_CORPUS)`);
  const ds = loadDataset(CORPUS);
  records = ds.records;
  const data = buildMatcherData(records, ds.datasetVersion);
  whole = new Lookup(data);
  files = splitFiles(data);
});

const fullIds = (s: LookupSummary) =>
  s.matches
    .filter((m) => m.kind === "full")
    .map((m) => m.id)
    .sort();

/** The progressive path: the final answer is the one-shot lookup's, and each early answer's full matches are the final's. */
async function expectSame(log: string, what: string, slowWords = false): Promise<number> {
  const { lookup } = lookupOver(files, slowWords);
  const early: LookupSummary[] = [];
  const final = await lookup.run(log, undefined, undefined, (s) => early.push(s));
  expect(same(final), what).toEqual(same(whole.run(log)));
  for (const e of early) expect(fullIds(e), what).toEqual(fullIds(final));
  return lookup.rounds;
}

describe("the lookup over split data, on the shared corpus", () => {
  it("answers every devset log as the whole data does, in at most two sequential rounds of fetches", async () => {
    for (const f of fs.readdirSync(DEVSET).sort()) {
      expect(await expectSame(fs.readFileSync(path.join(DEVSET, f), "utf8"), f), f).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setImmediate(resolve)); // see below
    }
  });

  it("answers every record's own message as the whole data does", async () => {
    for (let i = 0; i < records.length; i += 20) {
      const log = records
        .slice(i, i + 20)
        .map((r) => {
          const file = `/usr/local/lib/python3.12/dist-packages/${r.filePath}`;
          return `Traceback (most recent call last):\n  File "${file}", line ${r.lineNumber}, in f\n    raise ${r.errorClass}(\n${r.errorClass}: ${sampleRenderings(r.errorMessage)[0] ?? r.errorMessage}`;
        })
        .join("\n");
      await expectSame(log, `records ${i}–${i + 19}`);
      // In-memory fetches resolve as microtasks: let the event loop turn, or vitest's RPC to this worker times out (60 s).
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it("shows, with word shards slower than entry shards, early answers whose full matches are final", async () => {
    for (const f of fs.readdirSync(DEVSET).sort()) {
      await expectSame(fs.readFileSync(path.join(DEVSET, f), "utf8"), f, true);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it("answers logs with planted errors as the whole data does", async () => {
    for (const seed of [1, 2, 3]) await expectSame(generateLog(records, 300_000, 30, seed).log, `planted, seed ${seed}`);
  });
});
