/**
 * ReDoS analysis at validation. A pattern comes from a dataset and runs on a
 * stranger's log, so every pattern is classified:
 *
 * - the mined shape (literals and single repeated atoms, `simple` in
 *   lib/pattern-analysis) backtracks at most polynomially; the matcher bounds
 *   the input V8 sees for it (lib/matcher `v8InputLimit`), so it is safe by
 *   construction and needs no analysis — unless it has large bounded
 *   repetitions (`.{0,50}`) or many optional items, which count towards the
 *   degree at run time and are checked here as well;
 * - every other pattern is checked with recheck (the maintained ReDoS
 *   checker; ~0.3–2 s per pattern, so verdicts are cached by source and flags
 *   in `.errdex/recheck-cache.json`). A vulnerable one is a warning when the
 *   linear-time RE2 engine can run it (the matcher always does so for complex
 *   shapes), and an error when it cannot (backreferences, lookaround).
 */
import fs from "node:fs";
import path from "node:path";
import { RE2JS } from "re2js";
import type { LoadedRecord } from "../lib/record/schema";
import type { Problem } from "../lib/dataset/problems";
import { compilePattern } from "../lib/pattern/pattern";
import { analyzePattern, PY_END_ANCHOR } from "../lib/pattern/pattern-analysis";
import { z } from "zod";
import { InputError, parseInput } from "../lib/parse";

export interface Verdict {
  status: "safe" | "vulnerable" | "unknown";
  /** e.g. "exponential", "polynomial (degree 2)". */
  complexity?: string;
  attack?: string;
}

const CACHE_FILE = path.join(".errdex", "recheck-cache.json");

const cacheSchema = z.record(
  z.string(),
  z.object({ status: z.enum(["safe", "vulnerable", "unknown"]), complexity: z.string().optional(), attack: z.string().optional() }),
);

/**
 * The cached verdicts. A missing cache is empty; an unreadable or damaged one
 * is empty too, said once on stderr (`warn`), and rewritten after the checks.
 */
export function readCache(
  file = CACHE_FILE,
  warn: (m: string) => void = (m) => void process.stderr.write(m + "\n"),
): Record<string, Verdict> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return {};
  }
  try {
    return parseInput(cacheSchema, JSON.parse(text), file);
  } catch (err) {
    const why = err instanceof InputError ? err.problems[0]! : `${file}: ${err instanceof Error ? err.message : String(err)}`;
    warn(`errdex: ignoring the ReDoS verdict cache (${why}); verdicts are recomputed`);
    return {};
  }
}

/**
 * Runs recheck on one JavaScript pattern; null when recheck is not installed
 * (the published CLI does not bundle it: it brings a JVM build and native
 * binaries of its own).
 */
export async function recheckPattern(source: string, flags: string): Promise<Verdict | null> {
  let check: typeof import("recheck").check;
  try {
    ({ check } = await import("recheck"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ERR_MODULE_NOT_FOUND") return null;
    throw err;
  }
  const d = await check(source, flags, { timeout: 10_000 });
  if (d.status === "safe") return { status: "safe" };
  if (d.status === "unknown") return { status: "unknown", complexity: String(d.error) };
  const c = d.complexity;
  return {
    status: "vulnerable",
    complexity: c.type === "polynomial" ? `polynomial (degree ${c.degree})` : "exponential",
    attack: d.attack.pattern.slice(0, 80),
  };
}

/** True when RE2 (re2js) can run the pattern. */
export function re2CanRun(source: string, flags: string): boolean {
  try {
    RE2JS.compile(source.split(PY_END_ANCHOR).join("(?:\\n?$)"), flags.includes("i") ? RE2JS.CASE_INSENSITIVE : 0);
    return true;
  } catch {
    return false;
  }
}

/** Checks every non-simple pattern for catastrophic backtracking; returns the problems found. */
export async function checkRedos(records: LoadedRecord[]): Promise<Problem[]> {
  const cache = readCache();
  let dirty = false;
  const problems: Problem[] = [];
  for (const lr of records) {
    const c = compilePattern(lr.record.messagePattern);
    if (!c.ok) continue;
    const shape = analyzePattern(c.source, c.flags);
    // The mined shape is safe by construction, unless big bounded repetitions make it backtrack like unbounded ones.
    if (shape.simple && shape.bounded === 0) continue;
    const key = `${c.flags}/${c.source}`;
    const where = { file: lr.file, line: lr.line, id: lr.record.id, field: "messagePattern", check: "redos" };
    let v = cache[key];
    if (!v) {
      const checked = await recheckPattern(c.source, c.flags);
      if (!checked) {
        problems.push({
          ...where,
          level: "warning",
          message: "was not checked for catastrophic backtracking: recheck is not installed",
          hint: "install it beside errdex, e.g. npm install -g recheck, or validate from a checkout of errdex",
        });
        continue;
      }
      v = checked;
      cache[key] = v;
      dirty = true;
    }
    if (v.status !== "vulnerable") continue;
    const attack = v.attack ? `, attack string ${v.attack}` : "";
    if (re2CanRun(c.source, c.flags)) {
      problems.push({
        ...where,
        level: "warning",
        message: `can backtrack catastrophically (${v.complexity}${attack}); errdex runs it only on the linear-time RE2 engine`,
        hint: "simplify nested or overlapping repetitions",
      });
    } else {
      problems.push({
        ...where,
        level: "error",
        message: `can backtrack catastrophically (${v.complexity}${attack}) and uses backreferences or lookaround, which the linear-time engine cannot run`,
        hint: "rewrite it without backreferences and lookaround, or remove the nested repetition",
      });
    }
  }
  if (dirty) {
    fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
    fs.writeFileSync(CACHE_FILE, JSON.stringify(cache));
  }
  return problems;
}
