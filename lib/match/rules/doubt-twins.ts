import type { RepoEvidence } from "../rank/evidence";
import { T } from "../rank/tuning";
import type { Match } from "../types";
import { TIER, type Rule } from "./judging";

/** High matches of the same kind on the same text: the candidates for copies of one check. */
function sameText(ranked: Match[]): Match[][] {
  const groups = new Map<string, Match[]>();
  for (const m of ranked) {
    const l = m.lines[0];
    if (m.confidence !== "high" || !l) continue;
    const key = `${m.kind} ${l.line} ${l.start} ${l.end}`;
    const g = groups.get(key);
    if (g) g.push(m);
    else groups.set(key, [m]);
  }
  return [...groups.values()];
}

function doubt(group: Match[], repos: Map<string, RepoEvidence> | undefined): void {
  const strength = (m: Match) => repos?.get(m.entry.repo)?.strength ?? 0;
  const base = (m: Match) => m.score - T.scoreRepo * strength(m);
  const best = Math.max(...group.map(base));
  const g = group.filter((m) => best - base(m) < T.twinScore);
  const repoNames = [...new Set(g.map((m) => m.entry.repo))];
  if (repoNames.length < 2) return doubtFiles(g); // not tuning: copies in other repositories need two
  const top = Math.max(...g.map(strength));
  const clear = top >= T.clearRepo && g.filter((m) => strength(m) === top).every((m, _, a) => m.entry.repo === a[0]!.entry.repo);
  for (const m of g) {
    const others = repoNames.filter((r) => r !== m.entry.repo).join(", ");
    if (clear && strength(m) === top) {
      m.reasons.push(`the same message is in ${others}; the log comes from ${m.entry.repo}`);
      continue;
    }
    m.confidence = "medium";
    m.score -= TIER.high - TIER.medium;
    m.reasons.push(
      clear
        ? `the same message is in ${others}, where the log comes from`
        : `the same message is in ${others}, and nothing in the log says clearly which raised it`,
    );
  }
}

/** Copies of one check in several files of one repository, tied: none is a confident answer. */
function doubtFiles(g: Match[]): void {
  const files = [...new Set(g.map((m) => m.entry.filePath))];
  if (files.length < 2) return; // not tuning: copies need two files
  for (const m of g) {
    m.confidence = "medium";
    m.score -= TIER.high - TIER.medium;
    const others = files.filter((f) => f !== m.entry.filePath).join(", ");
    m.reasons.push(`the same message is raised in ${others} too, and nothing in the log says which raised it`);
  }
}

/**
 * A high full match of one repository's record on the very text another repository's record matched in part, the log
 * pointing at that other repository and not at the first: the first is a copy of the other's older message (sglang
 * keeps vLLM's old wording), and no confident answer.
 */
function doubtOlderCopy(ranked: Match[], repos: Map<string, RepoEvidence> | undefined): void {
  const strength = (m: Match) => repos?.get(m.entry.repo)?.strength ?? 0;
  for (const m of ranked) {
    const l = m.lines[0];
    if (m.kind !== "full" || m.confidence !== "high" || !l || strength(m) > 0) continue;
    const other = ranked.find(
      (p) =>
        p.kind === "partial" &&
        p.entry.repo !== m.entry.repo &&
        strength(p) > 0 &&
        p.lines[0]?.line === l.line &&
        p.lines[0].start === l.start,
    );
    if (!other) continue;
    m.confidence = "medium";
    m.score -= TIER.high - TIER.medium;
    m.reasons.push(`${other.entry.repo}, which the log points at, raises a longer message that begins the same way`);
  }
}

export const doubtTwins: Rule = {
  id: "doubt-twins",
  stage: "confidence",
  doc:
    "The same text matched in several repositories' records (sglang copies vLLM's code), the same way and with the " +
    "same evidence but the repository's — scores closer than T.twinScore once the repository's share is set aside, " +
    "differing only by the literal text's length. When the log clearly comes from one of them (frames, how it was " +
    "started, its log format: strength at least T.clearRepo), that one stays high; otherwise none of them is a " +
    "confident answer, and each is medium and says where else the message is. Copies in several files of one " +
    "repository that tie so (a check copied into each model's folder, a message shared by two loaders) are medium " +
    "alike: a traceback that shows one's raise site sets it apart. And a high full match whose text another " +
    "repository's record matches in part, the log pointing at that repository and not at the first, is medium: a copy " +
    "of the other's older message (sglang keeping vLLM's old wording, vLLM having added a sentence since).",
  settle(ranked, run) {
    for (const group of sameText(ranked)) doubt(group, run.repos);
    doubtOlderCopy(ranked, run.repos);
  },
};
