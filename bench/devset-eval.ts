/**
 * Accuracy on a set of real logs (devset/ or another set of the same
 * format): each log's answers compared with its expected records. Used by
 * `bench/devset.ts` (which prints and writes the figures) and by the corpus
 * suite (which keeps them from sliding back).
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { type Lookup } from "../lib/match/lookup";
import { parseInput } from "../lib/parse";

const caseSchema = z
  .object({
    file: z.string(),
    source: z.string(),
    category: z.enum(["in-corpus", "absent", "negative"]),
    expected: z.array(z.string().regex(/^[0-9a-f]{16}$/)),
  })
  .loose();
export type DevsetCase = z.infer<typeof caseSchema>;

/** A set's cases, parsed from its expected.json. */
export function readDevset(dir: string): DevsetCase[] {
  return parseInput(z.array(caseSchema), JSON.parse(fs.readFileSync(path.join(dir, "expected.json"), "utf8")), "expected.json");
}

export interface LogOutcome {
  file: string;
  category: DevsetCase["category"];
  expected: string[];
  /** `top-1`, `top-2`, `top-3`, `wrong`, `no answer`; outside the corpus `high-confidence answer`, `answered (low)`… */
  outcome: string;
  answers: { id: string; kind: string; confidence: string }[];
}

export interface DevsetScore {
  logs: number;
  inCorpus: number;
  top1: number;
  top3: number;
  unanswered: number;
  /** In-corpus logs whose first answer is wrong yet high-confidence. */
  confidentWrong: number;
  highOnNegative: number;
  highOnAbsent: number;
  perLog: LogOutcome[];
}

/** Runs every log of the set through `lookup` and scores the answers; `known` are the corpus's ids. */
export function scoreDevset(dir: string, cases: DevsetCase[], lookup: Lookup, known: Set<string>): DevsetScore {
  const s: DevsetScore = {
    logs: cases.length,
    inCorpus: 0,
    top1: 0,
    top3: 0,
    unanswered: 0,
    confidentWrong: 0,
    highOnNegative: 0,
    highOnAbsent: 0,
    perLog: [],
  };
  for (const c of cases) {
    const log = fs.readFileSync(path.join(dir, "logs", c.file), "utf8");
    const got = lookup.run(log).matches.map((m) => ({ id: m.id, kind: m.kind, confidence: m.confidence }));
    const first = got[0];
    let outcome: string;
    if (c.category === "in-corpus") {
      const missing = c.expected.filter((id) => !known.has(id));
      if (missing.length) throw new Error(`${c.file}: expected ${missing.join(", ")}, which the corpus does not hold`);
      s.inCorpus++;
      const rank = got.findIndex((a) => c.expected.includes(a.id));
      if (rank === 0) s.top1++;
      if (rank >= 0 && rank < 3) s.top3++;
      if (!first) s.unanswered++;
      if (first && rank !== 0 && first.confidence === "high") s.confidentWrong++;
      outcome = rank === 0 ? "top-1" : rank > 0 && rank < 3 ? `top-${rank + 1}` : first ? "wrong" : "no answer";
    } else {
      const high = got.some((a) => a.confidence === "high");
      if (high && c.category === "negative") s.highOnNegative++;
      if (high && c.category === "absent") s.highOnAbsent++;
      outcome = high ? "high-confidence answer" : first ? `answered (${first.confidence})` : "no answer";
    }
    s.perLog.push({ file: c.file, category: c.category, expected: c.expected, outcome, answers: got.slice(0, 3) });
  }
  return s;
}
