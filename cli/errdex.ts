/**
 * The errdex command line: `errdex validate` and `errdex match`.
 * Exit codes: 0 success (valid / something matched), 1 invalid / nothing
 * matched, 2 usage or I/O error.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";

export const USAGE = `usage: errdex <command> [options]

commands:
  validate [--data PATH] [--json]            check a dataset; exit 0 valid, 1 invalid, 2 usage or I/O error
  match [--data PATH] [--json] [--top N] [FILE|-]
                                             find known errors in a log file or stdin; exit 0 matched, 1 none, 2 error

options:
  --data PATH   dataset file or folder (default: $ERRDEX_DATA, else the embedded data/)
  --json        machine-readable output on stdout
  --top N       show at most N matches (default 10)
  -h, --help    show this help`;

/** Runs the CLI with the given arguments; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  // `errdex match log | head`: the reader went away; stop quietly instead of crashing on EPIPE.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    (command === undefined ? process.stderr : process.stdout).write(USAGE + "\n");
    return command === undefined ? 2 : 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        data: { type: "string" },
        json: { type: "boolean", default: false },
        top: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (err) {
    return usageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  switch (command) {
    case "validate":
      if (positionals.length) return usageError(`validate takes no file argument (got ${positionals[0]}); use --data PATH`);
      if (values.top !== undefined) return usageError("--top applies to match only");
      return (await import("./validate")).runValidate({ data: values.data, json: values.json ?? false });
    case "match": {
      if (positionals.length > 1) return usageError(`match reads one log (got ${positionals.length})`);
      let top = 10;
      if (values.top !== undefined) {
        top = Number(values.top);
        if (!Number.isInteger(top) || top < 1) return usageError(`--top must be a whole number of at least 1 (got ${values.top})`);
      }
      return (await import("./match")).runMatch({ data: values.data, json: values.json ?? false, top, input: positionals[0] ?? "-" });
    }
    default:
      return usageError(`unknown command ${JSON.stringify(command)}`);
  }
}

function usageError(message: string): number {
  process.stderr.write(`errdex: ${message}\n\n${USAGE}\n`);
  return 2;
}

// Run when executed directly (tsx cli/errdex.ts); bin/errdex.mjs imports main() instead.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
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
