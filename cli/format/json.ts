/** `--format json` (or `--json`): the documented machine-readable shape, one JSON object on one line. */
import type { MatchReport } from "../../lib/match/report";

/** The report as the JSON line `errdex match --json` prints. */
export function formatJson(report: MatchReport): string {
  const out = {
    matches: report.matches.map((m) => ({
      id: m.id,
      repo: m.repo,
      slug: m.slug,
      errorClass: m.errorClass,
      message: m.message,
      kind: m.kind,
      confidence: m.confidence,
      score: m.score,
      ...(m.diff ? { diff: m.diff } : {}),
      permalink: m.permalink,
      search: m.search,
      reasons: m.reasons,
      occurrences: m.occurrences,
      lines: m.lines.map((l) => ({
        line: l.line,
        text: l.text,
        start: l.start,
        end: l.end,
        captures: l.captures.map((c) => ({ group: c.group, name: c.name, value: c.value, start: c.start, end: c.end })),
      })),
    })),
    total: report.total,
    lines: report.lineCount,
    stopped: report.stopped,
  };
  return JSON.stringify(out) + "\n";
}
