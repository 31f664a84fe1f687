import { test, expect, type Page } from "@playwright/test";
import { holdWordShards } from "./hold-word-shards";
import { example, examplePath } from "./example";

/** A marker that appears only in the pasted log: if it shows up in any request, the log left the page. */
const SECRET = "sk-live-TOKEN-7f3a9c1e5b";

const TRACEBACK = [
  `[2025-06-01 10:00:00 TP3] INFO api_key=${SECRET} loaded config`,
  "[2025-06-01 10:00:00 TP3] Traceback (most recent call last):",
  '[2025-06-01 10:00:00 TP3]   File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
  "[2025-06-01 10:00:00 TP3]     raise RuntimeError(",
  "[2025-06-01 10:00:00 TP3] RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA \u001b[31mMAMBA\u001b[0m hybrid models yet.",
].join("\n");

/** A matching-data file's name (`filter.json`, `shard-0.json`), from its content-hashed address; null for other requests. */
function dataFile(url: string): string | null {
  return /^\/_errdex\/match\/[0-9a-f]+\/(.+)$/.exec(new URL(url).pathname)?.[1] ?? null;
}

/** Opens the home page and waits until the lookup listens (hydrated). */
async function openHome(page: Page) {
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
}

/** Pastes text onto the page as a user's Ctrl-V outside the text box would. */
async function pasteOnPage(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test("pasting a traceback anywhere shows the right record first, its line highlighted and the capture coloured", async ({ page }) => {
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  await expect(page.getByRole("status").filter({ hasText: /1 known error in 5 lines/ })).toBeVisible();
  const first = page.locator(".results > li").first();
  await expect(first.getByRole("heading", { level: 3 })).toContainText("RuntimeError: PD Disaggregation does NOT support");
  await expect(first).toContainText("full match");
  await expect(first).toContainText(example.repo);
  await expect(first.locator(".log-ln").first()).toHaveText("line 5");
  await expect(first.locator("mark.hit-span").first()).toContainText(
    "PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
  );
  const capture = first.locator(".log-text .cap").first();
  await expect(capture).toHaveText("MAMBA");
  const patternGroup = first.locator(".pattern-code .cap").first();
  await expect(patternGroup).toHaveText("(.+?)");
  // The capture and its group in the pattern share a colour.
  const [a, b] = await Promise.all([
    capture.evaluate((e) => getComputedStyle(e).backgroundColor),
    patternGroup.evaluate((e) => getComputedStyle(e).backgroundColor),
  ]);
  expect(a).toBe(b);
  await expect(first).toContainText(`Fix: ${example.solutions[0]}`);
  await first.getByRole("link", { name: /Open the record/ }).click();
  await expect(page).toHaveURL(new RegExp(`${examplePath}$`));
});

test("the log view marks the matched line and jumps to it", async ({ page }) => {
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  const view = page.getByRole("region", { name: "Log lines" });
  await expect(view.locator(".lv-hit")).toHaveCount(1);
  await expect(view.locator(".lv-hit")).toHaveAttribute("data-line", "5");
  await page.getByRole("button", { name: "Next match" }).click();
  await expect(page.getByText("match 1 of 1, line 5")).toBeVisible();
  await expect(view.locator(".lv-current")).toHaveAttribute("data-line", "5");
});

test("dropping a log file looks it up", async ({ page }) => {
  await openHome(page);
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.items.add(new File([t], "job-1234.log", { type: "text/plain" }));
    document.body.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, TRACEBACK);
  await expect(page.locator(".results > li")).toHaveCount(1);
  await expect(page.locator(".results > li").first()).toContainText("RuntimeError");
});

test("picking a file with the button looks it up", async ({ page }) => {
  await openHome(page);
  await page.getByLabel("Log file").setInputFiles({ name: "job.log", mimeType: "text/plain", buffer: Buffer.from(TRACEBACK) });
  await expect(page.locator(".results > li")).toHaveCount(1);
});

test("typing into the box looks up as you type, without a submit button", async ({ page }) => {
  await openHome(page);
  await page
    .getByLabel("Log to look up")
    .fill("RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA FP8 hybrid models yet.");
  await expect(page.locator(".results > li")).toHaveCount(1);
  await expect(page.locator("section.lookup").getByRole("button", { name: /submit|search|look up/i })).toHaveCount(0);
});

