import { T } from "../rank/tuning";
import type { Rule } from "./judging";

export const logRepo: Rule = {
  id: "log-repo",
  stage: "order",
  doc:
    "The repository the whole log points at (its frames, how it was started, its log format: " +
    "lib/match/rank/evidence.ts) weighs its records up, in proportion to how clearly it does.",
  weigh(j) {
    const repo = j.run.repos?.get(j.e.repo);
    if (!repo) return;
    j.score += T.scoreRepo * repo.strength;
    j.reasons.push(`the log comes from ${j.e.repo}: ${repo.why.join("; ")}`);
  },
};
