import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { recordPath } from "../../lib/record/permalink";
import { ALL_RECORDS, HOSTILE_RECORDS, inTail, PAYLOADS, PRERENDERED } from "./dataset";
import { HOSTILE_OUT } from "./settings";
import { expect, expectInert, test } from "./inert";

const OUT = fileURLToPath(new URL(`../../${HOSTILE_OUT}/`, import.meta.url));

/** Every HTML file of the built hostile site, relative to its root. */
function htmlFiles(dir = OUT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return htmlFiles(full);
    return e.name.endsWith(".html") ? [path.relative(OUT, full)] : [];
  });
}

/** The URL that serves a built file (clean URLs: pages without .html; each segment encoded as a link would be). */
const urlOf = (file: string) =>
  "/" +
  file
    .replace(/\.html$/, "")
    .replace(/^index$/, "")
    .split(path.sep)
    .map(encodeURIComponent)
    .join("/");

/** Every text value of the dataset that holds markup, and every payload: none may appear unescaped in any built page. */
const markup = [
  ...new Set([
    ...Object.values(PAYLOADS).filter((p) => p.includes("<")),
    ...HOSTILE_RECORDS.flatMap((r) => Object.values(r).flatMap((v) => (Array.isArray(v) ? v : [v]))).filter(
      (v): v is string => typeof v === "string" && v.includes("<"),
    ),
  ]),
];

test("the originals got a page and their twins fell in the long tail, so both ways of drawing a record meet every payload", () => {
  const files = htmlFiles();
  for (const r of PRERENDERED) expect(files).toContain(`${recordPath(r).slice(1)}.html`);
  const tail = HOSTILE_RECORDS.filter(inTail);
  expect(tail.map((r) => r.slug)).toEqual(PRERENDERED.map((r) => `${r.slug}-tail`));
  for (const r of tail) expect(files).not.toContain(`${recordPath(r).slice(1)}.html`);
  expect(files.filter((f) => f.startsWith(`tags${path.sep}`)).length).toBeGreaterThanOrEqual(
    new Set(ALL_RECORDS.flatMap((r) => r.tags)).size,
  );
});

test("no built page holds a payload's markup unescaped, inside or outside a script", () => {
  const found: string[] = [];
  for (const file of htmlFiles()) {
    const html = fs.readFileSync(path.join(OUT, file), "utf8");
    for (const m of markup) if (html.includes(m)) found.push(`${file}: ${m}`);
  }
  expect(markup.length).toBeGreaterThan(10);
  expect(found).toEqual([]);
});

test("every page of the site, and every long-tail permalink, loads with nothing run or injected and one h1", async ({ page }) => {
  test.setTimeout(180_000);
  const urls = [...htmlFiles().map(urlOf), ...HOSTILE_RECORDS.filter(inTail).map(recordPath)];
  for (const url of urls) {
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 }), url).toHaveCount(1);
    await expectInert(page);
  }
});

test("the data files that carry record text are served as JSON, never as a page", async ({ request }) => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(".json")) files.push(path.relative(OUT, full));
    }
  };
  walk(OUT);
  const carrying = files.filter((f) => fs.readFileSync(path.join(OUT, f), "utf8").includes("__pwned"));
  // The matcher and search data, the long tail's shards, and the tags' rows.
  expect(carrying.length).toBeGreaterThanOrEqual(4);
  for (const file of carrying) {
    const res = await request.get(urlOf(file));
    expect(res.status(), file).toBe(200);
    expect(res.headers()["content-type"], file).toMatch(/^application\/json/);
    expect(res.headers()["x-content-type-options"], file).toBe("nosniff");
  }
});

test("every page as served, before any script runs, holds no element or attribute from the data", async ({ browser }) => {
  test.setTimeout(120_000);
  // Hydration would repair an injected node on the client; without JavaScript the DOM is the HTML as built.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const file of htmlFiles().filter((f) => !f.startsWith(`e${path.sep}`))) {
    await page.goto(urlOf(file));
    await expectInert(page);
  }
  await context.close();
});

test("sitemap.xml stays well-formed XML and lists every record", async ({ page, request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  await page.goto("/");
  const { error, locs } = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    return {
      error: doc.querySelector("parsererror")?.textContent ?? null,
      locs: [...doc.getElementsByTagName("loc")].map((l) => new URL(l.textContent!).pathname),
    };
  }, xml);
  expect(error).toBeNull();
  for (const r of HOSTILE_RECORDS) expect(locs).toContain(recordPath(r));
});
