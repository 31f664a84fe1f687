"use client";

import { useId, useMemo, useRef, useState } from "react";
import type { LookupMatch } from "@/lib/match/lookup";
import type { DatasetRepo } from "@/lib/site/dataset-repo";
import { fitBody, logSection, newIssueUrl, wrongMatchText, wrongMatchTitle, type IssueDraft } from "@/lib/site/feedback";
import { recordSearchUrl, searchLabel } from "@/lib/site/upstream-search";
import { absoluteUrl, recordPath } from "@/lib/record/permalink";
import { KIND_LABEL } from "@/lib/match/report";

/** What a lookup needs to offer reports: the dataset's repository (none: no "Not this error?"), the versions, the site's base URL. */
export interface LookupFeedback {
  datasetRepo: DatasetRepo | null;
  errdexVersion: string;
  datasetVersion: string;
  /** The site's absolute base URL, for the record's permalink in a report. */
  baseUrl: string;
}

/** "Search <owner/repo> issues for this error", for a lookup result. */
export function ResultSearchLink({ match: m }: { match: LookupMatch }) {
  const url = recordSearchUrl({ repo: m.repo, errorMessage: m.message, errorClass: m.errorClass, filePath: m.filePath });
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {searchLabel(m.repo)}
    </a>
  );
}

/**
 * "Not this error?": a button opening a dialog that previews the report on a
 * wrong match (record, kind, confidence, matched line, versions), editable;
 * the whole log only when the box is ticked, and then shown. Confirming is a
 * link to the pre-filled new-issue page holding exactly what the dialog
 * shows; errdex itself sends nothing. Absent when the dataset names no repository.
 */
export function NotThisError({ match: m, log, feedback }: { match: LookupMatch; log: string; feedback: LookupFeedback }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState("");
  const [withLog, setWithLog] = useState(false);
  const [open, setOpen] = useState(false);
  const id = useId();
  const repo = feedback.datasetRepo;
  // The log's section is built once per tick, not per keystroke in the report.
  const section = useMemo(() => (open && withLog ? logSection(log) : ""), [open, withLog, log]);
  if (!repo) return null;

  const show = () => {
    setText(
      wrongMatchText({
        id: m.id,
        errorClass: m.errorClass,
        kind: KIND_LABEL[m.kind],
        confidence: m.confidence,
        line: m.lines[0],
        permalink: absoluteUrl(recordPath(m), feedback.baseUrl),
        errdexVersion: feedback.errdexVersion,
        datasetVersion: feedback.datasetVersion,
      }),
    );
    setWithLog(false);
    setOpen(true);
    dialog.current?.showModal();
  };
  const draft: IssueDraft = { title: wrongMatchTitle(m), body: text + section };
  const sent = open ? fitBody(repo.repo, draft) : { body: "", cut: 0 };
  // What follows the editable text in the report: the log (as far as the link carries it) and any cut note.
  const after = sent.body.startsWith(text) ? sent.body.slice(text.length) : "";

  return (
    <>
      <button type="button" className="btn" onClick={show} aria-haspopup="dialog">
        Not this error?
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        className="mx-auto mt-[5vh] w-[min(44rem,calc(100vw-1rem))] rounded-lg border border-line bg-bg p-0 text-fg shadow-xl backdrop:bg-black/40"
      >
        {open && (
          <div className="space-y-3 p-4">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              Report a wrong match
            </h2>
            <p className="text-sm text-muted">
              This opens a new issue in <span className="font-mono">{repo.repo}</span> on GitHub, filled in with the text below. Nothing is
              sent until you submit it there. Edit it as you like.
            </p>
            <p className="text-sm">
              <span className="text-muted">Title: </span>
              <span data-testid="report-title">{draft.title}</span>
            </p>
            <label htmlFor={`${id}-text`} className="block text-sm font-semibold">
              The report
            </label>
            <textarea
              id={`${id}-text`}
              className="log-input"
              rows={12}
              value={text}
              spellCheck={false}
              onChange={(e) => setText(e.target.value)}
            />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={withLog} onChange={(e) => setWithLog(e.target.checked)} />
              Include the whole log ({log.length.toLocaleString("en-US")} characters)
            </label>
            {after.trim() && (
              <div role="region" aria-label="Added to the report" tabIndex={0} className="code-box max-h-60">
                <pre>
                  <code data-testid="report-after">{after.replace(/^\n+/, "")}</code>
                </pre>
              </div>
            )}
            {sent.cut > 0 && (
              <p role="status" className="notice text-sm">
                A GitHub link carries about 8,000 bytes: the last {sent.cut.toLocaleString("en-US")} characters of this report are cut, and
                a note at its end says so.
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <a
                className="btn"
                href={newIssueUrl(repo, draft)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => dialog.current?.close()}
              >
                Open the issue on GitHub
              </a>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
