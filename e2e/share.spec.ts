import { test, expect, type APIRequestContext, type Page } from "@playwright/test";
import ogs from "open-graph-scraper";
import { example, examplePath } from "./example";

/**
 * The metadata an unfurler would see: the built page as the test server
 * serves it, parsed by a real Open Graph parser (given the HTML, since it
 * refuses to fetch a localhost URL).
 */
async function unfurl(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const { error, result } = await ogs({
    html,
    customMetaTags: [
      { property: "twitter:label1", fieldName: "twitterLabel1", multiple: false },
      { property: "twitter:data1", fieldName: "twitterData1", multiple: false },
      { property: "twitter:label2", fieldName: "twitterLabel2", multiple: false },
      { property: "twitter:data2", fieldName: "twitterData2", multiple: false },
      { property: "theme-color", fieldName: "themeColor", multiple: false },
    ],
  });
  expect(error).toBe(false);
  return { result, html };
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const TITLE = `${example.errorClass}: ${example.errorMessage}`;
const FIX = example.solutions[0]!;
/** The site's configured base URL, or the one it describes itself with when unset (components/site.ts). */
const SITE_URL = process.env.ERRDEX_SITE_URL?.replace(/\/+$/, "") || "http://localhost:3000";

test.describe("a record link pasted into a chat", () => {
  test("unfurls with the class and message, what it means, the fix, and a 1200×630 image", async ({ request }) => {
    const { result, html } = await unfurl(request, examplePath);
    expect(result.ogTitle).toBe(TITLE);
    expect(result.ogDescription).toBe(`${example.documentation} Fix: ${FIX}`);
    expect(result.ogSiteName).toBe("errdex");
    expect(result.ogType).toBe("article");
    expect(result.ogUrl).toBe(`${SITE_URL}${examplePath}`);

    const image = result.ogImage?.[0];
    expect(image?.url).toBe(`${SITE_URL}/og/${example.id}.png`);
    expect(image?.url).toMatch(/^https?:\/\//);
    expect(Number(image?.width)).toBe(1200);
    expect(Number(image?.height)).toBe(630);
    // The absolute URL names the configured host; fetch the same path from the server under test.
    const res = await request.get(new URL(image!.url).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });

    // Chat unfurlers read only the first ~32 KB of a page.
    const offset = Buffer.byteLength(html.slice(0, html.indexOf('property="og:title"')));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(32 * 1024);
  });

  test("carries a large-image Twitter card with the fix and the repository as labels", async ({ request }) => {
    const { result } = await unfurl(request, examplePath);
    expect(result.twitterCard).toBe("summary_large_image");
    expect(result.twitterTitle).toBe(TITLE);
    expect(result.twitterDescription).toBe(`${example.documentation} Fix: ${FIX}`);
    expect(result.twitterImage?.[0]?.url).toBe(`${SITE_URL}/og/${example.id}.png`);
    expect(result.customMetaTags).toMatchObject({
      twitterLabel1: "Fix",
      twitterData1: FIX,
      twitterLabel2: "Repository",
      twitterData2: example.repo,
      themeColor: "#cf222e",
    });
  });
});

/** Clicks "Copy for chat" in `scope` and returns what landed on the clipboard. */
async function copyForChat(page: Page, scope = page.locator("body")): Promise<string> {
  await scope.getByRole("button", { name: "Copy for chat" }).click();
  await expect(scope.getByRole("status").filter({ hasText: "Copied Markdown for chat" })).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test.describe("copy for chat", () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  });

  test("on the record page puts the class and message, the fix and the permalink on the clipboard as Markdown", async ({
    page,
    baseURL,
  }) => {
    await page.goto(examplePath);
    const origin = process.env.ERRDEX_SITE_URL?.replace(/\/+$/, "") || baseURL;
    expect(await copyForChat(page)).toBe(`**${example.errorClass}**: ${example.errorMessage}\nFix: ${FIX}\n${origin}${examplePath}`);
  });

  test("on a lookup result copies the same Markdown plus how it matched (as the CLI does), and Copy link copies the permalink", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/");
    await page.locator("section.lookup[data-ready]").waitFor();
    const logLine = `RuntimeError: ${example.errorMessage.replace("{st.upper()}", "MAMBA")}`;
    await page.getByRole("textbox").first().fill(logLine);
    const result = page.locator(".results > li").first();
    await expect(result).toContainText(example.repo);
    expect(await copyForChat(page, result)).toBe(
      `**${example.errorClass}**: ${example.errorMessage}\nhigh confidence, full match, line 1: \`${logLine}\`\nFix: ${FIX}\n${baseURL}${examplePath}`,
    );
    await result.getByRole("button", { name: "Copy link" }).click();
    await expect(result.getByRole("status").filter({ hasText: "Copied link" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${examplePath}`);
  });
});

test("sitemap.xml lists the record's permalink and robots.txt points at it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain("<urlset");
  expect(xml).toContain(`<loc>${SITE_URL}${examplePath}</loc>`);
  expect(xml).toContain(`<loc>${SITE_URL}/tags/${example.tags[0]}</loc>`);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
});
