/**
 * From tree to site: a Python tree mined by `errdex mine` (make-site-data.ts),
 * built into out-mined/ and served; a traceback the tree's code prints, pasted
 * into the lookup, finds the mined record first.
 */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { recordPath } from "../../lib/record/permalink";
import type { ErrorRecord } from "../../lib/record/schema";
import { MINED_FILE } from "./settings";
import { FULL_DOCK_LOG } from "./tree";

const records = (): ErrorRecord[] =>
  fs
    .readFileSync(MINED_FILE, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { record: ErrorRecord }).record);

test("the mined dataset holds the tree's raises, tests left out", () => {
  expect(records().map((r) => [r.errorClass, r.errorMessage, r.filePath])).toEqual([
    ["CapacityError", "Dock {self.name} is full: {len(self.ships)} of {self.capacity} berths taken", "shipyard/dock.py"],
    ["UnknownShipError", "No ship named {name!r} at dock {self.name}", "shipyard/dock.py"],
    ["ValueError", "Draft {draft} m exceeds the channel depth of {depth} m", "shipyard/tide.py"],
  ]);
});

test("a traceback the tree's code prints finds the mined record first", async ({ page }) => {
  const full = records().find((r) => r.errorClass === "CapacityError")!;
  await page.goto("/");
  await page.locator("section.lookup[data-ready]").waitFor();
  await page.getByLabel("Log to look up").fill(FULL_DOCK_LOG);
  const first = page.locator(".results > li").first();
  await expect(first.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", recordPath(full));
  await expect(first).toContainText("CapacityError");
  await expect(first).toContainText("berths taken");
  await first.getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${recordPath(full)}/?$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("is full");
  await expect(
    page
      .getByText("Starts at the dock", { exact: false })
      .or(page.getByText("Berths a ship at the dock.", { exact: false }))
      .first(),
  ).toBeVisible();
});
