"use client";

import type { ReactNode } from "react";
import type { LookupMatch, LookupSummary } from "@/lib/match/lookup";
import type { MatchedLine } from "@/lib/match/matcher";
import { captureGroups } from "@/lib/pattern/pattern-groups";
import { recordPath } from "@/lib/record/permalink";
import { MessageText } from "@/components/record/message-text";
import { CopyForChat } from "@/components/record/copy-for-chat";
import { CopyButton } from "@/components/ui/copy-button";
import { firstLine } from "@/lib/text";
import { WordDiff, WordDiffLegend } from "./word-diff";
import { KIND_LABEL } from "@/lib/match/report";
import { NotThisError, ResultSearchLink, type LookupFeedback } from "./result-feedback";
import { RaiseSiteList } from "./raise-site-list";

/** Capture colours, the same in the log line and in the pattern (classes in globals.css). */
const CAPTURE_CLASSES = ["cap-1", "cap-2", "cap-3", "cap-4", "cap-5", "cap-6"];
const capClass = (group: number) => CAPTURE_CLASSES[(group - 1) % CAPTURE_CLASSES.length];

/** The ranked matches, or the no-match view; `feedback` and `log` let a result be reported as wrong. */
export function LookupResults({ summary, feedback, log = "" }: { summary: LookupSummary; feedback?: LookupFeedback; log?: string }) {
  if (summary.matches.length === 0) return <NoMatch summary={summary} />;
  return (
    <section aria-labelledby="results-title" className="mt-6">
      <h2 id="results-title" className="section-title">
        {summary.matches.length === 1 ? "1 known error" : `${summary.matches.length} known errors`}, best match first
      </h2>
      <ol className="results">
        {summary.matches.map((m, i) => (
          <li key={m.id}>
            <MatchCard match={m} rank={i + 1} feedback={feedback} log={log} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function MatchCard({ match: m, rank, feedback, log }: { match: LookupMatch; rank: number; feedback?: LookupFeedback; log: string }) {
  const href = recordPath(m);
  return (
    <article className="result" aria-labelledby={`r-${m.id}`}>
      <h3 id={`r-${m.id}`} className="result-title">
        <span className="text-muted">{rank}.</span>{" "}
        <a href={href}>
          <span className="font-mono font-semibold">{m.errorClass}</span>: <MessageText message={firstLineMarked(m.message)} />
        </a>
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
        <span className="font-mono">{m.repo}</span>
        <span className={`badge badge-${m.confidence}`}>{m.confidence} confidence</span>
        <span className="badge">{KIND_LABEL[m.kind]}</span>
        {m.generic && <span className="badge badge-generic">generic pattern</span>}
        {m.occurrences > 1 && <span>{m.occurrences} places in the log</span>}
      </p>
      <div className="mt-2">
        {m.lines.slice(0, 5).map((l, i) => (
          <MatchedLogLine key={`${l.line}-${i}`} line={l} />
        ))}
        {m.lines.length > 5 && <p className="text-sm text-muted">…and {m.lines.length - 5} more lines</p>}
        <Captures match={m} />
      </div>
      {m.diff && (
        <div className="mt-2">
          <p className="text-sm">
            <span className="font-semibold">Against the record&apos;s message: </span>
            <WordDiffLegend />
          </p>
          <p className="mt-1">
            <WordDiff diff={m.diff} />
          </p>
        </div>
      )}
      {(m.kind === "full" || m.kind === "partial") && (
        <p className="mt-2 text-sm">
          <span className="text-muted">Pattern: </span>
          <PatternWithGroups pattern={m.pattern} />
        </p>
      )}
      {m.solution && (
        <p className="mt-2">
          <span className="font-semibold">Fix: </span>
          {m.solution}
        </p>
      )}
      <details className="mt-1 text-sm text-muted">
        <summary>Why it ranks here</summary>
        <ul className="ml-5 list-disc">
          {m.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
      <p className="mt-2 text-sm">
        <a href={href}>Open the record: documentation, all solutions, source →</a>
      </p>
      <p className="mt-1 text-sm">
        <ResultSearchLink match={m} />
      </p>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        <CopyButton text={href} label="Copy link" copiedMessage="Copied link" />
        <CopyForChat
          errorClass={m.errorClass}
          errorMessage={m.message}
          solution={m.solution}
          path={href}
          siteUrl={null}
          match={{ kind: m.kind, confidence: m.confidence, line: m.lines[0], occurrences: m.occurrences }}
        />
        {feedback && <NotThisError match={m} log={log} feedback={feedback} />}
      </div>
    </article>
  );
}

/** The values the pattern captured, by the template's placeholder names (`{architectures} = "['Glm4ForCausalLM']"`). */
function Captures({ match: m }: { match: LookupMatch }) {
  const caps = m.lines.slice(0, 5).flatMap((l) => l.captures);
  if (caps.length === 0) return null;
  return (
    <dl className="captures" aria-label="Captured values">
      {caps.map((c, i) => (
        <div key={i} className="contents">
          <dt className={`cap ${capClass(c.group)}`}>{`{${c.name ?? c.group}}`}</dt>
          <dd>= {JSON.stringify(c.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One matched log line: its number, the matched span marked, each capture coloured. */
export function MatchedLogLine({ line, bare = false }: { line: MatchedLine; bare?: boolean }) {
  const parts: ReactNode[] = [];
  const t = line.text;
  let pos = 0;
  const push = (to: number, node?: (s: string) => ReactNode) => {
    if (to <= pos) return;
    const s = t.slice(pos, to);
    parts.push(node ? node(s) : s);
    pos = to;
  };
  push(line.start);
  const caps = [...line.captures].filter((c) => c.start >= line.start && c.end <= line.end).sort((a, b) => a.start - b.start);
  const inMatch: ReactNode[] = [];
  let mpos = line.start;
  for (const c of caps) {
    if (c.start < mpos) continue;
    if (c.start > mpos) inMatch.push(t.slice(mpos, c.start));
    inMatch.push(
      <span
        key={`c${c.group}-${c.start}`}
        className={`cap ${capClass(c.group)}`}
        title={c.name ? `{${c.name}}` : `Captured by group ${c.group}`}
      >
        {t.slice(c.start, c.end)}
      </span>,
    );
    mpos = c.end;
  }
  if (line.end > mpos) inMatch.push(t.slice(mpos, line.end));
  parts.push(
    <mark key="m" className="hit-span">
      {inMatch}
    </mark>,
  );
  pos = line.end;
  push(t.length);
  return (
    <div className="log-line">
      <span className="log-ln">{bare ? line.line : `line ${line.line}`}</span>
      <code className="log-text">{parts}</code>
    </div>
  );
}

/** The Python pattern with each capturing group coloured like its capture. */
export function PatternWithGroups({ pattern }: { pattern: string }) {
  const groups = captureGroups(pattern).filter((g) => !captureGroups(pattern).some((o) => o !== g && o.start < g.start && o.end >= g.end));
  const parts: ReactNode[] = [];
  let pos = 0;
  for (const g of groups) {
    if (g.start > pos) parts.push(pattern.slice(pos, g.start));
    parts.push(
      <span key={g.start} className={`cap ${capClass(g.group)}`}>
        {pattern.slice(g.start, g.end)}
      </span>,
    );
    pos = g.end;
  }
  parts.push(pattern.slice(pos));
  return <code className="pattern-code">{parts}</code>;
}

function NoMatch({ summary }: { summary: LookupSummary }) {
  // A final exception with a raise site is told there in full, not listed again.
  const sites = summary.raiseSites ?? [];
  const detailed = new Set(sites.map((s) => s.line));
  return (
    <section aria-labelledby="nomatch-title" className="mt-6">
      <h2 id="nomatch-title" className="section-title">
        No known error matched this log
      </h2>
      <p className="text-muted">
        None of the dataset&apos;s patterns matched any of its {summary.lineCount.toLocaleString("en-US")} lines.
        {summary.errorLines.length === 0 && " Nothing in it looks like an error either."}
      </p>
      {summary.errorLines.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">{summary.tracebacks > 0 ? "Final exceptions" : "Lines that look like errors"}</h3>
          <RaiseSiteList sites={sites} />
          <ul className="mt-1">
            {summary.errorLines
              .filter((l) => !detailed.has(l.line))
              .map((l) => (
                <li key={l.line} className="log-line">
                  <span className="log-ln">line {l.line}</span>
                  <code className="log-text">{l.text}</code>
                </li>
              ))}
          </ul>
        </>
      )}
      {summary.similar.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Closest records — guesses, not answers</h3>
          <p className="text-sm">
            <WordDiffLegend />
          </p>
          <ul className="mt-1 space-y-3">
            {summary.similar.map((s) => (
              <li key={s.id}>
                <span className="badge badge-similar">guess · {Math.round(s.similarity * 100)} % alike</span>{" "}
                <a href={recordPath(s)}>
                  <span className="font-mono font-semibold">{s.errorClass}</span>: <MessageText message={firstLineMarked(s.message)} />
                </a>{" "}
                <span className="text-sm text-muted">
                  {s.repo} · compared with line {s.line}
                </span>
                <div className="mt-1">
                  <WordDiff diff={s.diff} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The first line of a message, with ` …` when more lines follow. */
function firstLineMarked(s: string): string {
  const first = firstLine(s);
  return first.length < s.length ? `${first} …` : first;
}
