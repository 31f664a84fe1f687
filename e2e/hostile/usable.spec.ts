import { recordPath } from "../../lib/record/permalink";
import { HOSTILE_RECORDS } from "./dataset";
import { expect, expectInert, test } from "./inert";

/**
 * Pages stay usable with hostile, right-to-left, zero-width and emoji text:
 * nothing widens the page past the window, the heading and the header search
 * are on screen. A full-page screenshot of each record page (light, 1280
 * wide) is attached to the report and kept in test-results/ for a person to look at.
 */
for (const r of HOSTILE_RECORDS) {
  test(`the record page of ${r.repo}/${r.slug} fits a 1280-wide window and keeps its controls`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(recordPath(r));
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await expect(page.getByRole("button", { name: /Search errors/ })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
    const shot = testInfo.outputPath(`${r.slug}-light-1280.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`${r.slug}-light-1280`, { path: shot, contentType: "image/png" });
    // The page still works: the search opens and Escape closes it.
    await page.locator("button[aria-haspopup=dialog][data-ready]").waitFor();
    await page.keyboard.press("/");
    await expect(page.getByRole("dialog", { name: "Search errors" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Search errors" })).toBeHidden();
    await expectInert(page);
  });
}
