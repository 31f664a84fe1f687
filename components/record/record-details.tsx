import type { ReactNode } from "react";
import type { ErrorRecord } from "@/lib/record/schema";
import { shortPath } from "@/lib/record/permalink";
import { DateTime } from "@/components/ui/date-time";
import { hasText } from "@/components/ui/format";

/** Where a record comes from: its ids, the analyzed commit and time, the dataset version it was published in. */
export function RecordDetails({ record, datasetVersion }: { record: ErrorRecord; datasetVersion: string | undefined }) {
  const commitUrl = `https://github.com/${record.repo}/commit/${record.analyzedSha}`;
  const rows: { term: string; value: ReactNode }[] = [
    { term: "Record id", value: <code>{record.id}</code> },
    { term: "Short link", value: <a href={shortPath(record.id)}>{shortPath(record.id)}</a> },
  ];
  if (hasText(record.analyzedSha))
    rows.push({
      term: "Analyzed commit",
      value: (
        <a href={commitUrl} title={record.analyzedSha}>
          <code>{record.analyzedSha.slice(0, 7)}</code>
        </a>
      ),
    });
  if (hasText(record.analyzedAt)) rows.push({ term: "Analyzed", value: <DateTime iso={record.analyzedAt} /> });
  if (hasText(datasetVersion)) rows.push({ term: "Dataset version", value: <DateTime iso={datasetVersion} /> });
  return (
    <dl className="details">
      {rows.map((r) => (
        <div key={r.term}>
          <dt>{r.term}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
