/** A log line after cleaning, and the levels a stripped prefix can carry. */

/** Severity carried by a stripped level prefix (or a JSON `level` field). */
export type LogLevel = "trace" | "debug" | "info" | "notice" | "warning" | "error" | "critical" | "fatal";

/** One line of a pasted log after cleaning. */
export interface LogLine {
  /** 1-based line number in the original log. */
  line: number;
  /** Cleaned text. */
  text: string;
  /** Level taken from a stripped prefix (`ERROR …`, `[E1025 …]`, `##[error]`, JSON `"level":"error"`). */
  level?: LogLevel;
  /**
   * Producer of the line, from stripped tags such as `[rank0]:`, `(VllmWorker rank=0 pid=123)`,
   * `sglang-1  |`, `[pod/x/c]` or the `TP3` in `[2025-06-01 10:00:00 TP3]`; several tags are
   * joined with "/" outermost first (`sglang-1/TP3`). Lets the traceback parser untangle
   * interleaved processes.
   */
  stream?: string;
  /** True when a stripped prefix was a log-record header (timestamp or level): a new record starts here. */
  recordStart?: boolean;
}
