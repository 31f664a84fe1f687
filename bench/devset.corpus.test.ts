/**
 * The development set of real logs (devset/) against the shared corpus:
 * the accuracy reached must not slide back. The figures are those measured
 * when this was written (bench/results/devset.json); raise them as matching
 * improves, never lower them to make a change pass.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/matcher-data";
import { Lookup } from "../lib/match/lookup";
import { readDevset, scoreDevset, type DevsetScore } from "./devset-eval";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../shared/corpus");
const SET = path.resolve(__dirname, "../eval/devset");
let score: DevsetScore;

beforeAll(() => {
  const ds = loadDataset(CORPUS, { quick: true });
  score = scoreDevset(
    SET,
    readDevset(SET),
    new Lookup(buildMatcherData(ds.records, ds.datasetVersion)),
    new Set(ds.records.map((r) => r.id)),
  );
});

describe("real logs from public issues (devset/)", () => {
  const misses = () =>
    score.perLog.filter((l) => l.category === "in-corpus" && l.outcome !== "top-1").map((l) => `${l.file}: ${l.outcome}`);

  // 251 since held-out sets 10, 11 and 12 were folded in (2026-12-04, third session; 230 first and 238 in the top 3
  // before that session's rules, 234 and 239 after).
  it("puts the right record first for at least 234 of the 251 logs whose error is in the corpus, and in the top 3 for 239", () => {
    expect(score.inCorpus).toBe(251);
    expect(score.top1, misses().join("\n")).toBeGreaterThanOrEqual(234);
    expect(score.top3, misses().join("\n")).toBeGreaterThanOrEqual(239);
  });

  it("gives no wrong first answer with high confidence", () => {
    const wrong = score.perLog
      .filter((l) => l.category === "in-corpus" && l.outcome !== "top-1" && l.answers[0]?.confidence === "high")
      .map((l) => l.file);
    expect(score.confidentWrong, wrong.join("\n")).toBe(0);
  });

  // One on errors the corpus lacks: 038 (the pattern of a sibling branch matches the old text in full). 809 (a check
  // vLLM removed, whose file's `{attn_type}` sibling fits the words) is medium since a bare printed
  // `raise NotImplementedError(` that several records of the file share no longer counts as its raise site.
  it("gives no high-confidence answer on a negative, and at most one on errors the corpus lacks", () => {
    const high = score.perLog.filter((l) => l.category !== "in-corpus" && l.outcome === "high-confidence answer").map((l) => l.file);
    expect(score.highOnNegative, high.join("\n")).toBe(0);
    expect(score.highOnAbsent, high.join("\n")).toBeLessThanOrEqual(1);
  });
});
