/**
 * Writes the small Python tree (tree.ts) and mines it with `errdex mine`
 * into the mined site's data folder, for the `mined` Playwright project's
 * build (playwright.config.ts runs it):
 *
 *   npx tsx e2e/mined/make-site-data.ts && ERRDEX_DATA=.errdex/mined-data ERRDEX_OUT=out-mined npm run build
 */
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { TREE } from "./tree";
import { MINED_DATA, MINED_FILE, MINED_REPO, MINED_SHA, MINED_TREE } from "./settings";

fs.rmSync(MINED_TREE, { recursive: true, force: true });
fs.rmSync(MINED_DATA, { recursive: true, force: true });
for (const [name, text] of Object.entries(TREE)) {
  fs.mkdirSync(path.dirname(path.join(MINED_TREE, name)), { recursive: true });
  fs.writeFileSync(path.join(MINED_TREE, name), text);
}
const run = spawnSync("npx", ["tsx", "cli/errdex.ts", "mine", MINED_TREE, "--repo", MINED_REPO, "--sha", MINED_SHA, "--out", MINED_FILE], {
  stdio: "inherit",
});
if (run.status !== 0) process.exit(run.status ?? 1);
