/** The canonical example record (data/example.json), read the way the site reads it, for tests to derive expectations from. */
import fs from "node:fs";
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath } from "../lib/record/permalink";

const line = fs.readFileSync(new URL("../data/example.json", import.meta.url), "utf8");

export const example: ErrorRecord = JSON.parse(line).record;
export const examplePath = recordPath(example);
