import { describe, expect, it } from "vitest";
import type { RepoEvidence } from "../rank/evidence";
import { T } from "../rank/tuning";
import { logRepo } from "./log-repo";
import { apply, judging } from "./test-judging";

describe("log-repo", () => {
  it.each([
    { repo: "vllm-project/vllm", strength: 1, score: T.scoreRepo },
    { repo: "vllm-project/vllm", strength: 0.5, score: T.scoreRepo * 0.5 },
    { repo: "sgl-project/sglang", strength: 1, score: 0 },
  ])("$repo at $strength", ({ repo, strength, score }) => {
    const repos = new Map<string, RepoEvidence>([[repo, { strength, why: ["its frames"] }]]);
    const j = apply(logRepo, judging({ run: { repos } }));
    expect(j.score).toBe(score);
    expect(j.reasons).toEqual(score ? ["the log comes from vllm-project/vllm: its frames"] : []);
  });
});
