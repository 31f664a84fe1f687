// Rewrites the README's field table from lib/record/schema.ts (between the fields markers).
import fs from "node:fs";
import { fieldTable } from "../lib/record/field-table";
import { replaceSection } from "../lib/doc-section";

fs.writeFileSync("README.md", replaceSection(fs.readFileSync("README.md", "utf8"), "fields", fieldTable(), "README.md"));
console.log("README.md: field table updated");
