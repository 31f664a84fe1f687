import { test, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { example, examplePath } from "./example";

const isSearchData = (url: string) => /\/_errdex\/search\//.test(url);

/** Opens a page and waits until the header search listens for its shortcuts (hydrated). */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // The shortcuts listen once the search island has hydrated.
  await page.locator("button[aria-haspopup=dialog][data-ready]").waitFor();
}

test("no search data is requested on page load", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (req) => {
    if (isSearchData(req.url())) requested.push(req.url());
  });
  for (const path of ["/", examplePath, "/tags"]) await openPage(page, path);
  expect(requested).toEqual([]);
  await page.keyboard.press("/");
  await expect(page.getByRole("dialog", { name: "Search errors" })).toBeVisible();
  await expect.poll(() => requested.map((u) => new URL(u).pathname)).toEqual(["/_errdex/search/manifest.json"]);
});

test("a first search fetches the manifest and a few small pieces of the index, not the whole of it", async ({ page }) => {
  // Each response is recorded as it arrives and its size filled in when its body is read: a handler that pushed only
  // after reading the body let the last fetch land after the assertions below.
  const fetched: { path: string; bytes: number | undefined }[] = [];
  page.on("response", (res) => {
    if (!isSearchData(res.url())) return;
    const f: { path: string; bytes: number | undefined } = { path: new URL(res.url()).pathname, bytes: undefined };
    fetched.push(f);
    void res.body().then((b) => (f.bytes = b.length));
  });
  await openPage(page, "/");
  await page.keyboard.press("/");
  await page.keyboard.type("hybrid ");
  await expect(page.getByRole("dialog").getByRole("status")).toHaveText("1 result");
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option")).toHaveCount(1);
  const paths = fetched.map((f) => f.path);
  expect(new Set(paths).size).toBe(paths.length); // each file once per session
  expect(paths[0]).toBe("/_errdex/search/manifest.json");
  // The vocabulary of the letters typed, the buckets of the words they resolve to, one facet page and one docs page.
  expect(paths.filter((p) => p.startsWith("/_errdex/search/v/"))).toEqual(["/_errdex/search/v/h.json"]);
  expect(paths.filter((p) => p.startsWith("/_errdex/search/f/"))).toEqual(["/_errdex/search/f/0.json"]);
  expect(paths.filter((p) => p.startsWith("/_errdex/search/d/"))).toEqual(["/_errdex/search/d/0.json"]);
  expect(paths.length).toBeLessThanOrEqual(8);
  await expect.poll(() => fetched.every((f) => f.bytes !== undefined)).toBe(true);
  expect(fetched.reduce((s, f) => s + f.bytes!, 0)).toBeLessThan(20_000);
});

test("a missing or damaged piece of the index is named in the status, and the next search tries it again", async ({ page }) => {
  let broken: "missing" | "damaged" | null = "missing";
  await page.route(/\/_errdex\/search\/i\/\d+\.json/, (route) =>
    broken === "missing"
      ? route.fulfill({ status: 404, body: "" })
      : broken === "damaged"
        ? route.fulfill({ contentType: "application/json", body: JSON.stringify({ v: 2, n: 0, terms: [["x", "y"]] }) })
        : route.fallback(),
  );
  await openPage(page, "/");
  await page.keyboard.press("/");
  const status = page.getByRole("dialog").getByRole("status");
  const box = page.getByRole("combobox", { name: "Search errors" });
  await box.fill("hybrid ");
  await expect(status).toHaveText("Search failed: /_errdex/search/i/0.json answered HTTP 404");
  broken = "damaged";
  await box.fill("hybrid");
  await expect(status).toHaveText(
    'Search failed: /_errdex/search/i/0.json: terms[0][1]: "y" Invalid input: expected array, received string',
  );
  broken = null;
  await box.fill("hybrid ");
  await expect(status).toHaveText("1 result");
});

test("keyboard only: / opens the search, typing finds the record, arrows and Enter open it", async ({ page }) => {
  await openPage(page, "/tags");
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search errors" });
  const box = dialog.getByRole("combobox", { name: "Search errors" });
  await expect(box).toBeFocused();
  await page.keyboard.type("disaggregation hybrid");
  await expect(dialog.getByRole("status")).toHaveText("1 result");
  const option = dialog.getByRole("listbox", { name: "Search results" }).getByRole("option").first();
  await expect(option).toContainText(example.errorClass);
  await expect(option).toContainText(example.repo);
  await expect(option.locator("mark").first()).toHaveText("Disaggregation");
  await expect(box).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${examplePath}$`));
});

test("a typo still finds the record, and the count is announced", async ({ page }) => {
  await openPage(page, "/");
  await page.keyboard.press("/");
  await page.keyboard.type("hybird ");
  const status = page.getByRole("dialog").getByRole("status");
  await expect(status).toHaveAttribute("aria-live", "polite");
  await expect(status).toHaveText("1 result for similar words");
  await expect(page.getByRole("listbox", { name: "Search results" }).locator("mark")).toHaveText("hybrid");
  await page.keyboard.type("nothingtoseehere");
  await expect(status).toHaveText("1 result with some of the words");
  await page.getByRole("combobox", { name: "Search errors" }).fill("nothingtoseehere");
  await expect(status).toHaveText("No results");
});

test("Escape closes the search and gives focus back; Ctrl-K opens it again", async ({ page }) => {
  await openPage(page, examplePath);
  const trigger = page.getByRole("button", { name: /Search errors/ });
  await trigger.focus();
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Search errors" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await page.keyboard.press("Meta+k");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});

test("filters narrow the results by repository, class and tag", async ({ page }) => {
  await openPage(page, "/");
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog");
  await page.keyboard.type("hybrid");
  await expect(dialog.getByRole("status")).toHaveText("1 result");
  await dialog.getByRole("combobox", { name: "Tag" }).selectOption(example.tags[0]!);
  await expect(dialog.getByRole("status")).toHaveText("1 result");
  await dialog.getByRole("combobox", { name: "Repository" }).selectOption(example.repo);
  await dialog.getByRole("combobox", { name: "Class" }).selectOption(example.errorClass);
  await expect(dialog.getByRole("listbox", { name: "Search results" }).getByRole("option")).toHaveCount(1);
});

test("pasting a traceback into the search switches to the log lookup", async ({ page }) => {
  await openPage(page, examplePath);
  await page.keyboard.press("/");
  const traceback = [
    "Traceback (most recent call last):",
    '  File "/usr/lib/python3/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
    "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
  ].join("\n");
  await page.getByRole("combobox", { name: "Search errors" }).evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, traceback);
  await expect(page).toHaveURL(/\/#lookup=1/);
  await expect(page.getByRole("status").filter({ hasText: /1 known error in 3 lines/ })).toBeVisible();
});

test("axe finds no accessibility violations in the open search with results", async ({ page }) => {
  await openPage(page, "/tags");
  await page.keyboard.press("Control+k");
  await page.keyboard.type("hybrid");
  await expect(page.getByRole("dialog").getByRole("status")).toHaveText("1 result");
  const results = await new AxeBuilder({ page })
    .include("dialog")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
});
