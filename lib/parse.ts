/**
 * Parse, never cast: data that crosses a boundary (a previous build's
 * manifest, fetched JSON, a cache file) goes through a Zod schema here, and
 * (schemas of what the browser parses use `zod/mini`, which tree-shakes),
 * a bad value becomes one readable error naming the source, the path in it,
 * the value found and what was expected.
 */
// Zod's mini build for what runs in the browser and the worker (about 15 KB;
// the classic build is 440 KB minified), with its English messages, jitless.
import "./zod-config";
import { safeParse } from "zod/mini";
import type { $ZodType, output } from "zod/v4/core";
import { clip } from "./text";

/** Thrown by `parseInput`; `problems` holds one line per issue. */
export class InputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "InputError";
  }
}

/** Most issues listed for one input: past that, one more line says how many were left out. */
const MAX_PROBLEMS = 20;

/** `value` as `schema` types it, or an InputError whose lines read `<source>: <path>: <value> <what is wrong>`. */
export function parseInput<S extends $ZodType>(schema: S, value: unknown, source: string): output<S> {
  const r = safeParse(schema, value, { reportInput: true });
  if (r.success) return r.data;
  const lines = r.error.issues.slice(0, MAX_PROBLEMS).map((issue) => {
    const path = pathText(issue.path);
    const found = "input" in issue && issue.input !== undefined ? `${shown(issue.input)} ` : "";
    return `${source}: ${path ? `${path}: ` : ""}${found}${issue.message}`;
  });
  if (r.error.issues.length > MAX_PROBLEMS) lines.push(`${source}: … and ${r.error.issues.length - MAX_PROBLEMS} more problems`);
  throw new InputError(lines);
}

/** `records[3].permalink` from ["records", 3, "permalink"]. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${String(key)}` : String(key);
  return out;
}

function shown(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(clip(v, 120));
  if (v === null || typeof v !== "object") return String(v);
  return Array.isArray(v) ? "(a list)" : "(an object)";
}
