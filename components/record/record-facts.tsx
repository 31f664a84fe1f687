import type { ReactNode } from "react";
import type { ErrorRecord } from "@/lib/record/schema";
import { repoPath } from "@/lib/record/permalink";
import { hasText } from "@/components/ui/format";

const SEVERITY_CLASS: Record<string, string> = {
  critical: "sev sev-critical",
  error: "sev",
  warning: "sev sev-warning",
  info: "sev sev-info",
};

/** The CSS classes of a severity badge (unknown levels look like errors). */
export function severityClass(severity: string): string {
  const key = severity.toLowerCase();
  // Own keys only: a severity of `constructor` or `__proto__` is just an unknown severity.
  return Object.hasOwn(SEVERITY_CLASS, key) ? SEVERITY_CLASS[key]! : "sev";
}

/** The short facts under a record's heading; each appears only when the record has it. */
export function RecordFacts({ record }: { record: ErrorRecord }) {
  const facts: { term: string; value: ReactNode }[] = [{ term: "Repository", value: <a href={repoPath(record.repo)}>{record.repo}</a> }];
  if (hasText(record.severity))
    facts.push({ term: "Severity", value: <span className={severityClass(record.severity)}>{record.severity}</span> });
  if (hasText(record.errorType)) facts.push({ term: "Type", value: record.errorType });
  if (record.httpStatus != null) facts.push({ term: "HTTP status", value: <code>{record.httpStatus}</code> });
  if (hasText(record.errorCode)) facts.push({ term: "Error code", value: <code>{record.errorCode}</code> });
  if (hasText(record.handlingStrategy)) facts.push({ term: "Handling", value: record.handlingStrategy });
  return (
    <dl className="facts">
      {facts.map((f) => (
        <div key={f.term}>
          <dt>{f.term}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
