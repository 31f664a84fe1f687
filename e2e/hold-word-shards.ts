import type { Page } from "@playwright/test";

/**
 * Holds the page's word shards back until `release()` (or 20 s, past a test's 15 s wait, so a lookup that never
 * answers early still fails): the entry shards arrive first, as on a slow network with a large batch, whatever the
 * machine's load. A fixed delay raced a loaded CI machine, whose entry shards came in after it.
 */
export async function holdWordShards(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 20_000);
  });
  await page.route("**/_errdex/match/*/words-*.json", async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}
