import { describe, expect, it } from "vitest";
import type { RepoEvidence } from "../rank/evidence";
import { T } from "../rank/tuning";
import { TIER } from "./judging";
import { judging, scored } from "./test-judging";
import { yieldToHomeRepo } from "./yield-to-home-repo";

const VLLM = "vllm-project/vllm";
const SGLANG = "sgl-project/sglang";
const run = (repos: [string, number][]) =>
  judging({ run: { repos: new Map<string, RepoEvidence>(repos.map(([r, strength]) => [r, { strength, why: ["frames"] }])) } }).run;

describe("yield-to-home-repo", () => {
  it.each([
    {
      story: "another repository's answer yields to the home record's",
      repos: [[VLLM, T.clearRepo]],
      homeLine: 1,
      to: "medium",
      below: true,
    },
    { story: "not when the log is not clearly from one", repos: [[VLLM, T.clearRepo / 2]], homeLine: 1, to: "high", below: false },
    {
      story: "not when the log points at it too",
      repos: [
        [VLLM, T.clearRepo],
        [SGLANG, T.clearRepo / 2],
      ],
      homeLine: 1,
      to: "high",
      below: false,
    },
    { story: "not on another line", repos: [[VLLM, T.clearRepo]], homeLine: 2, to: "high", below: false },
  ] as { story: string; repos: [string, number][]; homeLine: number; to: string; below: boolean }[])(
    "$story",
    ({ repos, homeLine, to, below }) => {
      const home = scored({ repo: VLLM, id: "home" }, { kind: "similar", confidence: "medium", score: TIER.medium }, homeLine);
      const copy = scored({ repo: SGLANG, id: "copy" }, { score: TIER.high });
      yieldToHomeRepo.settle!([copy, home], run(repos));
      expect(copy.confidence).toBe(to);
      expect(copy.score < home.score).toBe(below);
    },
  );
});
