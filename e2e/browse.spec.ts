import { test, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { example, examplePath } from "./example";

const tagsByName = [...new Set(example.tags)].sort();

async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The tag names in the tags table, top to bottom. */
const tagColumn = (page: Page) => page.getByRole("table").getByRole("row").locator("td:first-child").allTextContents();

test("the tags table sorts by name and count and filters as you type", async ({ page }) => {
  await page.goto("/tags");
  const table = page.getByRole("table", { name: "Tags and their record counts" });
  await expect(table.getByRole("columnheader", { name: "Records" })).toHaveAttribute("aria-sort", "descending");
  await page.getByLabel("Sort by").selectOption("name");
  await expect(table.getByRole("columnheader", { name: "Tag" })).toHaveAttribute("aria-sort", "ascending");
  expect(await tagColumn(page)).toEqual(tagsByName);

  const target = tagsByName.at(-1)!;
  await page.getByRole("searchbox", { name: "Filter tags" }).fill(target.slice(0, 6));
  await expect(page.getByRole("status").filter({ hasText: "tags match" })).toHaveText(
    new RegExp(`^\\d+ of ${tagsByName.length} tags match\\.$`),
  );
  expect(await tagColumn(page)).toContain(target);
  for (const t of await tagColumn(page)) expect(t).toContain(target.slice(0, 6));

  await page.getByRole("searchbox", { name: "Filter tags" }).fill("no-such-tag-anywhere");
  await expect(page.getByRole("status").filter({ hasText: "tags match" })).toHaveText(`0 of ${tagsByName.length} tags match.`);
  await noAxeViolations(page);
});

test("the tags table is all there without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/tags");
  for (const tag of tagsByName) await expect(page.getByRole("row", { name: `${tag} 1` })).toBeVisible();
  await context.close();
});

test("a tag page lists its record with repository and severity, and the filter narrows the list", async ({ page }) => {
  const tag = example.tags[0]!;
  await page.goto(`/tags/${tag}`);
  const list = page.getByRole("list", { name: `Records tagged ${tag}` });
  const row = list.getByRole("listitem");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(example.repo);
  await expect(row).toContainText(example.severity);
  await expect(row.getByRole("link")).toHaveAttribute("href", examplePath);
  // One page only: no page links.
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  const filter = page.getByRole("search", { name: "Filter records" });
  await filter.getByLabel("Exception class").selectOption(example.errorClass);
  await filter.getByLabel("Severity").selectOption(example.severity);
  await filter.getByLabel("Error type").selectOption(example.errorType);
  await expect(page.getByRole("status").filter({ hasText: "records shown" })).toHaveText("1 of 1 records shown.");
  await expect(row).toBeVisible();
  await noAxeViolations(page);

  // A value no record has (as a crafted option would be) hides the row and says so.
  await filter.getByLabel("Severity").evaluate((el: HTMLSelectElement) => {
    el.add(new Option("none-such", "none-such"));
  });
  await filter.getByLabel("Severity").selectOption("none-such");
  await expect(page.getByRole("status").filter({ hasText: "records shown" })).toHaveText("0 of 1 records shown.");
  await expect(row).toBeHidden();
  await filter.getByRole("button", { name: "Clear filters" }).click();
  await expect(row).toBeVisible();
});

test("the repository page filters its records across areas", async ({ page }) => {
  await page.goto("/errors/sgl-project/sglang");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  const filter = page.getByRole("search", { name: "Filter records" });
  await filter.getByLabel("Exception class").selectOption(example.errorClass);
  await expect(page.getByRole("status").filter({ hasText: "records shown" })).toHaveText("1 of 1 records shown.");
  await expect(page.getByRole("heading", { level: 2, name: /tp-degree-mismatch/ })).toBeVisible();
  await noAxeViolations(page);
});

test("a record page with no other record in its tags or file shows no prev/next and no related records", async ({ page }) => {
  await page.goto(examplePath);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Related records" })).toHaveCount(0);
  await expect(page.locator("a[rel=prev], a[rel=next]")).toHaveCount(0);
});
