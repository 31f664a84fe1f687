// Rewrites docs/matching.md's tuning section from lib/match/rank/tuning.ts (between the tuning markers).
import fs from "node:fs";
import { replaceSection } from "../lib/doc-section";
import { tuningTables } from "../lib/match/rank/tuning-doc";

const file = "docs/matching.md";
fs.writeFileSync(file, replaceSection(fs.readFileSync(file, "utf8"), "tuning", tuningTables(), file));
console.log(`${file}: tuning section updated`);
