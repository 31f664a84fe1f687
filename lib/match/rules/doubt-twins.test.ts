import { describe, expect, it } from "vitest";
import type { RepoEvidence } from "../rank/evidence";
import { T } from "../rank/tuning";
import { doubtTwins } from "./doubt-twins";
import { TIER } from "./judging";
import { judging, scored } from "./test-judging";

const VLLM = "vllm-project/vllm";
const SGLANG = "sgl-project/sglang";
const run = (repos?: [string, number][]) =>
  judging({ run: { repos: repos && new Map<string, RepoEvidence>(repos.map(([r, strength]) => [r, { strength, why: ["frames"] }])) } }).run;

describe("doubt-twins", () => {
  it.each([
    { story: "two repositories, nothing clear: both medium", repos: undefined, gap: 0, vllm: "medium", sglang: "medium" },
    {
      story: "the log clearly from one: it stays high",
      repos: [[VLLM, T.clearRepo]] as [string, number][],
      gap: 0,
      vllm: "high",
      sglang: "medium",
    },
    {
      story: "a mere mention settles nothing",
      repos: [[VLLM, T.clearRepo / 2]] as [string, number][],
      gap: 0,
      vllm: "medium",
      sglang: "medium",
    },
    { story: "scores far apart are no twins", repos: undefined, gap: T.twinScore, vllm: "high", sglang: "high" },
  ])("$story", ({ repos, gap, vllm, sglang }) => {
    const r = run(repos);
    const strength = (repo: string) => r.repos?.get(repo)?.strength ?? 0;
    const a = scored({ repo: VLLM, id: "a" }, { score: TIER.high + gap + T.scoreRepo * strength(VLLM) });
    const b = scored({ repo: SGLANG, id: "b" }, { score: TIER.high });
    doubtTwins.settle!([a, b], r);
    expect([a.confidence, b.confidence]).toEqual([vllm, sglang]);
    if (sglang === "medium") expect(b.score).toBe(TIER.medium);
  });

  it("leaves one repository's records of one file alone", () => {
    const ms = [scored({ id: "a" }), scored({ id: "b" })];
    doubtTwins.settle!(ms, run());
    expect(ms.map((m) => m.confidence)).toEqual(["high", "high"]);
  });

  it("doubts copies in two files of one repository that tie, and says where the other is", () => {
    const a = scored({ id: "a", filePath: "transformers/configuration_utils.py" }, { score: TIER.high });
    const b = scored({ id: "b", filePath: "transformers/utils/generic.py" }, { score: TIER.high });
    doubtTwins.settle!([a, b], run());
    expect([a.confidence, b.confidence, a.score]).toEqual(["medium", "medium", TIER.medium]);
    expect(a.reasons.at(-1)).toBe(
      "the same message is raised in transformers/utils/generic.py too, and nothing in the log says which raised it",
    );
  });

  it("keeps high the copy whose raise site the log shows (its score leads by more than a twin's)", () => {
    const a = scored({ id: "a", filePath: "transformers/configuration_utils.py" }, { score: TIER.high + T.twinScore });
    const b = scored({ id: "b", filePath: "transformers/utils/generic.py" }, { score: TIER.high });
    doubtTwins.settle!([a, b], run());
    expect(a.confidence).toBe("high");
  });

  it.each([
    { story: "the log points at the partial's repository: the full copy is medium", points: VLLM, confidence: "medium" },
    { story: "the log points at the full copy's own repository: it stays high", points: SGLANG, confidence: "high" },
    { story: "nothing in the log points anywhere: it stays high", points: undefined, confidence: "high" },
  ])("an older copy matched in full beside a longer message matched in part: $story", ({ points, confidence }) => {
    const full = scored({ repo: SGLANG, id: "copy" }, { kind: "full", score: TIER.high });
    const partial = scored({ repo: VLLM, id: "longer" }, { kind: "partial", confidence: "medium", score: TIER.medium });
    doubtTwins.settle!([full, partial], run(points ? [[points, 1]] : undefined));
    expect(full.confidence).toBe(confidence);
    if (confidence === "medium")
      expect(full.reasons.at(-1)).toBe(`${VLLM}, which the log points at, raises a longer message that begins the same way`);
  });
});
