import { test, expect } from "@playwright/test";
import { example, examplePath } from "./example";

test.describe("the record page of the example error", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(examplePath);
  });

  test("shows the class and message with the placeholder marked", async ({ page }) => {
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveCount(1);
    await expect(heading).toContainText("RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA");
    await expect(heading).toContainText("hybrid models yet.");
    const placeholder = heading.getByTitle(/^Placeholder: the value of st\.upper\(\)/);
    await expect(placeholder).toBeVisible();
    await expect(placeholder).toHaveText("placeholder {st.upper()}");
    await expect(heading).toHaveAccessibleName(/non-MLA placeholder \{st\.upper\(\)\} hybrid/);
  });

  test("shows the source snippet numbered from 1326 with line 1344 marked and scrolled into view inside its box", async ({ page }) => {
    const box = page.getByRole("region", { name: /^Source of python\/sglang\/srt\/disaggregation\/mooncake\/conn\.py, lines 1326–1362/ });
    await expect(box).toBeVisible();
    await expect(box.locator(".n").first()).toHaveText("1326");
    await expect(box.locator(".n").last()).toHaveText("1362");

    const errorLine = box.locator("#L1344");
    await expect(errorLine).toHaveAttribute("aria-current", "true");
    await expect(errorLine).toContainText("error line");
    await expect(errorLine).toContainText("raise RuntimeError(");

    // The box scrolled, the page did not.
    await expect.poll(() => box.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const boxRect = (await box.boundingBox())!;
    const lineRect = (await errorLine.boundingBox())!;
    expect(lineRect.y).toBeGreaterThanOrEqual(boxRect.y);
    expect(lineRect.y + lineRect.height).toBeLessThanOrEqual(boxRect.y + boxRect.height);
  });

  test("links to the exact line and to the snippet range on GitHub", async ({ page }) => {
    await expect(page.getByRole("link", { name: "View on GitHub", exact: true })).toHaveAttribute(
      "href",
      "https://github.com/sgl-project/sglang/blob/0132848349585cfe6aae51c4941cbae872505f8a/python/sglang/srt/disaggregation/mooncake/conn.py#L1344",
    );
    await expect(page.getByRole("link", { name: "Snippet lines 1326–1362 on GitHub" })).toHaveAttribute("href", example.githubUrl);
  });

  test("leaves out the fields the record does not have", async ({ page }) => {
    const main = page.getByRole("main");
    await expect(main).not.toContainText(/\bnull\b/);
    await expect(page.locator("body")).not.toContainText(/\bnull\b/);
    for (const name of ["Example fix", "Type guard", "Try/catch pattern"]) await expect(page.getByRole("heading", { name })).toHaveCount(0);
    await expect(main).not.toContainText("HTTP status");
    await expect(main).not.toContainText("Error code");
    await expect(page.getByRole("heading", { name: "Validation code" })).toBeVisible();
  });

  test("numbers the solutions", async ({ page }) => {
    const list = page.getByRole("region", { name: "Solutions" }).getByRole("list");
    await expect(list).toHaveCount(1);
    expect(await list.evaluate((el) => el.tagName)).toBe("OL");
    await expect(list.getByRole("listitem")).toHaveText(example.solutions);
  });

  test("shows tags, area, commit, analysis time and dataset version", async ({ page }) => {
    const tags = page.getByRole("list", { name: "Tags" });
    for (const tag of example.tags)
      await expect(tags.getByRole("link", { name: tag, exact: true })).toHaveAttribute("href", `/tags/${tag}`);
    await expect(page.getByRole("link", { name: example.analyzedSha.slice(0, 7) })).toHaveAttribute(
      "href",
      `https://github.com/${example.repo}/commit/${example.analyzedSha}`,
    );
    await expect(page.locator(`time[datetime="${example.analyzedAt}"]`)).toHaveText("28 Aug 2026, 05:10 UTC");
    await expect(page.getByRole("main").locator('time[datetime="2026-08-28T06:17:29.519Z"]')).toHaveText("28 Aug 2026, 06:17 UTC");
  });

  test("has breadcrumbs back to the repository", async ({ page }) => {
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "sgl-project/sglang" })).toHaveAttribute("href", "/errors/sgl-project/sglang");
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(example.slug);
  });

  test("declares its canonical permalink and a descriptive title", async ({ page }) => {
    await expect(page).toHaveTitle(/^RuntimeError: PD Disaggregation does NOT support .* · errdex$/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+${examplePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", example.documentation);
  });

  test("copies its absolute permalink", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy permalink" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Copied permalink" })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const origin = process.env.ERRDEX_SITE_URL?.replace(/\/+$/, "") || baseURL;
    expect(copied).toBe(`${origin}${examplePath}`);
  });
});

test("a short link lands on the record's permalink", async ({ page }) => {
  await page.goto(`/e/${example.id}`);
  await expect(page).toHaveURL(examplePath);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("RuntimeError");
});

test("the short link answers with a redirect to the permalink, so chat unfurlers follow it too", async ({ request }) => {
  const res = await request.get(`/e/${example.id}`, { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe(examplePath);
});

// Static hosts have no file per short link: they rewrite /e/* to /r.html (_redirects) or serve their 404 page.
for (const [host, file, status] of [
  ["rewrites it to /r.html", "r.html", 200],
  ["serves only its 404 page", "404.html", 404],
] as const) {
  test(`on a static host that ${host}, a short link still lands on the record`, async ({ page, request }) => {
    const body = await (await request.get(`/${file}`)).text();
    await page.route(`**/e/${example.id}`, (route) => route.fulfill({ status, contentType: "text/html", body }));
    await page.goto(`/e/${example.id}`);
    await expect(page).toHaveURL(examplePath);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("RuntimeError");
  });
}