test("no match says so plainly, lists the lines that look like errors and the closest records", async ({ page }) => {
  await openHome(page);
  await pasteOnPage(
    page,
    [
      "INFO starting",
      "ERROR 10-25 13:08:43 [core.py:708] PD Disaggregation transfer failed for hybrid models",
      "ValueError: something else entirely",
    ].join("\n"),
  );
  await expect(page.getByRole("heading", { name: "No known error matched this log" })).toBeVisible();
  const errorLines = page.getByRole("heading", { name: "Lines that look like errors" }).locator("xpath=following-sibling::ul[1]");
  await expect(errorLines.locator("li")).toHaveCount(2);
  await expect(errorLines).toContainText("line 3");
  await expect(page.locator(".badge-similar").first()).toContainText("guess");
  await expect(page.getByRole("link", { name: /RuntimeError: PD Disaggregation/ })).toHaveAttribute("href", examplePath);
});

test("a share link carries the matches in its fragment and round-trips; the log only when opted in", async ({ page, context }) => {
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  const link = page.getByRole("textbox", { name: "Share link" });
  const url = await link.inputValue();
  expect(url).toContain(`#lookup=1&m=${example.id}%3A5`);
  expect(url).not.toContain("log=");
  expect(url).not.toContain(SECRET);

  const other = await context.newPage();
  await other.goto(url);
  await other.locator("section.lookup[data-ready]").waitFor();
  await expect(other.getByRole("heading", { name: /Shared lookup: 1 known error/ })).toBeVisible();
  await expect(other.getByText("matched at line 5")).toBeVisible();

  await page.getByLabel(/Include the log in the link/).check();
  await expect(page.getByText(/anyone with the link can read the log/)).toBeVisible();
  const withLog = await link.inputValue();
  expect(withLog).toContain("&log=");
  const third = await context.newPage();
  await third.goto(withLog);
  await third.locator("section.lookup[data-ready]").waitFor();
  await expect(third.locator(".results > li")).toHaveCount(1);
  await expect(third.getByRole("region", { name: "Log lines" })).toContainText(SECRET);
});

test("no request carries the log: not the page's, not the worker's", async ({ page }) => {
  const seen: string[] = [];
  page.on("request", (req) => {
    seen.push(`${req.method()} ${req.url()} ${JSON.stringify(req.headers())} ${req.postData() ?? ""}`);
  });
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  await expect(page.locator(".results > li")).toHaveCount(1);
  await page.getByLabel(/Include the log in the link/).check();
  await page.waitForLoadState("networkidle");
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.some((s) => /\/_errdex\/match\/[0-9a-f]+\/filter\.json/.test(s))).toBe(true);
  for (const s of seen) {
    expect(s).not.toContain(SECRET);
    expect(s).not.toContain("MAMBA");
  }
});

test("the worker and the filter load while the page sits idle; a paste then fetches only its shards, in one go", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (req) => fetched.push(new URL(req.url()).pathname));
  await openHome(page);
  await expect.poll(() => fetched.filter((p) => /^\/_errdex\/match\/[0-9a-f]+\/filter\.json$/.test(p)).length).toBe(1);
  expect(fetched.some((p) => /^\/_errdex\/match-worker\.[0-9a-f]+\.js$/.test(p))).toBe(true);
  const before = fetched.length;
  await pasteOnPage(page, TRACEBACK);
  await expect(page.locator(".results > li")).toHaveCount(1);
  const after = fetched.slice(before);
  expect(after.length).toBeGreaterThan(0);
  expect(
    after.every((p) => /^\/_errdex\/match\/[0-9a-f]+\/(shard|words)-\d+\.json$/.test(p)),
    after.join(" "),
  ).toBe(true);
});

test("a first lookup fetches the shard holding the record, and a second lookup nothing more", async ({ page }) => {
  const data: string[] = [];
  page.on("request", (req) => {
    const f = dataFile(req.url());
    if (f) data.push(f);
  });
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  await expect(page.locator(".results > li")).toHaveCount(1);
  expect(data[0]).toBe("filter.json");
  expect(data).toContain("shard-0.json");
  expect(data.filter((f) => f.startsWith("shard-"))).toEqual(["shard-0.json"]);
  const first = [...data];
  await pasteOnPage(page, `${TRACEBACK}\nINFO done`);
  await expect(page.getByRole("status").filter({ hasText: /1 known error in 6 lines/ })).toBeVisible();
  expect(data).toEqual(first);
});

