import fs from "node:fs";
import { recordPath } from "../../lib/record/permalink";
import { shareImagePath } from "../../lib/site/record-share";
import { HOSTILE_RECORDS, PRERENDERED } from "./dataset";
import { HOSTILE_OUT } from "./settings";
import { expect, expectInert, test } from "./inert";

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const r of PRERENDERED) {
  test(`${r.repo}/${r.slug} has a 1200×630 share image, named by its page's og:image`, async ({ page, request }) => {
    const file = new URL(`../../${HOSTILE_OUT}${shareImagePath(r.id)}`, import.meta.url);
    expect(fs.existsSync(file), `${file.pathname} exists`).toBe(true);
    expect(pngSize(fs.readFileSync(file))).toEqual({ width: 1200, height: 630 });

    await page.goto(recordPath(r));
    for (const sel of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      const url = await page.locator(sel).getAttribute("content");
      expect(new URL(url!).pathname).toBe(shareImagePath(r.id));
    }
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", `${r.errorClass} in ${r.repo}`);
    const res = await request.get(shareImagePath(r.id));
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });
    await expectInert(page);
  });
}

for (const r of HOSTILE_RECORDS) {
  test(`the short link of ${r.repo}/${r.slug} redirects to its permalink and lands on it`, async ({ page, request }) => {
    const res = await request.get(`/e/${r.id}`, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe(recordPath(r));
    await page.goto(`/e/${r.id}`);
    await expect(page).toHaveURL(recordPath(r));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectInert(page);
  });
}
