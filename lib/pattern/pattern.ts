/**
 * Compiles a record's `messagePattern` (Python `re` dialect) into a JavaScript
 * RegExp, once. Validation, the matcher and the pages all go through here so
 * that they agree on what a pattern means.
 */
import { translatePythonRegex } from "./python-regex";
import { clip } from "../text";

export interface CompiledPattern {
  /** JavaScript source after translation. */
  source: string;
  /** JavaScript flags from Python inline flags (never g/y/d). */
  flags: string;
  /** Each capture group's name, by group number less one (empty for an unnamed group). */
  groupNames: string[];
  groupCount: number;
}

export type CompileResult = ({ ok: true } & CompiledPattern) | { ok: false; error: string };

/** Results by pattern: validation's checks and the matcher compile the same patterns; do it once. */
const cache = new Map<string, CompileResult>();
const CACHE_LIMIT = 250_000;

/** Translates and test-compiles a pattern (memoised); the error says why it cannot be used. */
export function compilePattern(pattern: string): CompileResult {
  let r = cache.get(pattern);
  if (!r) {
    r = compileUncached(pattern);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(pattern, r);
  }
  return r;
}

function compileUncached(pattern: string): CompileResult {
  if (pattern === "") return { ok: false, error: "is empty: an empty pattern would match every log line" };
  const t = translatePythonRegex(pattern);
  if (!t.ok) return { ok: false, error: `is not a usable Python regular expression: ${clip(t.error, ERROR_MAX)}` };
  return { ok: true, source: t.source, flags: t.flags, groupNames: t.groupNames, groupCount: t.groupCount };
}

/** Engine messages quote the whole pattern; a problem line quotes at most this much of it. */
const ERROR_MAX = 201;

/** A RegExp for a compiled pattern with extra flags (e.g. `d` for capture spans). */
export function toRegExp(p: CompiledPattern, extraFlags = ""): RegExp {
  return new RegExp(p.source, p.flags + extraFlags);
}
