/**
 * What `errdex mine` tells stderr: each problem as `path[:line]: what`, a
 * progress line (rewritten in place on a terminal, every 1,000 files
 * otherwise), and a summary: records, merged repeats, unreadable messages by
 * reason, kept and removed identities.
 */
import type { Identity, PreviousKey } from "../lib/mine/identities";
import type { FileResult } from "./mine-file";
import { terminalSafe } from "./terminal";

/** Progress lines on a pipe: one per this many files. */
const PIPE_EVERY = 1000;
/** How many unreadable reasons the summary names. */
const TOP_REASONS = 8;

export class Progress {
  files = 0;
  skipped = 0;
  records = 0;
  merged = 0;
  withoutMessage = 0;
  problems = 0;
  seconds = 0;
  private readonly reasons = new Map<string, number>();
  private unreadable = 0;
  private lastDraw = 0;
  private readonly tty: boolean;

  constructor(private readonly out: NodeJS.WriteStream) {
    this.tty = Boolean(out.isTTY);
  }

  /** A problem line, printed at once. */
  problem(line: string): void {
    this.problems++;
    this.write(terminalSafe(line) + "\n");
  }

  /** One file's result. */
  file(r: FileResult, verbose: boolean): void {
    this.files++;
    if (r.skipped) this.skipped++;
    for (const p of r.problems) this.problem(p);
    this.records += r.records.length;
    this.withoutMessage += r.withoutMessage;
    for (const u of r.unreadable) {
      this.unreadable++;
      // Grouped without the specifics in parentheses: "a variable (msg) not assigned…" and "(err) …" are one reason.
      const reason = u.reason.replace(/ \([^)]*\)/g, "");
      this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
      if (verbose) this.write(terminalSafe(`${u.where}: cannot read the message: ${u.reason}`) + "\n");
    }
    const now = Date.now();
    if (this.tty ? now - this.lastDraw > 200 : this.files % PIPE_EVERY === 0) {
      this.lastDraw = now;
      this.write(this.tty ? `\r${this.line()}\x1b[K` : `${this.line()}\n`);
    }
  }

  private line(): string {
    return `mine: ${this.files} files, ${this.records} records, ${this.problems} errors`;
  }

  private write(text: string): void {
    if (this.tty && this.lastDraw && !text.startsWith("\r")) this.out.write("\r\x1b[K");
    this.out.write(text);
  }

  /** The summary, once the dataset is written. */
  finish(identities: Identity[], removed: PreviousKey[], out: string | undefined): void {
    const kept = identities.filter((i) => i.kept !== "new").length;
    for (const r of removed)
      this.write(terminalSafe(`${r.filePath}: removed: record ${r.id} ${r.repo}/${r.slug} (no site continues it)`) + "\n");
    const lines = [
      `mine: ${this.files} ${this.files === 1 ? "file" : "files"} (${this.skipped} skipped) in ${this.seconds.toFixed(1)} s: ${identities.length} records` +
        ` (${this.merged} repeated messages merged), ${this.unreadable} messages it cannot read, ${this.withoutMessage} raises without a message`,
    ];
    const reasons = [...this.reasons].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    for (const [reason, n] of reasons.slice(0, TOP_REASONS)) lines.push(`  ${n} × ${reason}`);
    if (this.unreadable) lines.push("  (--verbose lists each)");
    if (kept || removed.length) lines.push(`mine: ${kept} records kept their id and slug from --previous, ${removed.length} removed`);
    lines.push(`mine: wrote ${out ?? "stdout"}`);
    this.write((this.tty ? "\r\x1b[K" : "") + lines.join("\n") + "\n");
  }
}
