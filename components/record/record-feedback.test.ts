import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { exampleRecord } from "@/lib/testing/test-fixtures";
import { recordSearchUrl } from "@/lib/site/upstream-search";
import { NoFixRecorded, RecordLinks } from "./record-feedback";
import { NotThisError } from "@/components/lookup/result-feedback";
import type { LookupMatch } from "@/lib/match/lookup";

const r = { ...exampleRecord(), solutions: [] };
const html = (el: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(el);
const withRepo = { datasetRepo: { repo: "errdex/datasets" }, baseUrl: "https://errdex.example.org" };
const withoutRepo = { datasetRepo: null, baseUrl: "https://errdex.example.org" };
/** `&` as React writes it in an attribute. */
const attr = (url: string) => url.replace(/&/g, "&amp;");

describe("without a dataset repository", () => {
  it("a record's links are the upstream search alone", () => {
    const out = html(createElement(RecordLinks, { record: r, feedback: withoutRepo }));
    expect(out).toContain(`href="${attr(recordSearchUrl(r))}"`);
    expect(out).not.toContain("Improve this record");
  });

  it('"No fix recorded yet" offers the upstream search instead of the pre-filled issue', () => {
    const out = html(createElement(NoFixRecorded, { record: r, feedback: withoutRepo }));
    expect(out).toContain("No fix recorded yet.");
    expect(out).toContain(`href="${attr(recordSearchUrl(r))}"`);
    expect(out).toContain("Search sgl-project/sglang issues for this error");
    expect(out).not.toContain("issues/new");
  });

  it('a lookup result has no "Not this error?"', () => {
    const match: LookupMatch = {
      ...{ id: r.id, repo: r.repo, slug: r.slug, errorClass: r.errorClass, message: r.errorMessage, filePath: r.filePath },
      ...{ pattern: r.messagePattern, generic: false, kind: "full", confidence: "high", score: 1, reasons: [], occurrences: 1, lines: [] },
    };
    const feedback = { datasetRepo: null, errdexVersion: "0.1.0", datasetVersion: "v", baseUrl: "" };
    expect(html(createElement(NotThisError, { match, log: "", feedback }))).toBe("");
    expect(html(createElement(NotThisError, { match, log: "", feedback: { ...feedback, datasetRepo: { repo: "a/b" } } }))).toContain(
      "Not this error?",
    );
  });
});

describe("with a dataset repository", () => {
  it('"No fix recorded yet" offers the pre-filled issue in it, and the search', () => {
    const out = html(createElement(NoFixRecorded, { record: r, feedback: withRepo }));
    expect(out).toContain('href="https://github.com/errdex/datasets/issues/new?title=Improve%20213d04cf659a6918');
    expect(out).toContain(`href="${attr(recordSearchUrl(r))}"`);
  });
});
