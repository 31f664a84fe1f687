/**
 * Screenshots of the ways from a match to a fix (docs/feedback.md), light and
 * dark, desktop and phone, into ERRDEX_SHOTS (default /tmp/shots): the record
 * page's links, the "Not this error?" preview with and without the log, and
 * the no-match view's raise site. `npm run shots`; not part of `npm test`.
 */
import { test, type Page } from "@playwright/test";
import { examplePath } from "../example";

const dir = process.env.ERRDEX_SHOTS ?? "/tmp/shots";
const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } };
const MATCHED = [
  "Traceback (most recent call last):",
  '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
  "    raise RuntimeError(",
  "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
].join("\n");
const NO_MATCH = [
  "Traceback (most recent call last):",
  '  File "/app/serve.py", line 10, in <module>',
  "    main()",
  '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 402, in transfer_worker',
  "    session = self.sessions[session_id]",
  "KeyError: 'session-7f3a'",
].join("\n");

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
