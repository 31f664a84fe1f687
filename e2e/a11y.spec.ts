import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { example, examplePath } from "./example";

const PAGES = [
  { name: "home", path: "/" },
  { name: "tags", path: "/tags" },
  { name: "tag", path: `/tags/${example.tags[0]}` },
  { name: "record", path: examplePath },
  { name: "404", path: "/errors/nope/nope/nope" },
];

for (const p of PAGES) {
  test(`axe finds no accessibility violations on the ${p.name} page`, async ({ page }) => {
    await page.goto(p.path);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
    );
    expect(summary).toEqual([]);
  });
}
