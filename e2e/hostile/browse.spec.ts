import { recordPath, repoPath, tagPath } from "../../lib/record/permalink";
import { firstLine, TAG_PAGE_SIZE } from "../../lib/site/site-index";
import { ALL_RECORDS, HOSTILE_RECORDS, PAGED_TAG } from "./dataset";
import { expect, expectInert, expectShown, shownText, test } from "./inert";

const repos = [...new Set(HOSTILE_RECORDS.map((r) => r.repo))];
const tags = [...new Set(ALL_RECORDS.flatMap((r) => r.tags))];
/** A tag holding "/" has a page its link cannot reach (see the test at the end). */

/** A list row as the site writes it: class, then the first line of the message as stored, placeholders included. */
const rowText = (r: (typeof ALL_RECORDS)[number]) => `${r.errorClass}: ${firstLine(r.errorMessage)}`;

test.afterEach(async ({ page }) => {
  await expectInert(page);
});

test("the home page lists each repository by name", async ({ page }) => {
  await page.goto("/");
  const list = page.getByRole("region", { name: "Repositories" });
  for (const repo of repos) await expect(list.getByRole("link", { name: repo, exact: true })).toHaveAttribute("href", repoPath(repo));
});

for (const repo of repos) {
  const records = HOSTILE_RECORDS.filter((r) => r.repo === repo);
  test(`the repository page of ${repo} shows each record row, area and filter value as text`, async ({ page }) => {
    await page.goto(repoPath(repo));
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(repo);
    const list = page.locator("#repo-records");
    for (const r of records) {
      const link = list.locator(`a[href="${recordPath(r)}"]`);
      expect(await shownText(link)).toBe(rowText(r));
      await expectShown(link.locator("xpath=.."), r.severity);
      await expectShown(page.getByRole("heading", { level: 2, name: r.backgroundTag }), r.backgroundTag);
    }
    // The filter's options are the records' values, as text; picking the hostile class narrows the list to its records.
    const filter = page.getByRole("search", { name: "Filter records" });
    const options = (label: string) =>
      filter
        .getByLabel(label)
        .locator("option")
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).text));
    for (const r of records) {
      expect(await options("Exception class")).toContain(r.errorClass);
      expect(await options("Severity")).toContain(r.severity);
      expect(await options("Error type")).toContain(r.errorType);
    }
    const target = records[0]!;
    await filter.getByLabel("Exception class").selectOption(target.errorClass);
    const shown = records.filter((r) => r.errorClass === target.errorClass).length;
    await expect(page.getByRole("status").filter({ hasText: "records shown" })).toHaveText(`${shown} of ${records.length} records shown.`);
    await expect(list.locator(`a[href="${recordPath(target)}"]`)).toBeVisible();
  });
}

test("the page of the tag every record shares lists them all as text", async ({ page }) => {
  await page.goto(tagPath("hostile"));
  const list = page.getByRole("list", { name: "Records tagged hostile" });
  await expect(list.getByRole("listitem")).toHaveCount(HOSTILE_RECORDS.length);
  for (const r of HOSTILE_RECORDS) expect(await shownText(list.locator(`a[href="${recordPath(r)}"]`))).toBe(rowText(r));
});

for (const tag of tags) {
  test(`the tag page of ${JSON.stringify(tag)} names the tag as text and lists its records`, async ({ page }) => {
    const res = await page.goto(tagPath(tag));
    expect(res?.status()).toBe(200);
    expect(await shownText(page.getByRole("heading", { level: 1 }))).toBe(`Tag ${tag}`);
    const records = ALL_RECORDS.filter((r) => r.tags.includes(tag)).slice(0, TAG_PAGE_SIZE);
    const list = page.getByRole("list", { name: `Records tagged ${tag}`, exact: true });
    await expect(list.getByRole("listitem")).toHaveCount(records.length);
    for (const r of records.filter((x) => HOSTILE_RECORDS.includes(x)))
      expect(await shownText(list.locator(`a[href="${recordPath(r)}"]`))).toBe(rowText(r));
  });
}

test("a tag past one page filters over every page, drawing the matches from its rows JSON as text", async ({ page }) => {
  const records = ALL_RECORDS.filter((r) => r.tags.includes(PAGED_TAG));
  expect(records.length).toBeGreaterThan(TAG_PAGE_SIZE);
  await page.goto(tagPath(PAGED_TAG));
  await page.waitForLoadState("networkidle");
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();

  // The hostile class lives on the first page and on no filler: the matches come from the rows JSON.
  const target = HOSTILE_RECORDS.find((r) => r.tags.includes(PAGED_TAG))!;
  const matching = records.filter((r) => r.errorClass === target.errorClass);
  await page.getByRole("search", { name: "Filter records" }).getByLabel("Exception class").selectOption(target.errorClass);
  await expect(page.getByRole("status").filter({ hasText: "records match" })).toHaveText(
    `${matching.length} of ${records.length} records match.`,
  );
  const found = page.getByRole("list", { name: "Matching records" });
  await expect(found.getByRole("listitem")).toHaveCount(matching.length);
  for (const r of matching) expect(await shownText(found.locator(`a[href="${recordPath(r)}"]`))).toBe(rowText(r));
  await expectInert(page);

  // The last page lists the rest, as text.
  await page.getByRole("button", { name: "Clear filters" }).click();
  const last = Math.ceil(records.length / TAG_PAGE_SIZE);
  await page
    .getByRole("navigation", { name: "Pages" })
    .getByRole("link", { name: `Page ${last}` })
    .click();
  const rest = records.slice((last - 1) * TAG_PAGE_SIZE);
  const list = page.getByRole("list", { name: `Records tagged ${PAGED_TAG}`, exact: true });
  await expect(list.getByRole("listitem")).toHaveCount(rest.length);
  for (const r of rest) expect(await shownText(list.locator(`a[href="${recordPath(r)}"]`))).toBe(rowText(r));
});

test("the tags table lists every tag as text, and each link opens its page", async ({ page }) => {
  await page.goto("/tags");
  await page.waitForLoadState("networkidle");
  const table = page.getByRole("table", { name: "Tags and their record counts" });
  const names = await table.locator("tbody td:first-child").evaluateAll((cells) => cells.map((c) => (c as HTMLElement).innerText));
  expect(names.sort()).toEqual([...tags].sort());
  for (const tag of tags) await expect(table.getByRole("link", { name: tag, exact: true })).toHaveAttribute("href", tagPath(tag));

  // Filtering by a hostile tag's text finds it.
  const img = tags.find((t) => t.startsWith("<img"))!;
  await page.getByRole("searchbox", { name: "Filter tags" }).fill(img);
  await expect(table.getByRole("link", { name: img, exact: true })).toBeVisible();
  await page.getByRole("searchbox", { name: "Filter tags" }).fill("");

  for (const tag of tags) {
    await page.goto("/tags");
    await table.getByRole("link", { name: tag, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await shownText(page.getByRole("heading", { level: 1 }))).toBe(`Tag ${tag}`);
    await expectInert(page);
  }
});
