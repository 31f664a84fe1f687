import type { Locator, Page } from "@playwright/test";
import { holdWordShards } from "../hold-word-shards";
import { parseTemplate } from "../../lib/record/message-template";
import { recordPath } from "../../lib/record/permalink";
import { ALL_RECORDS, HOSTILE_RECORDS, rendered } from "./dataset";
import { expect, expectInert, expectShown, shownText, test } from "./inert";

type HostileRecord = (typeof HOSTILE_RECORDS)[number];

/** A log as a CI job prints it: noise, then the record's message with its placeholders filled in. */
const logFor = (r: HostileRecord) =>
  ["INFO starting job 1234", "Traceback (most recent call last):", `${r.errorClass}: ${rendered(r.errorMessage, "VALUE")}`].join("\n");

async function lookUp(page: Page, log: string) {
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
  await page.getByLabel("Log to look up").fill(log);
}

/** The class and message of a result as MessageText shows them: literal text, each placeholder as {expr}. */
async function expectMessage(scope: Locator, r: HostileRecord) {
  await expectShown(scope, `${r.errorClass}: `);
  for (const s of parseTemplate(r.errorMessage)) await expectShown(scope, s.kind === "text" ? s.value : `{${s.expr}}`);
}

test.afterEach(async ({ page }) => {
  await expectInert(page);
});

for (const r of HOSTILE_RECORDS) {
  test(`a log holding the message of ${r.repo}/${r.slug} finds it, and the result shows the record's text as text`, async ({ page }) => {
    await lookUp(page, logFor(r));
    const first = page.locator(".results > li").first();
    await expect(first).toBeVisible();
    await expect(first.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", recordPath(r));
    await expectMessage(first.getByRole("heading", { level: 3 }), r);
    await expectShown(first, r.repo);
    expect(await shownText(first)).toContain(`Pattern: ${r.messagePattern}`);
    if (r.solutions[0]) expect(await shownText(first)).toContain(`Fix: ${r.solutions[0]}`);
    // The pasted line, payload included, is shown as text too, the match marked within it.
    await expectShown(first.locator(".log-text").first(), `${r.errorClass}: ${rendered(r.errorMessage, "VALUE")}`);
    await expect(first.locator("mark.hit-span").first()).toBeVisible();
  });
}

test("a first lookup fetches the filter and the one shard its log's key points at, not the other shards, before any wording data", async ({
  page,
}) => {
  // The fillers share a payload key (`onerror=window.__`), so a log with it is a candidate for all of them;
  // the start of one filler's message holds only that filler's own key. Its pattern then fails (the paste stops
  // there), so the line is compared by wording too (a bare line: lib/match/matcher.ts): the key's one shard and the
  // line's word shards come in one batch, the shard first; the shards of the records alike only after.
  const filler = ALL_RECORDS.find((r) => r.slug === "filler-7")!;
  const data: string[] = [];
  page.on("request", (req) => {
    const p = new URL(req.url()).pathname;
    const part = /^\/_errdex\/match\/[0-9a-f]+\/(.+)$/.exec(p);
    if (part) data.push(part[1]!);
  });
  await lookUp(page, filler.errorMessage.slice(0, filler.errorMessage.indexOf(" onerror")));
  await expect(page.getByRole("status")).toContainText(/in 1 lines/);
  expect(data.slice(0, 2)).toEqual(["filter.json", expect.stringMatching(/^shard-\d+\.json$/)]);
  expect(data[2] ?? "words-", "what the key scan fetched before any word shard").toMatch(/^words-/);
});

test("a shared lookup link shows the matched records as text", async ({ page, context }) => {
  const r = HOSTILE_RECORDS[0]!;
  await lookUp(page, logFor(r));
  await expect(page.locator(".results > li").first()).toBeVisible();
  const url = await page.getByRole("textbox", { name: "Share link" }).inputValue();
  expect(url).toContain(`m=${r.id}`);

  const other = await context.newPage();
  const dialogs: string[] = [];
  other.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await other.goto(url);
  await other.locator("section.lookup[data-ready]").waitFor();
  const shared = other.getByRole("region", { name: /Shared lookup: 1 known error/ });
  await expect(shared.getByRole("link", { name: new RegExp(`^${r.errorClass.slice(0, 8)}`) })).toHaveAttribute("href", recordPath(r));
  await expectMessage(shared.locator("h3"), r);
  await expectShown(shared, `Fix: ${r.solutions[0]}`);
  await expectInert(other);
  expect(dialogs).toEqual([]);
});

test("on a slow network a full match shows while the wording comparison still runs, then the final answer", async ({ page }) => {
  // Found by wording only (one word in five dropped, so none of its keys is left): its record comes in a second batch.
  const alike = ALL_RECORDS.find((r) => r.slug === "img-onerror-in-every-field-tail")!;
  const drifted = rendered(alike.errorMessage, "VALUE")
    .split(" ")
    .filter((_, i) => i % 5 !== 2)
    .join(" ");
  const full = HOSTILE_RECORDS[0]!;
  // On a dataset this small one batch may hold everything: the early answer shows only while its word shards are on
  // their way, so they are held until it has been seen.
  const { release } = await holdWordShards(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
  await lookUp(page, `${logFor(full)}\n${alike.errorClass}: ${drifted}`);
  const status = page.locator("#lookup-status");
  // (Over HTTP/1.1, six requests at a time: the first batch takes a few round trips of 400 ms.)
  await expect(status).toHaveText("1 known error so far; comparing wording…", { timeout: 15_000 });
  await expect(page.locator(".results > li")).toHaveCount(1);
  await expect(page.locator(".results > li").first()).toContainText("full match");
  release();
  await expect(status).toHaveText(/^2 known errors in 4 lines \(\d+ ms\)$/, { timeout: 15_000 });
  await expect(page.locator(".results > li").first()).toContainText("full match");
});
