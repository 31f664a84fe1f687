/**
 * Parses a rows JSON (a paginated tag's or a big repository's records, as
 * BrowseRow) fetched by the list filters. Each row's permalink must be a
 * permalink: the rows become links.
 */
import * as z from "zod/mini";
import { parseInput } from "../parse";
import { PERMALINK_RE } from "../record/permalink";
import type { BrowseRow } from "./site-index";

const text = z.string().check(z.maxLength(10_000));
const rowsSchema = z.array(
  z.object({ c: text, m: text, r: text, s: text, t: text, p: z.string().check(z.regex(PERMALINK_RE, "is not a permalink")) }),
);

/** The rows of a fetched rows JSON; throws an InputError naming the bad row. */
export function parseBrowseRows(json: unknown, source: string): BrowseRow[] {
  return parseInput(rowsSchema, json, source);
}
