import type { Page } from "@playwright/test";
import { recordPath } from "../../lib/record/permalink";
import { titleOf } from "../../lib/search/search";
import { HOSTILE_RECORDS } from "./dataset";
import { expect, expectInert, shownText, test } from "./inert";

/** Each record's message starts with a word no other record has. */
const wordOf = (r: (typeof HOSTILE_RECORDS)[number]) => r.errorMessage.split(" ")[0]!;

async function openSearch(page: Page) {
  await page.goto("/tags");
  await page.waitForLoadState("networkidle");
  // The shortcuts listen once the search island has hydrated: a slow machine may not be there at network idle.
  await page.locator("button[aria-haspopup=dialog][data-ready]").waitFor();
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search errors" });
  await expect(dialog.getByRole("combobox", { name: "Search errors" })).toBeFocused();
  return dialog;
}

test.afterEach(async ({ page }) => {
  await expectInert(page);
});

for (const r of HOSTILE_RECORDS) {
  test(`searching ${JSON.stringify(wordOf(r))} shows ${r.repo}/${r.slug} as text and Enter opens it`, async ({ page }) => {
    const dialog = await openSearch(page);
    await page.keyboard.type(wordOf(r));
    await expect(dialog.getByRole("status")).toHaveText("1 result");
    const option = dialog.getByRole("listbox", { name: "Search results" }).getByRole("option");
    await expect(option).toHaveCount(1);
    const text = await shownText(option);
    expect(text).toContain(`${r.errorClass}: ${titleOf(r.errorMessage)}`);
    expect(text).toContain(r.repo);
    expect(text).toContain(r.tags.join(", "));
    await expectInert(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${recordPath(r).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test("searching a payload's words lists the records holding it as text", async ({ page }) => {
  const dialog = await openSearch(page);
  await page.keyboard.type("onerror");
  const options = dialog.getByRole("listbox", { name: "Search results" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  const shown = await options.evaluateAll((os) => os.map((o) => (o as HTMLElement).innerText).join("\n"));
  const holding = HOSTILE_RECORDS.find((r) => r.errorMessage.includes("onerror=window.__pwned='img'"))!;
  expect(shown).toContain(`${holding.errorClass}: ${titleOf(holding.errorMessage)}`);
});

test("the search filters offer every class, repository and tag as text", async ({ page }) => {
  const dialog = await openSearch(page);
  await page.keyboard.type("hostile");
  await expect(dialog.getByRole("status")).toHaveText(`${HOSTILE_RECORDS.length} results`);
  const values = (name: string) =>
    dialog
      .getByRole("combobox", { name, exact: true })
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).text));
  for (const r of HOSTILE_RECORDS) {
    expect(await values("Class")).toContain(r.errorClass);
    expect(await values("Repository")).toContain(r.repo);
    for (const tag of r.tags) expect(await values("Tag")).toContain(tag);
  }
});

test("a word two hundred records share lists twelve, then more on the button, on scroll and past the last with the arrow key", async ({
  page,
}) => {
  const dialog = await openSearch(page);
  const box = dialog.getByRole("combobox", { name: "Search errors" });
  await page.keyboard.type("dugong ");
  await expect(dialog.getByRole("status")).toHaveText("100+ results");
  const options = dialog.getByRole("listbox", { name: "Search results" }).getByRole("option");
  await expect(options).toHaveCount(12);
  await expect(dialog.getByText("12 of 100 listed")).toBeVisible();
  await dialog.getByRole("button", { name: "More results" }).click();
  await expect(options).toHaveCount(24);
  await options.nth(23).scrollIntoViewIfNeeded();
  await expect(options).toHaveCount(36);
  await box.focus();
  await page.keyboard.press("ArrowUp"); // from the first result to the last listed
  await expect(options.nth(35)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown"); // past it: the next page is listed and the next result chosen
  await expect(options).toHaveCount(48);
  await expect(options.nth(36)).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.nth(36).getAttribute("id")) ?? "");
  await expect(options.nth(36)).toBeInViewport();
});
