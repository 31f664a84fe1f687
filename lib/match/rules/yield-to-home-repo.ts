import { T } from "../rank/tuning";
import type { Match } from "../types";
import { TIER, type Rule } from "./judging";

/** The first match of each line from the home repository. */
function homeMatches(ranked: Match[], home: string): Map<number, Match> {
  const homeByLine = new Map<number, Match>();
  for (const m of ranked) {
    const line = m.lines[0]?.line;
    if (m.entry.repo === home && line !== undefined && !homeByLine.has(line)) homeByLine.set(line, m);
  }
  return homeByLine;
}

export const yieldToHomeRepo: Rule = {
  id: "yield-to-home-repo",
  stage: "order",
  doc:
    "A copy of a check answered from a repository the log shows no sign of yields to the log's own project: when " +
    "the log clearly comes from one repository of the dataset (strength at least T.clearRepo) and a record of that " +
    "repository answers the same line, another repository's answer to that line, with nothing in the log pointing at " +
    "it, is at most medium and ranks below the home record's (sglang's copy of a vLLM check, matched in full in its " +
    "old wording, on a `vllm serve` traceback whose frames are all vLLM's, against vLLM's own drifted one).",
  settle(ranked, { repos }) {
    if (!repos) return;
    const clear = [...repos].filter(([, ev]) => ev.strength >= T.clearRepo).map(([repo]) => repo);
    if (clear.length !== 1) return;
    const home = clear[0]!;
    const homeByLine = homeMatches(ranked, home);
    for (const m of ranked) {
      const h = m.lines[0] && homeByLine.get(m.lines[0].line);
      if (!h || h.confidence === "low" || m.entry.repo === home || (repos.get(m.entry.repo)?.strength ?? 0) > 0 || m.score < h.score)
        continue;
      if (m.confidence === "high") m.confidence = "medium";
      m.score = Math.min(m.score - (TIER.high - TIER.medium), h.score - 1);
      m.reasons.push(`the log comes from ${home}, whose own record answers this line; nothing in the log points at ${m.entry.repo}`);
    }
  },
};
