// Rewrites the README's field table from lib/schema.ts (between the fields markers).
import fs from "node:fs";
import { fieldTable } from "../lib/record/field-table";
import { replaceFieldTable } from "../lib/record/readme-fields";

fs.writeFileSync("README.md", replaceFieldTable(fs.readFileSync("README.md", "utf8"), fieldTable()));
console.log("README.md: field table updated");
