import type { ErrorRecord } from "@/lib/record/schema";
import { recordPath, repoPath, tagPath } from "@/lib/record/permalink";
import { Breadcrumbs } from "@/components/breadcrumbs";
import { CopyButton } from "@/components/ui/copy-button";
import { Island } from "@/components/islands/island";
import { InlineText } from "@/components/ui/inline-text";
import { hasText, textItems, truncate } from "@/components/ui/format";
import { firstSolution } from "@/lib/site/record-share";
import { CopyForChat } from "./copy-for-chat";
import { MessageText } from "./message-text";
import { RecordDetails } from "./record-details";
import { RecordFacts } from "./record-facts";
import { RecordNeighbours } from "./record-neighbours";
import type { Neighbours } from "@/lib/site/site-index";
import { Section } from "./section";
import { NoFixRecorded, RecordLinks, type RecordFeedback } from "./record-feedback";
import type { CodeRenderers } from "./snippet-figure";

/** Longer messages are cut in the heading and shown whole in their own section. */
const HEADING_MESSAGE_MAX = 300;

interface RecordViewProps {
  record: ErrorRecord;
  datasetVersion: string | undefined;
  /** The absolute base URL when configured; otherwise the copy button uses the page's origin. */
  siteUrl: string | null;
  /** Prev/next in the record's tag and related records (lib/site-index neighboursOf). */
  neighbours?: Neighbours;
  /** How code is drawn: highlighted at build time (source-snippet's highlightedCode) or plain in the browser (plain-code). */
  code: CodeRenderers;
  /** Where to find or add a fix: the dataset's repository, if set, and the absolute base URL. */
  feedback: RecordFeedback;
}

/** The anchor of a backgroundTag group on its repository page. */
export function areaId(backgroundTag: string): string {
  return `area-${backgroundTag}`;
}

/** Everything errdex knows about one error. Fields that are null, empty or blank are left out entirely. */
export function RecordView({ record: r, datasetVersion, siteUrl, neighbours, code: draw, feedback }: RecordViewProps) {
  const path = recordPath(r);
  const longMessage = r.errorMessage.length > HEADING_MESSAGE_MAX;
  const solutions = textItems(r.solutions);
  const tips = textItems(r.preventionTips);
  const tags = textItems(r.tags);
  const code = [
    { id: "example-fix", title: "Example fix", code: r.exampleFix },
    { id: "validation-code", title: "Validation code", code: r.validationCode },
    { id: "type-guard", title: "Type guard", code: r.typeGuard },
    { id: "try-catch", title: "Try/catch pattern", code: r.tryCatchPattern },
  ].filter((c): c is typeof c & { code: string } => hasText(c.code));

  return (
    <article>
      <Breadcrumbs
        items={[
          { label: "Home", href: "/" },
          { label: r.repo, href: repoPath(r.repo) },
          ...(hasText(r.backgroundTag) ? [{ label: r.backgroundTag, href: `${repoPath(r.repo)}#${areaId(r.backgroundTag)}` }] : []),
          { label: r.slug },
        ]}
      />
      <header className="space-y-3">
        <h1 className="text-xl leading-snug font-semibold whitespace-pre-wrap sm:text-2xl">
          <span className="font-mono">{r.errorClass}</span>:{" "}
          <MessageText message={longMessage ? truncate(r.errorMessage, HEADING_MESSAGE_MAX) : r.errorMessage} />
        </h1>
        <RecordFacts record={r} />
        <RecordLinks record={r} feedback={feedback} datasetVersion={datasetVersion} />
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <Island
            name="copy-button"
            of={CopyButton}
            props={{ text: siteUrl ? siteUrl + path : path, label: "Copy permalink", copiedMessage: "Copied permalink" }}
          />
          <Island
            name="copy-for-chat"
            of={CopyForChat}
            props={{ errorClass: r.errorClass, errorMessage: r.errorMessage, solution: firstSolution(r.solutions), path, siteUrl }}
          />
        </div>
      </header>

      {longMessage ? (
        <Section id="message" title="Full message">
          <div className="code-box p-3 whitespace-pre-wrap [overflow-wrap:anywhere]" role="region" aria-label="Message text" tabIndex={0}>
            <MessageText message={r.errorMessage} />
          </div>
        </Section>
      ) : null}
      {hasText(r.documentation) ? (
        <Section id="meaning" title="What it means">
          <p className="prose-text whitespace-pre-line">
            <InlineText text={r.documentation} />
          </p>
        </Section>
      ) : null}
      {hasText(r.triggerScenarios) ? (
        <Section id="triggers" title="What triggers it">
          <p className="prose-text whitespace-pre-line">
            <InlineText text={r.triggerScenarios} />
          </p>
        </Section>
      ) : null}
      {hasText(r.commonSituations) ? (
        <Section id="situations" title="Common situations">
          <p className="prose-text whitespace-pre-line">
            <InlineText text={r.commonSituations} />
          </p>
        </Section>
      ) : null}
      {solutions.length ? (
        <Section id="solutions" title="Solutions">
          <ol className="prose-text list-decimal space-y-1 pl-6">
            {solutions.map((s, i) => (
              <li key={i}>
                <InlineText text={s} />
              </li>
            ))}
          </ol>
        </Section>
      ) : (
        <Section id="solutions" title="Solutions">
          <NoFixRecorded record={r} feedback={feedback} datasetVersion={datasetVersion} />
        </Section>
      )}
      {code.map((c) => (
        <Section key={c.id} id={c.id} title={c.title}>
          {draw.block(c.code, `${c.title} (Python)`)}
        </Section>
      ))}
      {tips.length ? (
        <Section id="prevention" title="Prevention">
          <ul className="prose-text list-disc space-y-1 pl-6">
            {tips.map((t, i) => (
              <li key={i}>
                <InlineText text={t} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {hasText(r.sourceCode) ? (
        <Section id="source" title="Source">
          {draw.snippet(r)}
        </Section>
      ) : null}
      {hasText(r.messagePattern) ? (
        <Section id="pattern" title="Message pattern">
          <p className="mb-2 text-sm text-muted">The regular expression (Python re) that finds this message in a log.</p>
          <div className="code-box" role="region" aria-label="Regular expression" tabIndex={0}>
            <pre>
              <code>{r.messagePattern}</code>
            </pre>
          </div>
          <div className="mt-2">
            <Island
              name="copy-button"
              of={CopyButton}
              props={{ text: r.messagePattern, label: "Copy pattern", copiedMessage: "Copied pattern" }}
            />
          </div>
        </Section>
      ) : null}
      {tags.length || hasText(r.backgroundTag) ? (
        <Section id="tags" title={tags.length ? "Tags" : "Area"}>
          {tags.length ? (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {tags.map((t) => (
                <li key={t}>
                  <a className="chip" href={tagPath(t)}>
                    {t}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {hasText(r.backgroundTag) ? (
            <p className="mt-2 text-sm">
              <span className="text-muted">Area of the codebase: </span>
              <a href={`${repoPath(r.repo)}#${areaId(r.backgroundTag)}`}>{r.backgroundTag}</a>
            </p>
          ) : null}
        </Section>
      ) : null}
      <Section id="details" title="Record details">
        <RecordDetails record={r} datasetVersion={datasetVersion} />
      </Section>
      <RecordNeighbours neighbours={neighbours} />
    </article>
  );
}
