/**
 * Screenshots of the ways from a match to a fix (docs/feedback.md), light and
 * dark, desktop and phone, into ERRDEX_SHOTS (default /tmp/shots): the record
 * page's links, the "Not this error?" preview with and without the log, and
 * the no-match view's raise site. `npm run shots`; not part of `npm test`.
 */
import { test, type Page } from "@playwright/test";
import { EXAMPLE_TRACEBACK, examplePath, NO_MATCH_IN_EXAMPLE_FILE } from "../example";

const dir = process.env.ERRDEX_SHOTS ?? "/tmp/shots";
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const MATCHED = EXAMPLE_TRACEBACK;
const NO_MATCH = NO_MATCH_IN_EXAMPLE_FILE;

async function lookUp(page: Page, log: string) {
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
  await page.getByLabel("Log to look up").fill(log);
}

for (const scheme of ["light", "dark"] as const) {
  for (const [vpName, viewport] of Object.entries(VIEWPORTS)) {
    test(`feedback ${scheme} ${vpName}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(viewport);
      const shot = (name: string, fullPage = true) => page.screenshot({ path: `${dir}/${name}-${scheme}-${vpName}.png`, fullPage });
      await page.goto(examplePath);
      await page.waitForLoadState("networkidle");
      await shot("record-links", false);
      await lookUp(page, MATCHED);
      await page.getByRole("button", { name: "Not this error?" }).click();
      await shot("not-this-error", false);
      await page.getByRole("checkbox", { name: /Include the whole log/ }).check();
      await shot("not-this-error-log", false);
      await page.keyboard.press("Escape");
      await lookUp(page, NO_MATCH);
      await page.getByRole("heading", { name: "No known error matched this log" }).waitFor();
      await shot("no-match");
    });
  }
}
