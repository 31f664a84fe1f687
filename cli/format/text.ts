/** `--format text` (the default): the known errors for a person at a terminal, colour when it is one. */
import { KIND_LABEL, counted, type MatchReport } from "../../lib/match/report";
import type { DiffOp } from "../../lib/match/rank/wording";
import { terminalSafe, type Style } from "../terminal";

/** The report as terminal text; `seconds` is how long the lookup took. */
export function formatText(report: MatchReport, seconds: number, st: Style): string {
  const out: string[] = [];
  const source = terminalSafe(report.source);
  const took = `${counted(report.lineCount, "line")}, ${seconds.toFixed(2)} s`;
  if (report.total === 0) return `errdex: no known error in ${source} (${took})\n`;
  const shown = report.matches.length < report.total ? `, showing the top ${report.matches.length}` : "";
  out.push(`errdex: ${counted(report.total, "known error")} in ${source} (${took}${shown})`);
  report.matches.forEach((m, i) => {
    out.push("", st.bold(`${i + 1}. ${terminalSafe(m.errorClass)}: ${terminalSafe(oneLine(m.message))}`));
    const confidence = m.confidence === "high" ? st.green : m.confidence === "medium" ? st.yellow : st.red;
    out.push(
      `   ${terminalSafe(m.repo)} · ${confidence(`${m.confidence} confidence`)} · ${KIND_LABEL[m.kind]} · score ${m.score}${m.generic ? st.dim(" · generic pattern") : ""}`,
    );
    out.push(`   ${st.cyan(terminalSafe(m.permalink))}`);
    for (const l of m.lines.slice(0, 5)) {
      out.push(`   line ${l.line}: ${terminalSafe(clip(l.text, 200))}`);
      for (const c of l.captures)
        out.push(`      ${st.dim(`{${c.name ?? c.group}}`)} = ${terminalSafe(JSON.stringify(clip(c.value, 120)))}`);
    }
    if (m.lines.length > 5) out.push(`   … and ${m.lines.length - 5} more line(s)`);
    if (m.diff) out.push(`   diff: ${compactDiff(m.diff, st)}`);
    if (m.solution) out.push(`   fix: ${terminalSafe(oneLine(m.solution))}`);
    if (m.reasons.length) out.push(st.dim(`   why: ${terminalSafe(m.reasons.join("; "))}`));
  });
  return out.join("\n") + "\n";
}

/**
 * A word diff on one line: `[-only in the record-]` and `{+only in the log+}`
 * (git's word-diff marks), in colour at a terminal; long equal runs elided.
 */
export function compactDiff(diff: DiffOp[], st: Style): string {
  const parts = diff.map((d) => {
    const text = terminalSafe(d.text.replace(/\s+/g, " "));
    if (d.op === "-") return st.red(`[-${text.trim()}-]`);
    if (d.op === "+") return st.green(`{+${text.trim()}+}`);
    return text.length > 60 ? `${text.slice(0, 28)}…${text.slice(-28)}` : text;
  });
  return clip(parts.join(" ").replace(/ {2,}/g, " ").trim(), 400);
}

function oneLine(s: string): string {
  const first = s.split("\n")[0] ?? "";
  return clip(first, 300) + (s.includes("\n") ? " …" : "");
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
