import type { Page } from "@playwright/test";
import { parseTemplate } from "../../lib/record/message-template";
import { recordPath, tagPath } from "../../lib/record/permalink";
import { clip, firstSolution, shareDescription, shareTitle } from "../../lib/site/record-share";
import { chatMarkdown } from "../../lib/site/chat-markdown";
import { HOSTILE_RECORDS, inTail, PAYLOADS } from "./dataset";
import { expect, expectInert, expectShown, prose, shownText, test } from "./inert";

/** A titled section of the record page. */
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

for (const r of HOSTILE_RECORDS) {
  const drawn = inTail(r) ? "long tail, drawn in the browser" : "prerendered";
  test.describe(`the record page of ${r.repo}/${r.slug} (${drawn})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(recordPath(r));
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test.afterEach(async ({ page }) => {
      await expectInert(page);
    });

    test("shows the class and message as typed, placeholders marked", async ({ page }) => {
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toHaveCount(1);
      await expectShown(h1, `${r.errorClass}: `);
      for (const s of parseTemplate(r.errorMessage)) await expectShown(h1, s.kind === "text" ? s.value : `{${s.expr}}`);
    });

    test("shows severity, type, error code and handling as text", async ({ page }) => {
      const facts = page.locator("article header dl");
      for (const value of [r.repo, r.severity, r.errorType, r.errorCode, r.handlingStrategy]) if (value) await expectShown(facts, value);
    });

    test("shows each prose field and list item literally", async ({ page }) => {
      const prosy = [
        ["What it means", r.documentation],
        ["What triggers it", r.triggerScenarios],
        ["Common situations", r.commonSituations],
      ] as const;
      for (const [name, text] of prosy) await expectShown(region(page, name), prose(text));
      const lists = [
        ["Solutions", r.solutions],
        ["Prevention", r.preventionTips],
      ] as const;
      for (const [name, items] of lists) {
        if (!items.length) {
          await expect(region(page, name)).toHaveCount(0);
          continue;
        }
        const li = region(page, name).getByRole("listitem");
        await expect(li).toHaveCount(items.length);
        for (const [i, item] of items.entries()) expect(await shownText(li.nth(i))).toBe(prose(item));
      }
    });

    test("shows the code fields, the snippet and the pattern character for character", async ({ page }) => {
      const code = [
        ["Example fix", r.exampleFix],
        ["Validation code", r.validationCode],
        ["Type guard", r.typeGuard],
        ["Try/catch pattern", r.tryCatchPattern],
      ] as const;
      for (const [name, text] of code) {
        if (text === null) await expect(region(page, name)).toHaveCount(0);
        else expect(await shownText(region(page, name).locator("pre code"))).toBe(text.replace(/\s+$/, ""));
      }
      const source = region(page, "Source");
      await expectShown(source.locator("figcaption"), r.filePath);
      const snippet = source.locator("pre code");
      for (const line of r.sourceCode.split("\n")) await expectShown(snippet, line);
      await expect(source.getByRole("link", { name: /Snippet lines .* on GitHub/ })).toHaveAttribute("href", r.githubUrl);
      expect(await shownText(region(page, "Message pattern").locator("pre code"))).toBe(r.messagePattern);
    });

    test("shows the tags and the area as links to their pages", async ({ page }) => {
      const tags = page.getByRole("list", { name: "Tags" });
      for (const tag of r.tags) {
        const link = tags.getByRole("link", { name: tag, exact: true });
        await expect(link).toHaveAttribute("href", tagPath(tag));
        expect(await shownText(link)).toBe(tag);
      }
      const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
      for (const label of [r.repo, r.backgroundTag, r.slug]) await expectShown(crumbs, label);
      await expectShown(region(page, "Tags"), r.backgroundTag);
    });

    test("carries the text in its title and share metadata, attribute values intact", async ({ page }) => {
      if (inTail(r)) {
        // A long-tail page carries the site's metadata, not the record's; the browser sets the title from the record
        // once its shard arrives and keeps it if Next writes its own title again after hydration.
        await expect(page).toHaveTitle(`${r.errorClass}: ${r.errorMessage.split("\n", 1)[0]!.slice(0, 100)} · errdex`);
        await page.waitForTimeout(500);
        await expect(page).toHaveTitle(`${r.errorClass}: ${r.errorMessage.split("\n", 1)[0]!.slice(0, 100)} · errdex`);
        await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);
        await expect(page.locator("head title")).toHaveCount(1);
        return;
      }
      await expect(page).toHaveTitle(`${shareTitle(r)} · errdex`);
      const meta = (sel: string) => page.locator(`meta[${sel}]`);
      await expect(meta('name="description"')).toHaveAttribute("content", clip(r.documentation, 300));
      await expect(meta('property="og:title"')).toHaveAttribute("content", shareTitle(r));
      await expect(meta('property="og:description"')).toHaveAttribute("content", shareDescription(r));
      await expect(meta('name="twitter:title"')).toHaveAttribute("content", shareTitle(r));
      const fix = firstSolution(r.solutions);
      if (fix) await expect(meta('name="twitter:data1"')).toHaveAttribute("content", clip(fix, 120));
      // Nothing a payload could add to the head: one of each.
      for (const sel of ['property="og:title"', 'property="og:image"', 'name="description"']) await expect(meta(sel)).toHaveCount(1);
      await expect(page.locator("head title")).toHaveCount(1);
    });

    test("copies inert Markdown for chat", async ({ page, context, baseURL }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy for chat" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Copied Markdown for chat" })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(
        chatMarkdown(
          { errorClass: r.errorClass, errorMessage: r.errorMessage, solution: firstSolution(r.solutions) },
          `${baseURL}${recordPath(r)}`,
        ),
      );
      // Every Markdown and HTML opener arrives backslash-escaped.
      expect(copied).not.toMatch(/(^|[^\\])[<[`]/);
    });
  });
}

test("no link anywhere on a record page runs javascript:, though the text holds every form of one", async ({ page }) => {
  const r = HOSTILE_RECORDS.find((x) => x.solutions.includes(PAYLOADS.markdownLink))!;
  await page.goto(recordPath(r));
  await expectShown(region(page, "Solutions"), PAYLOADS.markdownLink);
  await expectShown(region(page, "What it means"), PAYLOADS.bareJs);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  // The markdown link is text, not a link named "click".
  await expect(page.getByRole("link", { name: "click", exact: true })).toHaveCount(0);
  await expectInert(page);
});
