/**
 * From a match to a fix, on the default site (built with ERRDEX_DATASET_REPO,
 * e2e/dataset-repo.ts): the upstream issue search on the record page and on
 * each lookup result, "Improve this record", "Not this error?" and its
 * preview, and the no-match view's raise sites. Every GitHub link is read,
 * never followed: nothing leaves the page.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { EXAMPLE_TRACEBACK, example, examplePath, NO_MATCH_IN_EXAMPLE_FILE } from "./example";
import { BUILD_SITE_URL, E2E_DATASET_REPO, e2eDatasetRepo, issueParts } from "./dataset-repo";
import { recordSearchUrl, lineSearchUrl } from "../lib/site/upstream-search";
import { improveDraft, logSection, MAX_ISSUE_URL, newIssueUrl } from "../lib/site/feedback";
import { githubUrlFor } from "../lib/record/permalink";

const { version: errdexVersion } = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
const DATASET_VERSION = (
  JSON.parse(fs.readFileSync(new URL("../data/example.json", import.meta.url), "utf8")) as { datasetVersion: string }
).datasetVersion;
const SECRET = "tenant-4242-secret";
const TRACEBACK = [`INFO job ${SECRET} starting`, EXAMPLE_TRACEBACK].join("\n");
/** Raised in the example record's file, with a message no record has. */
const NO_MATCH = NO_MATCH_IN_EXAMPLE_FILE;

