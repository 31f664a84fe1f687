/**
 * Accepts changed per-log outcomes into the evaluation snapshots
 * (`eval/<set>/outcomes.json`), each with a written reason:
 *
 *   npm run eval:accept -- --reason 0042-vllm-foo.log="the sibling check now explains the clause"
 *
 * Without `--reason` it lists what changed and exits 1. A changed log without a
 * reason, or a reason for a log that did not change, is refused (exit 2) and
 * nothing is written. `--init` writes the snapshots of sets that have none.
 */
import { parseArgs } from "node:util";
import { acceptChanges, describeChange, diffOutcomes } from "./eval-outcomes";
import { currentSnapshot, readSnapshot, scoreSets, snapshotPath, writeSnapshot } from "./eval-run";

const { values } = parseArgs({
  options: { reason: { type: "string", multiple: true, default: [] }, init: { type: "boolean", default: false } },
});

const reasons = new Map<string, string>();
for (const r of values.reason!) {
  const eq = r.indexOf("=");
  if (eq <= 0) {
    console.error(`eval:accept: --reason must be FILE="why", got "${r}"`);
    process.exit(2);
  }
  reasons.set(r.slice(0, eq), r.slice(eq + 1));
}

const scored = scoreSets();
const pending = scored.map(({ set, score }) => {
  const before = readSnapshot(set);
  const now = currentSnapshot(score);
  return { set, before, now, changes: diffOutcomes(before, now) };
});

if (values.init) {
  for (const p of pending.filter((p) => Object.keys(p.before).length === 0)) {
    writeSnapshot(p.set, p.now);
    console.log(`wrote ${snapshotPath(p.set)} (${Object.keys(p.now).length} logs)`);
  }
  process.exit(0);
}

const changed = pending.flatMap((p) => p.changes.map((c) => ({ set: p.set.name, change: c })));
if (!changed.length) {
  console.log("every log's outcome is as recorded; nothing to accept");
  process.exit(0);
}
for (const c of changed) console.log(`${c.set}/${describeChange(c.change)}`);
if (!reasons.size) {
  console.log(`\n${changed.length} changed; accept each with --reason FILE="why"`);
  process.exit(1);
}
try {
  // Reasons name log files; each set takes the reasons of its own changed logs.
  const next = pending.map((p) => {
    const mine = new Map([...reasons].filter(([f]) => p.changes.some((c) => c.file === f)));
    return { p, snapshot: acceptChanges(p.before, p.changes, mine) };
  });
  const used = new Set(pending.flatMap((p) => p.changes.map((c) => c.file)));
  const stray = [...reasons.keys()].filter((f) => !used.has(f));
  if (stray.length) throw new Error(`these logs did not change, so there is nothing to accept: ${stray.join(", ")}`);
  for (const { p, snapshot } of next) if (p.changes.length) writeSnapshot(p.set, snapshot);
  console.log(`\naccepted ${changed.length} change(s)`);
} catch (err) {
  console.error(`eval:accept: ${(err as Error).message}; nothing written`);
  process.exit(2);
}