test("no data file is requested once the answer is final", async ({ page }) => {
  const data: { file: string; at: number }[] = [];
  page.on("request", (req) => {
    const file = dataFile(req.url());
    if (file) data.push({ file, at: Date.now() });
  });
  await openHome(page);
  await pasteOnPage(page, `${TRACEBACK}\nValueError: the PD disaggregation does not support different TP sizes here`);
  await expect(page.locator("#lookup-status")).toHaveText(/known errors? in 6 lines/);
  const final = Date.now();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(data.filter((d) => d.at > final).map((d) => d.file)).toEqual([]);
});

test("a second paste of the same log makes no request and answers at once", async ({ page }) => {
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  await expect(page.locator("#lookup-status")).toHaveText(/^1 known error in 5 lines/);
  await page.waitForLoadState("networkidle");
  const requests: string[] = [];
  page.on("request", (req) => requests.push(req.url()));
  await page.getByRole("button", { name: "Clear" }).click();
  await pasteOnPage(page, TRACEBACK);
  const status = page.locator("#lookup-status");
  // The status line says the wall time the person waited; how long that is, is bench/latency.ts's to measure.
  await expect(status).toHaveText(/^1 known error in 5 lines \(\d+ ms\)$/);
  expect(requests).toEqual([]);
});

test("on a slow network, the full match shows while the wording is still compared, then the final answer", async ({ page }) => {
  // The entry shards arrive first, as when the network is slow and the batch is large.
  const { release } = await holdWordShards(page);
  await openHome(page);
  await pasteOnPage(page, `${TRACEBACK}\nValueError: the PD disaggregation does not support different TP sizes here`);
  const status = page.locator("#lookup-status");
  await expect(status).toHaveText("1 known error so far; comparing wording…");
  await expect(page.locator(".results > li").first()).toContainText("PD Disaggregation");
  release();
  await expect(status).toHaveText(/known errors? in 6 lines/, { timeout: 15_000 });
});

test("a shard that cannot be fetched gives an error naming it", async ({ page }) => {
  await page.route("**/_errdex/match/*/shard-0.json", (route) => route.fulfill({ status: 503, body: "busy" }));
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  await expect(page.getByRole("status")).toContainText(
    /Could not match: could not load the matching data \/_errdex\/match\/[0-9a-f]+\/shard-0\.json \(503 Service Unavailable\)/,
    { timeout: 15_000 },
  );
});

