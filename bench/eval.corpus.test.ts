/**
 * Every evaluation log's outcome, against the shared corpus, is what its set's
 * committed snapshot (`eval/<set>/outcomes.json`) says: where the expected record
 * ranks, with which kind and confidence, and what came first instead. Any change,
 * better or worse, fails here until it is accepted with a reason per log
 * (`npm run eval:accept -- --reason FILE="why"`).
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { describeChange, diffOutcomes } from "./eval-outcomes";
import { currentSnapshot, readSnapshot, scoreSets, snapshotPath, type SetScore } from "./eval-run";

let scored: SetScore[];

beforeAll(() => {
  scored = scoreSets();
});

describe("real logs from public issues (eval/)", () => {
  it("finds the dev set and at least one held-out set", () => {
    expect(scored[0]?.set.name).toBe("devset");
    expect(scored.filter((s) => s.set.heldOut).length).toBeGreaterThan(0);
  });

  it("gives every log of every set the outcome its snapshot records", () => {
    const changes = scored.flatMap(({ set, score }) =>
      diffOutcomes(readSnapshot(set), currentSnapshot(score)).map(
        (c) => `${path.relative(process.cwd(), snapshotPath(set))} ${describeChange(c)}`,
      ),
    );
    expect(changes, `accept with npm run eval:accept -- --reason FILE="why"\n${changes.join("\n")}`).toEqual([]);
  });

  it("gives no wrong first answer with high confidence on the dev set", () => {
    const dev = scored.find((s) => s.set.name === "devset")!.score;
    const wrong = dev.perLog.filter((l) => l.category === "in-corpus" && l.outcome !== "top-1" && l.answers[0]?.confidence === "high");
    expect(wrong.map((l) => l.file)).toEqual([]);
  });
});
