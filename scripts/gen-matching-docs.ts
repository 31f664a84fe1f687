// Rewrites docs/matching.md's generated sections: tuning from lib/match/rank/tuning.ts, rules from the rules' docs
// (lib/match/rules), each between its markers.
import fs from "node:fs";
import { replaceSection } from "../lib/doc-section";
import { tuningTables } from "../lib/match/rank/tuning-doc";
import { rulesSection } from "../lib/match/rules/rules-doc";

const file = "docs/matching.md";
let doc = fs.readFileSync(file, "utf8");
doc = replaceSection(doc, "tuning", tuningTables(), file);
doc = replaceSection(doc, "rules", rulesSection(), file);
fs.writeFileSync(file, doc);
console.log(`${file}: tuning and rules sections updated`);
