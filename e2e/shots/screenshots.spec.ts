/**
 * Screenshots for a person to look at: every kind of page, light and dark,
 * desktop and phone widths, into ERRDEX_SHOTS (default /tmp/shots).
 * Not part of `npm test`: run `npm run shots` (its own Playwright config).
 */
import { test } from "@playwright/test";
import { examplePath, example } from "../example";

const dir = process.env.ERRDEX_SHOTS ?? "/tmp/shots";
const PAGES = {
  home: "/",
  record: examplePath,
  repo: "/errors/sgl-project/sglang",
  tags: "/tags",
  tag: `/tags/${example.tags[0]}`,
  "404": "/errors/nope/nope/nope",
};
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };

test.describe("screenshots", () => {
  for (const scheme of ["light", "dark"] as const) {
    for (const [vpName, viewport] of Object.entries(VIEWPORTS)) {
      test(`${scheme} ${vpName}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        for (const [name, path] of Object.entries(PAGES)) {
          await page.goto(path);
          await page.waitForLoadState("networkidle");
          await page.screenshot({ path: `${dir}/${name}-${scheme}-${vpName}.png`, fullPage: true });
        }
      });
    }
  }
});
