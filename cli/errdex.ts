/**
 * The errdex command line: `errdex validate`, `errdex match`, `errdex show` and `errdex mine`.
 * Exit codes: 0 success (valid / something matched), 1 invalid / nothing
 * matched, 2 usage or I/O error.
 */
import { pathToFileURL } from "node:url";
import { isMainThread, workerData } from "node:worker_threads";
import { version } from "../package.json";
import { parseCommand, USAGE } from "./args";

/** errdex's version, from package.json (inlined into the bundle). */
export const VERSION: string = version;

/** Runs the CLI with the given arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  // `errdex match log | head`: the reader went away; stop quietly instead of crashing on EPIPE.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
  const cmd = parseCommand(argv);
  switch (cmd.command) {
    case "help":
      (cmd.toStderr ? process.stderr : process.stdout).write((cmd.text ?? USAGE) + "\n");
      return cmd.toStderr ? 2 : 0;
    case "version":
      process.stdout.write(VERSION + "\n");
      return 0;
    case "usage-error":
      process.stderr.write(`errdex: ${cmd.message}\n\n${cmd.usage ?? USAGE}\n`);
      return 2;
    case "validate":
      return (await import("./validate")).runValidate({ data: cmd.data, json: cmd.json });
    case "match":
      return (await import("./match")).runMatch({
        data: cmd.data,
        format: cmd.format,
        top: cmd.top,
        input: cmd.input,
        explain: cmd.explain,
      });
    case "show":
      return (await import("./show")).runShow({ data: cmd.data, format: cmd.format, ref: cmd.ref, manifest: cmd.manifest });
    case "mine":
      return (await import("./mine")).runMine(cmd.options);
  }
}

// In the bundle, `errdex mine`'s worker threads load this file: start the worker (cli/mine-pool.ts).
if (!isMainThread && (workerData as { errdex?: string } | null)?.errdex === "mine-worker") void import("./mine-pool");

// Run when executed directly (tsx cli/errdex.ts); bin/errdex.mjs imports main() instead.
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`errdex: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exitCode = 2;
    },
  );
}
