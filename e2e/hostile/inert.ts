/**
 * What "inert" means for the hostile suite, as a Playwright fixture and two
 * checks. The `page` fixture records every dialog (dismissed at once) and
 * every Content-Security-Policy violation, and fails the test if there was
 * one. `expectInert` checks the page in front of it: no payload ran
 * (`window.__pwned` unset), and the DOM holds nothing a payload could have
 * injected (event-handler attributes, `javascript:` links, frames, a `<base>`,
 * an inline script or style carrying a payload). `expectShown` checks the
 * other half: the payload is on the page as the text it is.
 */
import { test as base, expect, type Locator, type Page } from "@playwright/test";

type Guarded = Window & { __pwned?: unknown; __csp?: string[] };

const dialogs = new WeakMap<Page, string[]>();
const cspReports = new WeakMap<Page, string[]>();

export const test = base.extend({
  page: async ({ page }, use) => {
    const seen: string[] = [];
    const csp: string[] = [];
    dialogs.set(page, seen);
    cspReports.set(page, csp);
    page.on("dialog", (d) => {
      seen.push(`${d.type()} "${d.message()}" on ${page.url()}`);
      void d.dismiss().catch(() => {});
    });
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        const w = window as Guarded;
        (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`);
      });
    });
    await use(page);
    expect(seen, "no dialog opened").toEqual([]);
    expect(csp, "no Content-Security-Policy violation").toEqual([]);
  },
});

export { expect };

/** Everything on the current page that a payload ran or injected; empty when the page is inert. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as Guarded;
    const found: string[] = [];
    if (w.__pwned !== undefined) found.push(`window.__pwned = ${JSON.stringify(w.__pwned)}`);
    for (const v of w.__csp ?? []) found.push(`CSP violation: ${v}`);
    for (const el of document.querySelectorAll("*")) {
      for (const a of el.attributes) if (/^on/i.test(a.name)) found.push(`<${el.localName} ${a.name}="${a.value}">`);
    }
    for (const a of document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>("a[href], area[href]")) {
      if (a.protocol === "javascript:") found.push(`link to ${a.getAttribute("href")}`);
    }
    for (const f of document.forms)
      if (/^\s*javascript:/i.test(f.getAttribute("action") ?? "")) found.push(`form action ${f.getAttribute("action")}`);
    for (const el of document.querySelectorAll("iframe, frame, object, embed, base")) found.push(`<${el.localName}> element`);
    for (const img of document.querySelectorAll("img")) if (img.getAttribute("src") === "x") found.push("<img src=x> element");
    for (const m of document.querySelectorAll<HTMLMetaElement>('meta[http-equiv="refresh" i]'))
      if (/javascript:/i.test(m.content)) found.push(`meta refresh ${m.content}`);
    // Next's flight data (`self.__next_f.push(...)`) carries the record text as JSON strings; any other inline script naming the flag is a payload.
    for (const s of document.scripts)
      if (!s.src && s.text.includes("__pwned") && !/^\s*\(?self\.__next_f/.test(s.text))
        found.push(`inline script: ${s.text.slice(0, 100)}`);
    for (const s of document.querySelectorAll("style"))
      if (s.textContent?.includes("body{display:none}")) found.push("payload <style> element");
    if (getComputedStyle(document.body).display === "none") found.push("body hidden");
    return found;
  });
}

/** Asserts that nothing from the dataset ran or was injected on the current page. */
export async function expectInert(page: Page): Promise<void> {
  expect(await injected(page), `nothing injected or executed on ${page.url()}`).toEqual([]);
  expect(dialogs.get(page) ?? [], "no dialog opened").toEqual([]);
}

/** The text a reader sees in `locator` (innerText: rendered text only, exact characters, no normalisation). */
export function shownText(locator: Locator): Promise<string> {
  return locator.evaluate((el) => (el as HTMLElement).innerText);
}

/** Asserts that `text` appears, character for character, in what `locator` shows (waits for it). */
export async function expectShown(locator: Locator, text: string): Promise<void> {
  await expect(locator).toBeVisible();
  await expect.poll(() => shownText(locator), { message: `shows ${JSON.stringify(text)} as text` }).toContain(text);
}

/** Record prose as InlineText shows it: `code` spans lose their backticks, everything else is literal. */
export function prose(text: string): string {
  return text.replace(/`([^`\n]+)`/g, "$1");
}
