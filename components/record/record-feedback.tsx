import type { ErrorRecord } from "@/lib/record/schema";
import type { DatasetRepo } from "@/lib/site/dataset-repo";
import { improveDraft, newIssueUrl } from "@/lib/site/feedback";
import { recordSearchUrl, searchLabel } from "@/lib/site/upstream-search";
import { absoluteUrl, recordPath } from "@/lib/record/permalink";

/** Where a record's page sends people to find or add a fix: the dataset's repository (if any) and the page's absolute base URL. */
export interface RecordFeedback {
  datasetRepo: DatasetRepo | null;
  /** The site's absolute base URL (`ERRDEX_SITE_URL`, else what `npm start` serves), for the permalink in an issue. */
  baseUrl: string;
}

/** What both pieces render from: the record, where fixes go, and the dataset's version (for the issue's text). */
interface RecordFeedbackProps {
  record: ErrorRecord;
  feedback: RecordFeedback;
  datasetVersion?: string;
}

/** A link leaving the site for GitHub: a new tab, no referrer (the page's URL says nothing GitHub needs). */
function External({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** "Improve this record": a pre-filled issue in the dataset's repository; null when none is set. */
function improveUrl(r: ErrorRecord, f: RecordFeedback, datasetVersion: string | undefined): string | null {
  if (!f.datasetRepo) return null;
  return newIssueUrl(f.datasetRepo, improveDraft(f.datasetRepo, r, absoluteUrl(recordPath(r), f.baseUrl), datasetVersion));
}

/** The links under a record's heading: the upstream issue search, always, and "Improve this record" when the dataset has a home. */
export function RecordLinks({ record: r, feedback, datasetVersion }: RecordFeedbackProps) {
  const improve = improveUrl(r, feedback, datasetVersion);
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="record-links">
      <External href={recordSearchUrl(r)}>{searchLabel(r.repo)}</External>
      {improve ? <External href={improve}>Improve this record</External> : null}
    </p>
  );
}

/**
 * In place of solutions when the record has none: says so plainly, and offers
 * the way to add one (the pre-filled issue) or, without a dataset repository,
 * the upstream search. Nothing here reads as a fix.
 */
export function NoFixRecorded({ record: r, feedback, datasetVersion }: RecordFeedbackProps) {
  const improve = improveUrl(r, feedback, datasetVersion);
  return (
    <div className="no-fix" role="note" aria-label="No fix recorded">
      <p className="font-semibold">No fix recorded yet.</p>
      <p className="mt-1 text-sm">
        {improve ? (
          <>
            Know one? <External href={improve}>Improve this record</External> with a pre-filled issue, or{" "}
            <External href={recordSearchUrl(r)}>{`search ${r.repo} issues`}</External> where it may be discussed.
          </>
        ) : (
          <>
            The project&apos;s issues may discuss it: <External href={recordSearchUrl(r)}>{searchLabel(r.repo)}</External>.
          </>
        )}
      </p>
    </div>
  );
}
