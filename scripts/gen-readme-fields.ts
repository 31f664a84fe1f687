// Rewrites the README's field table from lib/schema.ts (between the fields markers).
import fs from "node:fs";
import { fieldTable } from "../lib/field-table";
import { replaceFieldTable } from "../lib/readme-fields";

fs.writeFileSync("README.md", replaceFieldTable(fs.readFileSync("README.md", "utf8"), fieldTable()));
console.log("README.md: field table updated");
