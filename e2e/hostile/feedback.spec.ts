/**
 * The feedback links on the hostile site (built with HOSTILE_DATASET_REPO,
 * e2e/dataset-repo.ts): every hostile field lands in the pre-filled issue
 * URL and the "Not this error?" preview as the text it is, URL-encoded,
 * and nothing on the page runs or is injected.
 */
import type { Page } from "@playwright/test";
import { recordPath } from "../../lib/record/permalink";
import { improveDraft, newIssueUrl } from "../../lib/site/feedback";
import { recordSearchUrl, searchLabel } from "../../lib/site/upstream-search";
import { BUILD_SITE_URL, hostileDatasetRepo, issueParts } from "../dataset-repo";
import { ALL_RECORDS, DATASET_VERSION, HOSTILE_RECORDS, inTail, rendered } from "./dataset";
import { expect, expectInert, test } from "./inert";

test.afterEach(async ({ page }) => {
  await expectInert(page);
});

/** A record with no solutions: a filler, in the long tail (drawn in the browser). */
const NO_FIX = ALL_RECORDS.find((r) => r.solutions.length === 0)!;

for (const r of [...HOSTILE_RECORDS, NO_FIX]) {
  test(`the record page of ${r.repo}/${r.slug} (${inTail(r) ? "long tail" : "prerendered"}) carries its fields inert in the search and issue links`, async ({
    page,
  }) => {
    await page.goto(recordPath(r));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const search = page.getByTestId("record-links").getByRole("link", { name: searchLabel(r.repo), exact: true });
    await expect(search).toHaveAttribute("href", recordSearchUrl(r));
    const improve = page.getByTestId("record-links").getByRole("link", { name: "Improve this record" });
    const href = (await improve.getAttribute("href"))!;
    const draft = improveDraft(hostileDatasetRepo, r, BUILD_SITE_URL + recordPath(r), DATASET_VERSION);
    expect(href).toBe(newIssueUrl(hostileDatasetRepo, draft));
    const { at, body } = issueParts(href);
    expect(at).toBe("https://github.com/errdex-e2e/hostile-data/issues/new");
    // The hostile text is in the issue as typed (the record's class in a code block nothing closes), never in the URL raw.
    expect(body).toContain(`errorClass: ${r.errorClass}`);
    expect(body).toContain(`- dataset file: records/${r.repo}/${r.slug}.jsonl`);
    expect(href.slice(href.indexOf("?"))).not.toMatch(/[<>"'` ]/);
  });
}

test(`a record with no solutions says "No fix recorded yet" and offers the pre-filled issue, nothing posing as a fix`, async ({ page }) => {
  await page.goto(recordPath(NO_FIX));
  const solutions = page.getByRole("region", { name: "Solutions" });
  const note = solutions.getByRole("note", { name: "No fix recorded" });
  await expect(note).toContainText("No fix recorded yet.");
  await expect(note.getByRole("link", { name: "Improve this record" })).toHaveAttribute(
    "href",
    newIssueUrl(hostileDatasetRepo, improveDraft(hostileDatasetRepo, NO_FIX, BUILD_SITE_URL + recordPath(NO_FIX), DATASET_VERSION)),
  );
  await expect(solutions.getByRole("listitem")).toHaveCount(0);
  await expect(page.getByText(/^Fix:/)).toHaveCount(0);
});

async function lookUp(page: Page, log: string) {
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
  await page.getByLabel("Log to look up").fill(log);
}

for (const r of HOSTILE_RECORDS.slice(0, 5)) {
  test(`"Not this error?" on ${r.repo}/${r.slug} previews the hostile text as text and the link holds exactly it`, async ({ page }) => {
    const line = `${r.errorClass}: ${rendered(r.errorMessage, "VALUE")}`;
    await lookUp(page, ["INFO starting job 1234", "Traceback (most recent call last):", line].join("\n"));
    const first = page.locator(".results > li").first();
    await expect(first.getByRole("link", { name: searchLabel(r.repo), exact: true })).toHaveAttribute("href", recordSearchUrl(r));
    await first.getByRole("button", { name: "Not this error?" }).click();
    const dialog = page.getByRole("dialog", { name: "Report a wrong match" });
    const text = await dialog.getByRole("textbox", { name: "The report" }).inputValue();
    expect(text).toContain(`(${r.errorClass})`);
    expect(text).toContain(line);
    await dialog.getByRole("checkbox", { name: /Include the whole log/ }).check();
    await expect(dialog.getByRole("region", { name: "Added to the report" })).toContainText(line);
    const href = (await dialog.getByRole("link", { name: "Open the issue on GitHub" }).getAttribute("href"))!;
    expect(issueParts(href).body!.startsWith(text)).toBe(true);
    expect(href.slice(href.indexOf("?"))).not.toMatch(/[<>"'` ]/);
    await expectInert(page);
  });
}
