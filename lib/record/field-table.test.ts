import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fieldTable } from "./field-table";
import { readSection } from "../doc-section";
import { RECORD_FIELDS } from "./schema";

describe("the README's field table", () => {
  it("is the one generated from the schema", () => {
    const readme = fs.readFileSync(path.join(__dirname, "..", "..", "README.md"), "utf8");
    expect(readSection(readme, "fields"), "README.md is out of date: run npx tsx scripts/gen-readme-fields.ts").toBe(fieldTable());
  });

  it("has a row for every record field, nullable ones marked", () => {
    const table = fieldTable();
    for (const f of RECORD_FIELDS) expect(table).toContain(`| \`${f}\` |`);
    expect(table).toContain("| `httpStatus` | integer or null |");
    expect(table).toContain("| `schemaVersion` | `2` |");
  });
});
