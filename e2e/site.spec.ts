import { test, expect, type Page } from "@playwright/test";
import { example, examplePath } from "./example";

/** Every kind of page the site has, for checks that hold on all of them. */
const PAGES = [
  { name: "home", path: "/" },
  { name: "record", path: examplePath },
  { name: "repository", path: "/errors/sgl-project/sglang" },
  { name: "tags", path: "/tags" },
  { name: "tag", path: `/tags/${example.tags[0]}` },
  { name: "404", path: "/errors/nope/nope/nope" },
];

async function landmarks(page: Page) {
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

for (const p of PAGES) {
  test(`the ${p.name} page has one h1, the landmarks and a skip link`, async ({ page }) => {
    await page.goto(p.path);
    await landmarks(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expect(page.getByRole("contentinfo")).toContainText("Logs you paste never leave your browser");
  });
}

test("no request leaves localhost while visiting the pages", async ({ page }) => {
  const outside: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (!["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) outside.push(req.url());
  });
  for (const p of PAGES) {
    await page.goto(p.path);
    await page.waitForLoadState("networkidle");
  }
  expect(outside).toEqual([]);
});

test("the home page says what errdex holds and lists the repositories", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByText(/It holds 1 error record from 1 repository/)).toBeVisible();
  const repos = page.getByRole("region", { name: "Repositories" });
  await expect(repos.getByRole("link", { name: "sgl-project/sglang" })).toHaveAttribute("href", "/errors/sgl-project/sglang");
  await expect(repos).toContainText("1 record");
  await page.getByRole("link", { name: /Browse all 4 tags/ }).click();
  await expect(page).toHaveURL("/tags");
});

test("the repository page groups records by area", async ({ page }) => {
  await page.goto("/errors/sgl-project/sglang");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("sgl-project/sglang");
  await expect(page.getByRole("heading", { level: 2, name: /tp-degree-mismatch \(1 record\)/ })).toBeVisible();
  await page.getByRole("link", { name: /^RuntimeError: PD Disaggregation/ }).click();
  await expect(page).toHaveURL(examplePath);
});

test("the tags page lists every tag with its count and leads to the tag's records", async ({ page }) => {
  await page.goto("/tags");
  for (const tag of example.tags) await expect(page.getByRole("row", { name: `${tag} 1` })).toBeVisible();
  await page.getByRole("link", { name: /^hybrid-model/ }).click();
  await expect(page).toHaveURL("/tags/hybrid-model");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tag hybrid-model");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Tags" })).toHaveAttribute("href", "/tags");
  await expect(page.getByRole("link", { name: /^RuntimeError: PD Disaggregation/ })).toHaveAttribute("href", examplePath);
});

test("an unknown permalink explains itself and offers a way back", async ({ page }) => {
  const response = await page.goto("/errors/nope/nope/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No error record at this address" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("/errors/<owner>/<repo>/<slug>");
  await expect(page.getByRole("link", { name: "Paste a log on the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Browse all tags" })).toHaveAttribute("href", "/tags");
  await expect(page.getByRole("link", { name: "Browse repositories" })).toHaveAttribute("href", "/#repositories");
});
