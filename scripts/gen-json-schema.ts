/**
 * Writes `schema/record.schema.json`, the JSON Schema of one dataset line that
 * editors use to check and complete records, from `lib/schema.ts`. Run it after
 * every schema change: `npx tsx scripts/gen-json-schema.ts` (a unit test fails
 * until the committed file matches the schema).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { datasetLineJsonSchema } from "../lib/record/schema";

/** Where the generated schema lives, relative to the project root. */
export const JSON_SCHEMA_PATH = "schema/record.schema.json";

/** The file's exact text: pretty-printed, newline-terminated. */
export function jsonSchemaText(): string {
  return JSON.stringify(datasetLineJsonSchema(), null, 2) + "\n";
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const out = path.join(root, JSON_SCHEMA_PATH);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, jsonSchemaText());
  console.log(`wrote ${JSON_SCHEMA_PATH}`);
}