/** Every request the page makes, so a test can show none left for GitHub or carried the log. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => seen.push(`${req.method()} ${req.url()} ${req.postData() ?? ""}`));
  return seen;
}

async function lookUp(page: Page, log: string) {
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
  await page.getByLabel("Log to look up").fill(log);
}

test("the e2e build names the dataset repository npm test builds with", () => {
  const pkg = JSON.parse(fs.readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { test: string } };
  expect(pkg.scripts.test).toContain(`ERRDEX_DATASET_REPO=${E2E_DATASET_REPO} npm run build`);
});

test.describe("a record page", () => {
  test("links to an issue search in the record's repository for its message's literal text", async ({ page }) => {
    await page.goto(examplePath);
    const link = page.getByRole("link", { name: "Search sgl-project/sglang issues for this error" });
    await expect(link).toHaveAttribute("href", recordSearchUrl(example));
    await expect(link).toHaveAttribute(
      "href",
      /%22PD%20Disaggregation%20does%20NOT%20support%20PD%20different%20TP%20sizes%20for%20non-MLA%22$/,
    );
  });

  test("offers Improve this record: a pre-filled issue in the dataset's repository, with the id, permalink, fields and sections", async ({
    page,
  }) => {
    await page.goto(examplePath);
    const link = page.getByRole("link", { name: "Improve this record" });
    await expect(link, `build with ERRDEX_DATASET_REPO=${E2E_DATASET_REPO} (npm test does)`).toHaveCount(1);
    const href = (await link.getAttribute("href"))!;
    const draft = improveDraft(e2eDatasetRepo, example, BUILD_SITE_URL + examplePath, DATASET_VERSION);
    expect(href).toBe(newIssueUrl(e2eDatasetRepo, draft));
    const { at, title, body } = issueParts(href);
    expect(at).toBe(`https://github.com/${E2E_DATASET_REPO}/issues/new`);
    expect(title).toBe(`Improve ${example.id}: RuntimeError: ${example.errorMessage}`);
    for (const s of [
      `- id: \`${example.id}\``,
      `- permalink: ${BUILD_SITE_URL}${examplePath}`,
      "### A solution",
      "### A prevention tip",
      "### What was wrong",
    ])
      expect(body).toContain(s);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("with solutions, says nothing of a missing fix", async ({ page }) => {
    await page.goto(examplePath);
    await expect(page.getByRole("region", { name: "Solutions" }).getByRole("listitem")).toHaveCount(example.solutions.length);
    await expect(page.getByText("No fix recorded yet")).toHaveCount(0);
  });
});

test.describe("a lookup result", () => {
  test("links to the same issue search as the record page", async ({ page }) => {
    await lookUp(page, TRACEBACK);
    const result = page.locator(".results > li").first();
    await expect(result.getByRole("link", { name: "Search sgl-project/sglang issues for this error" })).toHaveAttribute(
      "href",
      recordSearchUrl(example),
    );
  });

  test("Not this error? previews the report, the whole log left out until the box is ticked, and opens exactly what it shows", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await lookUp(page, TRACEBACK);
    await page.getByRole("button", { name: "Not this error?" }).click();
    const dialog = page.getByRole("dialog", { name: "Report a wrong match" });
    await expect(dialog).toBeVisible();
    const report = dialog.getByRole("textbox", { name: "The report" });
    const text = await report.inputValue();
    for (const s of [
      `\`${example.id}\` (RuntimeError) ${BUILD_SITE_URL}${examplePath}`,
      "- match: full match, high confidence",
      `- errdex version: ${errdexVersion}`,
      `- dataset version: ${DATASET_VERSION}`,
      "Matched line 5:",
      "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
    ])
      expect(text).toContain(s);
    // The whole log is out by default: not in the text, not in the link.
    const withLog = dialog.getByRole("checkbox", { name: /Include the whole log/ });
    await expect(withLog).not.toBeChecked();
    expect(text).not.toContain(SECRET);
    await expect(dialog.getByRole("region", { name: "Added to the report" })).toHaveCount(0);
    const open = dialog.getByRole("link", { name: "Open the issue on GitHub" });
    const sent = () => open.getAttribute("href").then((h) => issueParts(h!));
    expect(await sent()).toEqual({
      at: `https://github.com/${E2E_DATASET_REPO}/issues/new`,
      title: `Wrong match: ${example.id} (RuntimeError)`,
      body: text,
    });

    // Edited, the link carries the edit.
    await report.fill("Not this one: it was a network timeout.");
    expect((await sent()).body).toBe("Not this one: it was a network timeout.");

    // Ticked, the log shows in the preview and goes into the link, as shown.
    await withLog.check();
    const added = dialog.getByRole("region", { name: "Added to the report" });
    await expect(added).toContainText(SECRET);
    expect((await sent()).body).toBe("Not this one: it was a network timeout." + logSection(TRACEBACK));
    expect((await added.innerText()).trim()).toBe(logSection(TRACEBACK).trim());

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.waitForLoadState("networkidle");
    expect(requests.filter((r) => !r.includes("//localhost:"))).toEqual([]);
    for (const r of requests) expect(r).not.toContain(SECRET);
  });
});

test("with nothing matched, each final exception shows where it was raised, the file's known errors and searches", async ({ page }) => {
  await lookUp(page, NO_MATCH);
  await expect(page.getByRole("heading", { name: "No known error matched this log" })).toBeVisible();
  const site = page.getByRole("article", { name: "Exception at line 6" });
  await expect(site).toContainText("Raised in sglang/srt/disaggregation/mooncake/conn.py, in transfer_worker, line 402");
  await expect(site.getByRole("region", { name: "Source line as printed" })).toHaveText("session = self.sessions[session_id]");
  await expect(site.getByRole("heading", { name: "Known errors of this file" })).toBeVisible();
  await expect(site.getByRole("link", { name: /^RuntimeError: PD Disaggregation/ })).toHaveAttribute("href", examplePath);
  const file = `https://github.com/${example.repo}/blob/${example.analyzedSha}/${example.filePath}`;
  expect(githubUrlFor(example).startsWith(file + "#")).toBe(true);
  await expect(site.getByRole("link", { name: "sglang/srt/disaggregation/mooncake/conn.py on GitHub" })).toHaveAttribute("href", file);
  await expect(site.getByRole("link", { name: "Search sgl-project/sglang issues for this error" })).toHaveAttribute(
    "href",
    lineSearchUrl(example.repo, "KeyError: 'session-7f3a'", "sglang/srt/disaggregation/mooncake/conn.py"),
  );
});

/** axe's findings on the page as it is now, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
}

test("axe finds no accessibility violations in the open preview, the log ticked, nor in the no-match view", async ({ page }) => {
  await lookUp(page, TRACEBACK);
  await page.getByRole("button", { name: "Not this error?" }).click();
  await page.getByRole("checkbox", { name: /Include the whole log/ }).check();
  await expect(page.getByRole("region", { name: "Added to the report" })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByRole("button", { name: "Not this error?" })).toBeFocused();
  await lookUp(page, NO_MATCH);
  await expect(page.getByRole("heading", { name: "Known errors of this file" })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});

test("a report longer than a GitHub link carries is cut with a note, and the dialog says so first", async ({ page }) => {
  const log = [...Array.from({ length: 400 }, (_, i) => `INFO step ${i} of the warm-up went fine, nothing to see here`), TRACEBACK].join(
    "\n",
  );
  await lookUp(page, log);
  await page.getByRole("button", { name: "Not this error?" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a wrong match" });
  const open = dialog.getByRole("link", { name: "Open the issue on GitHub" });
  await expect(dialog.getByText(/characters of this report are cut/)).toHaveCount(0);
  await dialog.getByRole("checkbox", { name: /Include the whole log/ }).check();
  await expect(dialog.getByRole("status")).toContainText(
    /the last [\d,]+ characters of this report are cut, and a note at its end says so/,
  );
  const href = (await open.getAttribute("href"))!;
  expect(href.length).toBeLessThanOrEqual(MAX_ISSUE_URL);
  const body = issueParts(href).body!;
  expect(body).toMatch(
    /\n\n\[errdex cut the last [\d,]+ characters of this report: a GitHub link carries about 8,000 bytes\. Paste the rest here if it matters\.\]$/,
  );
  // What the preview shows after the text is exactly what follows it in the link.
  const text = await dialog.getByRole("textbox", { name: "The report" }).inputValue();
  expect(body.slice(text.length).trim()).toBe((await dialog.getByRole("region", { name: "Added to the report" }).innerText()).trim());
});