test("a 20 MB paste keeps the page responsive, shows progress and can be cancelled", async ({ page }) => {
  await openHome(page);
  // Build the log in the page (sending 20 MB over the test protocol would measure that instead).
  await page.evaluate(() => {
    const noise =
      "[2025-06-01 10:00:00 TP3] Decode batch. #running-req: 12, #token: 48213, token usage: 0.23, gen throughput (token/s): 1843.21\n";
    (window as unknown as { bigLog: string }).bigLog = noise.repeat(Math.ceil((20 * 1024 * 1024) / noise.length));
  });
  await page.evaluate(() => {
    const w = window as unknown as { gaps: number[]; bigLog: string };
    w.gaps = [];
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      w.gaps.push(now - last);
      last = now;
      if (w.gaps.length < 100000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const data = new DataTransfer();
    data.setData("text/plain", w.bigLog);
    document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText(/Pasted log.*20\.0 MB/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /No known error in [\d,]+ lines/ })).toBeVisible({ timeout: 60_000 });
  // While the worker matched, the main thread kept drawing frames: no frame gap close to a freeze.
  const worst = await page.evaluate(() => {
    const gaps = (window as unknown as { gaps: number[] }).gaps.slice(5);
    return Math.max(...gaps);
  });
  expect(worst).toBeLessThan(1500);

  // Cancel: start a bigger lookup (40 MB, a few seconds of work) and stop it.
  await page.evaluate(() => {
    const w = window as unknown as { bigLog: string };
    const data = new DataTransfer();
    data.setData("text/plain", w.bigLog + w.bigLog);
    document.body.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Cancelled." })).toBeVisible();
  await expect(page.locator(".results > li")).toHaveCount(0);
});

test("a dropped 100 MB log is read and looked up while the page keeps drawing; the error in it is found", async ({ page }) => {
  test.setTimeout(240_000);
  await openHome(page);
  const worst = await page.evaluate(async (traceback) => {
    const noise =
      "[2025-06-01 10:00:00 TP3] Decode batch. #running-req: 12, #token: 48213, token usage: 0.23, gen throughput (token/s): 1843.21\n";
    const half = noise.repeat(Math.ceil((50 * 1024 * 1024) / noise.length));
    const w = window as unknown as { gaps: number[] };
    w.gaps = [];
    let last = performance.now();
    let running = true;
    const tick = () => {
      const now = performance.now();
      w.gaps.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const data = new DataTransfer();
    data.items.add(new File([half, traceback, "\n", half], "huge-job.log", { type: "text/plain" }));
    document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    // Wait for the result here, in the page, so the frame record covers the whole lookup.
    await new Promise<void>((resolve) => {
      const check = () => (document.querySelector(".results > li") ? resolve() : setTimeout(check, 100));
      check();
    });
    running = false;
    return Math.max(...w.gaps.slice(5));
  }, TRACEBACK);
  await expect(page.getByText(/huge-job\.log.*100\.0 MB/)).toBeVisible();
  await expect(page.locator(".results > li")).toHaveCount(1);
  await expect(page.locator(".results > li").first()).toContainText("RuntimeError");
  // Reading 100 MB and handing it to the worker cost the main thread some frames, never a freeze.
  expect(worst).toBeLessThan(3000);
});

test("a file over the browser's limit is refused with a message that points at the CLI", async ({ page }) => {
  await openHome(page);
  await page.evaluate(() => {
    const data = new DataTransfer();
    // 201 MiB of zero bytes: a Blob, so the page never holds it as text.
    data.items.add(new File([new Uint8Array(201 * 1024 * 1024)], "core.dump", { type: "application/octet-stream" }));
    document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(
    page.getByText(
      "core.dump is 201.0 MB; errdex reads up to 200.0 MB in the browser. Use the CLI for bigger files: npx errdex match core.dump",
    ),
  ).toBeVisible();
  await expect(page.locator(".results > li")).toHaveCount(0);
});

test("a message reworded in another release is answered as similar wording, with its confidence in words and a word diff", async ({
  page,
}) => {
  await openHome(page);
  await pasteOnPage(page, "RuntimeError: PD disaggregation does not support different TP sizes for non-MLA MAMBA hybrid models yet.");
  const first = page.locator(".results > li").first();
  await expect(first.getByRole("heading", { level: 3 })).toContainText("RuntimeError: PD Disaggregation does NOT support");
  await expect(first).toContainText("medium confidence");
  await expect(first).toContainText("similar wording");
  await expect(first.locator(".word-diff del")).toHaveText(["PD"].map((w) => ` ${w}`));
  await expect(first.locator(".word-diff .diff-value")).toHaveText(" MAMBA");
  await expect(first.locator(".word-diff .diff-value")).toHaveAttribute("title", "{st.upper()}");
  await expect(first).toContainText("similar wording, not a pattern match");
});

test("the captured values are shown by the template's placeholder names", async ({ page }) => {
  await openHome(page);
  await pasteOnPage(page, TRACEBACK);
  const captures = page.locator(".results > li").first().getByRole("definition");
  await expect(page.locator(".results > li").first().locator("dl.captures dt")).toHaveText(["{st.upper()}"]);
  await expect(captures).toHaveText(['= "MAMBA"']);
});

test("when nothing matched, the final exception is listed, not its frames, and the closest record is a guess with its diff", async ({
  page,
}) => {
  await openHome(page);
  await pasteOnPage(
    page,
    [
      "Traceback (most recent call last):",
      '  File "/usr/lib/python3/dist-packages/sglang/srt/server.py", line 3, in run',
      "    start()",
      "RuntimeError: prefill and decode must use the same TP size for hybrid models",
    ].join("\n"),
  );
  await expect(page.getByRole("heading", { name: "No known error matched this log" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Final exceptions" })).toBeVisible();
  const listed = page.locator("section[aria-labelledby=nomatch-title] .log-line");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("RuntimeError: prefill and decode must use the same TP size for hybrid models");
  await expect(page.getByRole("heading", { name: /Closest records — guesses/ })).toBeVisible();
  await expect(page.locator(".badge-similar").first()).toContainText("guess");
  await expect(page.locator("section[aria-labelledby=nomatch-title] .word-diff").first()).toBeVisible();
});
