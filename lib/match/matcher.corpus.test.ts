/**
 * The corpus suite (`npm run test:corpus`): runs errdex against the 11,320
 * real records in ../shared/corpus (or ERRDEX_CORPUS). Every record must be
 * found by its own message, rendered as a log line, as a full match near the
 * top; the list of generic patterns must stay what it was.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataset, type Dataset } from "../../server/dataset";
import { buildMatcherData } from "./data/matcher-data";
import { Matcher } from "./matcher";
import { compilePattern, toRegExp } from "../pattern/pattern";
import { sampleRenderings } from "../record/message-template";
import { countProblems } from "../dataset/problems";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../../shared/corpus");
/**
 * A record must rank within this many results for its own message, counting
 * only records that score strictly higher: the same message copied into
 * several files or repositories ties, and only the log's context (traceback
 * frames) can tell those apart.
 */
const TOP = 3;

let ds: Dataset;
let matcher: Matcher;

beforeAll(() => {
  if (!fs.existsSync(CORPUS)) throw new Error(`the corpus suite needs the shared corpus at ${CORPUS} (set ERRDEX_CORPUS)`);
  ds = loadDataset(CORPUS);
  matcher = new Matcher(buildMatcherData(ds.records, ds.datasetVersion));
});

describe("the shared corpus", () => {
  it("validates without errors", () => {
    expect(ds.parsed.length).toBe(11_320);
    expect(countProblems(ds.problems).errors).toBe(0);
  });

  it("finds every record by its own message, as a full match in the top results", () => {
    const misses: string[] = [];
    const ranks: number[] = [];
    for (const r of ds.records) {
      const c = compilePattern(r.messagePattern);
      if (!c.ok) throw new Error(`${r.id}: ${c.error}`);
      const re = toRegExp(c);
      const message = sampleRenderings(r.errorMessage).find((s) => re.test(s))!;
      const log = `2025-06-01 10:00:00 ERROR something went wrong\n${r.errorClass}: ${message}\nINFO shutting down\n`;
      const result = matcher.lookup(log);
      const index = result.matches.findIndex((m) => m.entry.id === r.id);
      const m = result.matches[index];
      const rank = index < 0 ? -1 : result.matches.slice(0, index).filter((x) => x.score > m!.score).length;
      if (rank < 0 || rank >= TOP || m?.kind !== "full") {
        misses.push(`${r.id} ${r.repo}: rank ${rank < 0 ? "not found" : rank + 1}${m ? ` (${m.kind})` : ""}: ${message.slice(0, 100)}`);
      } else ranks.push(rank);
    }
    expect(misses, misses.slice(0, 20).join("\n")).toEqual([]);
    // Most records are unique: they should come first.
    const first = ranks.filter((r) => r === 0).length / ranks.length;
    expect(first).toBeGreaterThan(0.9);
  });

  it("keeps the generic-pattern report stable", async () => {
    const data = buildMatcherData(ds.records);
    const generic = data.entries
      .filter((e) => e.generic)
      .map((e) => `${e.id} ${e.letters} ${e.pattern}`)
      .sort();
    await expect(generic.join("\n") + "\n").toMatchFileSnapshot("./__corpus__/generic-patterns.txt");
  });
});
