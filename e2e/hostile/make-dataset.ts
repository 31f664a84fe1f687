/**
 * Writes the hostile dataset (e2e/hostile/dataset.ts) to .errdex/hostile.jsonl,
 * for the `hostile` Playwright project's build (playwright.config.ts runs it):
 *
 *   npx tsx e2e/hostile/make-dataset.ts && ERRDEX_DATA=.errdex/hostile.jsonl ERRDEX_OUT=out-hostile ERRDEX_PAGE_LIMIT=5 npm run build
 */
import fs from "node:fs";
import path from "node:path";
import { ALL_RECORDS, hostileJsonl } from "./dataset";
import { HOSTILE_DATA } from "./settings";

fs.mkdirSync(path.dirname(HOSTILE_DATA), { recursive: true });
fs.writeFileSync(HOSTILE_DATA, hostileJsonl());
console.log(`errdex e2e: wrote ${ALL_RECORDS.length} records to ${HOSTILE_DATA}`);
