import { test, expect } from "@playwright/test";
import { example, examplePath } from "./example";

test("a reader goes home → a tag → the record → back, with breadcrumbs and history all the way", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: /Browse all \d+ tags/ }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await page.getByRole("link", { name: example.tags[0], exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/tags/${example.tags[0]}$`));
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Tags");
  await page
    .getByRole("link", { name: /PD Disaggregation does NOT support/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${examplePath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("RuntimeError");
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/tags/${example.tags[0]}$`));
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paste a log, find the known errors in it");
});
