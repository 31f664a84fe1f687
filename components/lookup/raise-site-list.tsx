"use client";

import type { RaiseSite } from "@/lib/match/find/raise-sites";
import { recordPath } from "@/lib/record/permalink";
import { lineSearchUrl, searchLabel } from "@/lib/site/upstream-search";
import { MessageText } from "@/components/record/message-text";
import { firstLine } from "@/lib/text";

/**
 * The no-match view's account of each final exception: where it was raised
 * (package-relative file, function, line, the printed source line), the
 * dataset's records of that file with the file on GitHub at their analysed
 * commit, and an issue search in the project the traceback runs through.
 */
export function RaiseSiteList({ sites }: { sites: RaiseSite[] }) {
  if (sites.length === 0) return null;
  return (
    <ul className="mt-1 space-y-3">
      {sites.map((s) => (
        <li key={s.line} className="result">
          <RaiseSiteItem site={s} />
        </li>
      ))}
    </ul>
  );
}

function RaiseSiteItem({ site: s }: { site: RaiseSite }) {
  return (
    <article aria-label={`Exception at line ${s.line}`}>
      <div className="log-line">
        <span className="log-ln">line {s.line}</span>
        <code className="log-text">{s.exception}</code>
      </div>
      <p className="mt-2 text-sm">
        <span className="text-muted">Raised in </span>
        <code>{s.file}</code>
        {s.func ? (
          <>
            <span className="text-muted">, in </span>
            <code>{s.func}</code>
          </>
        ) : null}
        <span className="text-muted">, line {s.lineNumber}</span>
      </p>
      {s.source ? (
        <div className="code-box mt-1" role="region" aria-label="Source line as printed" tabIndex={0}>
          <pre>
            <code>{s.source}</code>
          </pre>
        </div>
      ) : null}
      {s.known.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold">
            Known errors of this file
            {s.knownTotal > s.known.length ? (
              <span className="font-normal text-muted">
                {" "}
                ({s.known.length} of {s.knownTotal})
              </span>
            ) : null}
          </h4>
          <ul className="mt-1 ml-5 list-disc space-y-1 text-sm">
            {s.known.map((k) => (
              <li key={k.id}>
                <a href={recordPath(k)}>
                  <span className="font-mono font-semibold">{k.errorClass}</span>: <MessageText message={firstLine(k.message)} />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {s.githubUrl ? (
          <a href={s.githubUrl} target="_blank" rel="noopener noreferrer">
            {`${s.file} on GitHub`}
          </a>
        ) : null}
        {s.repo ? (
          <a href={lineSearchUrl(s.repo, s.exception, s.file)} target="_blank" rel="noopener noreferrer">
            {searchLabel(s.repo)}
          </a>
        ) : null}
      </p>
    </article>
  );
}
