/**
 * Per-log outcome snapshots of the evaluation sets (`eval/<set>/outcomes.json`).
 * Each log's outcome — where its expected record ranks, with which kind and
 * confidence, and what came first instead — is committed; the corpus suite
 * recomputes them all and fails on any difference, so fixing one log while
 * breaking another cannot pass unseen. `bench/eval-accept.ts` records a
 * change, with a written reason per log.
 */
import { z } from "zod";
import type { LogOutcome } from "./devset-eval";

const answerSchema = z.object({ id: z.string(), kind: z.string(), confidence: z.string() });

/** One log's committed outcome. */
export const outcomeSchema = z.object({
  /** Rank (1-based) of the first expected record among the answers; null when absent or not expected. */
  rank: z.number().int().positive().nullable(),
  /** Kind and confidence of the expected record's answer, when it was found. */
  kind: z.string().nullable(),
  confidence: z.string().nullable(),
  /** The first answer, when it is not an expected record (a wrong answer, or any answer on a negative). */
  first: answerSchema.nullable(),
  /** Why this outcome was accepted the last time it changed. */
  reason: z.string().min(1).optional(),
});
export type Outcome = z.infer<typeof outcomeSchema>;

/** A set's snapshot: outcomes by log file name. */
export const snapshotSchema = z.record(z.string(), outcomeSchema);
export type Snapshot = z.infer<typeof snapshotSchema>;

/** The outcome of one scored log, as the snapshot records it (no reason). */
export function outcomeOf(log: LogOutcome): Outcome {
  const index = log.answers.findIndex((a) => log.expected.includes(a.id));
  const hit = index >= 0 ? log.answers[index] : undefined;
  const first = log.answers[0];
  return {
    rank: hit ? index + 1 : null,
    kind: hit?.kind ?? null,
    confidence: hit?.confidence ?? null,
    first: first && !log.expected.includes(first.id) ? { ...first } : null,
  };
}

/** One log whose outcome differs from its snapshot. */
export interface OutcomeChange {
  file: string;
  before: Outcome | undefined;
  after: Outcome | undefined;
}

const describeOutcome = (o: Outcome | undefined): string => {
  if (!o) return "not recorded";
  const found = o.rank ? `expected at rank ${o.rank} (${o.kind}, ${o.confidence})` : "expected record not answered";
  return o.first ? `${found}; first ${o.first.id} (${o.first.kind}, ${o.first.confidence})` : found;
};

/** One line per change: `file: before → after`. */
export function describeChange(c: OutcomeChange): string {
  return `${c.file}: ${describeOutcome(c.before)} → ${describeOutcome(c.after)}`;
}

const sameOutcome = (a: Outcome, b: Outcome): boolean =>
  a.rank === b.rank &&
  a.kind === b.kind &&
  a.confidence === b.confidence &&
  (a.first?.id ?? null) === (b.first?.id ?? null) &&
  (a.first?.kind ?? null) === (b.first?.kind ?? null) &&
  (a.first?.confidence ?? null) === (b.first?.confidence ?? null);

/** The logs whose current outcome differs from the snapshot, or that only one of them holds. */
export function diffOutcomes(snapshot: Snapshot, current: Snapshot): OutcomeChange[] {
  const files = [...new Set([...Object.keys(snapshot), ...Object.keys(current)])].sort();
  const changes: OutcomeChange[] = [];
  for (const file of files) {
    const before = snapshot[file];
    const after = current[file];
    if (!before || !after || !sameOutcome(before, after)) changes.push({ file, before, after });
  }
  return changes;
}

/**
 * The snapshot after accepting `changes`, each with its reason. Throws, naming
 * them, when a changed log has no reason or a reason names a log that did not change.
 */
export function acceptChanges(snapshot: Snapshot, changes: OutcomeChange[], reasons: Map<string, string>): Snapshot {
  const changed = new Set(changes.map((c) => c.file));
  const unexplained = changes.filter((c) => c.after && !reasons.get(c.file)?.trim()).map((c) => c.file);
  if (unexplained.length)
    throw new Error(`a reason is needed for each changed log; missing for: ${unexplained.join(", ")} (--reason FILE="why")`);
  const stray = [...reasons.keys()].filter((f) => !changed.has(f));
  if (stray.length) throw new Error(`these logs did not change, so there is nothing to accept: ${stray.join(", ")}`);
  const next: Snapshot = { ...snapshot };
  for (const c of changes) {
    if (c.after) next[c.file] = { ...c.after, reason: reasons.get(c.file)!.trim() };
    else delete next[c.file];
  }
  return sortSnapshot(next);
}

/** The snapshot with its logs in file-name order (stable diffs). */
export function sortSnapshot(s: Snapshot): Snapshot {
  return Object.fromEntries(
    Object.keys(s)
      .sort()
      .map((k) => [k, s[k]!]),
  );
}

/** Confidence calibration: of the first answers given with each confidence, how many were right. */
export interface Calibration {
  confidence: string;
  answers: number;
  right: number;
}

/**
 * How often a first answer of each confidence is right over `logs`. A first
 * answer is right when its log is in the corpus and it is an expected record;
 * any answer on a negative log or on an error the corpus lacks counts as wrong.
 */
export function calibrate(logs: LogOutcome[]): Calibration[] {
  const by = new Map<string, Calibration>(["high", "medium", "low"].map((c) => [c, { confidence: c, answers: 0, right: 0 }]));
  for (const log of logs) {
    const first = log.answers[0];
    if (!first) continue;
    const cell = by.get(first.confidence) ?? { confidence: first.confidence, answers: 0, right: 0 };
    by.set(first.confidence, cell);
    cell.answers++;
    if (log.category === "in-corpus" && log.expected.includes(first.id)) cell.right++;
  }
  return [...by.values()];
}
