/**
 * The command line's words: each command's options, the usage text with an
 * example per command, and arguments parsed into a command or the exact
 * usage error to print. Pure (no I/O), so the messages are easy to test.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { MINE_USAGE, parseMineArgs, type MineOptions } from "./mine-args";

/** Output formats of `errdex match`. */
export const FORMATS = ["text", "json", "markdown", "github"] as const;
export type Format = (typeof FORMATS)[number];

/** Formats `errdex show` (and `match --explain`) prints a record in. */
export const RECORD_FORMATS = ["text", "markdown", "json"] as const;
export type RecordFormat = (typeof RECORD_FORMATS)[number];

/** What `errdex match` shows by default. */
export const DEFAULT_TOP = 10;

export const USAGE = `usage: errdex <command> [options]

commands:
  validate [--data PATH] [--json]
      check a dataset; exit 0 valid, 1 invalid, 2 usage or I/O error
      example: errdex validate --data errors/
  match [--data PATH] [--format FORMAT] [--top N] [--explain] [FILE|-]
      find known errors in a log file or stdin; exit 0 matched, 1 none, 2 usage or data error
      example: make test 2>&1 | errdex match --format markdown
      example: errdex match --explain job.log
  show [--data PATH] [--format text|markdown|json] [--manifest FILE] REF
      print one record in full; REF is an id, a short link (/e/<id>), a permalink or owner/repo/slug;
      exit 0 found, 1 no such record (with "did you mean"), 2 usage or data error
      example: errdex show sgl-project/sglang/pd-disaggregation-does-not-support-pd-different-tp
  mine PATH --repo OWNER/NAME [--sha SHA] [--out FILE] [--previous DATASET] [--exclude GLOB]...
      mine a tree of Python source into a dataset (errdex mine --help for every option)
      example: errdex mine ~/src/vllm --repo vllm-project/vllm --out data/vllm.jsonl

options:
  --data PATH      dataset file or folder (default: $ERRDEX_DATA, else the embedded data/)
  --format FORMAT  how match prints: text (default), json, markdown (for chats and PR comments)
                   or github (workflow annotations, plus a summary in $GITHUB_STEP_SUMMARY)
  --json           the same as --format json
  --top N          show at most N matches (default ${DEFAULT_TOP})
  --explain        match prints the first match in full, as show does (format text, markdown or json)
  --manifest FILE  a build's out/_errdex/manifest.json: show then knows an older dataset's names
  --version        print errdex's version
  -h, --help       show this help

ERRDEX_SITE_URL=https://errdex.example.org makes the permalinks absolute.`;

type Options = NonNullable<ParseArgsConfig["options"]>;

const HELP = { help: { type: "boolean", short: "h" } } as const satisfies Options;

/** Each command's options, and how the usage error lists them. */
const COMMANDS = {
  validate: {
    options: { data: { type: "string" }, json: { type: "boolean" }, ...HELP },
    names: "--data PATH, --json, -h/--help",
  },
  match: {
    options: {
      data: { type: "string" },
      format: { type: "string" },
      json: { type: "boolean" },
      top: { type: "string" },
      explain: { type: "boolean" },
      ...HELP,
    },
    names: "--data PATH, --format FORMAT, --json, --top N, --explain, -h/--help",
  },
  show: {
    options: { data: { type: "string" }, format: { type: "string" }, json: { type: "boolean" }, manifest: { type: "string" }, ...HELP },
    names: "--data PATH, --format text|markdown|json, --json, --manifest FILE, -h/--help",
  },
} as const satisfies Record<string, { options: Options; names: string }>;

export type Command =
  /** `text`: a command's own help (default: USAGE). */
  | { command: "help"; toStderr: boolean; text?: string }
  | { command: "version" }
  | { command: "validate"; data?: string | undefined; json: boolean }
  | { command: "match"; data?: string | undefined; format: Format; top: number; input: string; explain: boolean }
  | { command: "show"; data?: string | undefined; format: RecordFormat; ref: string; manifest?: string | undefined }
  | { command: "mine"; options: MineOptions }
  /** Bad arguments: print `errdex: <message>`, then the usage (`usage`, default USAGE), and exit 2. */
  | { command: "usage-error"; message: string; usage?: string };

const usageError = (message: string): Command => ({ command: "usage-error", message });

/** Parses the arguments after `errdex`. */
export function parseCommand(argv: string[]): Command {
  const [command, ...rest] = argv;
  if (command === undefined) return { command: "help", toStderr: true };
  if (command === "-h" || command === "--help" || command === "help") return { command: "help", toStderr: false };
  if (command === "--version") return { command: "version" };
  if (command === "mine") return parseMine(rest);
  if (command !== "validate" && command !== "match" && command !== "show") {
    return command.startsWith("-")
      ? usageError(`unknown option '${command}'; errdex takes --version, -h/--help, or a command: validate, match, show, mine`)
      : usageError(`unknown command ${JSON.stringify(command)}`);
  }
  const spec = COMMANDS[command];
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: spec.options, allowPositionals: true, strict: true });
  } catch (err) {
    const unknown = firstUnknownOption(rest, spec.options);
    if (unknown) return usageError(`unknown option '${unknown}'; ${command} takes ${spec.names}`);
    return usageError(err instanceof Error ? err.message : String(err));
  }
  const values = parsed.values as {
    data?: string;
    json?: boolean;
    format?: string;
    top?: string;
    help?: boolean;
    explain?: boolean;
    manifest?: string;
  };
  const positionals = parsed.positionals;
  if (values.help) return { command: "help", toStderr: false };
  if (command === "validate") {
    if (positionals.length) return usageError(`validate takes no file argument (got ${positionals[0]}); use --data PATH`);
    return { command: "validate", data: values.data, json: values.json ?? false };
  }
  if (command === "show") return showCommand(values, positionals);
  if (positionals.length > 1) return usageError(`match reads one log (got ${positionals.length})`);
  let top = DEFAULT_TOP;
  if (values.top !== undefined) {
    top = Number(values.top);
    if (!Number.isInteger(top) || top < 1) return usageError(`--top must be a whole number of at least 1 (got ${values.top})`);
  }
  let format: Format = values.json ? "json" : "text";
  if (values.format !== undefined) {
    if (!isFormat(values.format)) return usageError(`unknown format '${values.format}'; --format takes one of ${FORMATS.join(", ")}`);
    if (values.json && values.format !== "json")
      return usageError(`--json is --format json, which disagrees with --format ${values.format}; pass one`);
    format = values.format;
  }
  if (values.explain && format === "github")
    return usageError("--explain prints one record in full; it takes --format text, markdown or json, not github");
  return { command: "match", data: values.data, format, top, input: positionals[0] ?? "-", explain: values.explain ?? false };
}

/** `show`'s one reference and its format (text, markdown or json). */
function showCommand(values: { data?: string; json?: boolean; format?: string; manifest?: string }, positionals: string[]): Command {
  if (positionals.length !== 1)
    return usageError(`show takes one record reference (got ${positionals.length}); e.g. errdex show 213d04cf659a6918`);
  const format = values.format ?? (values.json ? "json" : "text");
  if (!(RECORD_FORMATS as readonly string[]).includes(format))
    return usageError(`unknown format '${format}'; show's --format takes one of ${RECORD_FORMATS.join(", ")}`);
  if (values.json && format !== "json") return usageError(`--json is --format json, which disagrees with --format ${format}; pass one`);
  return { command: "show", data: values.data, format: format as RecordFormat, ref: positionals[0]!, manifest: values.manifest };
}

/** `errdex mine …`, parsed by mine-args.ts. */
function parseMine(args: string[]): Command {
  const parsed = parseMineArgs(args);
  if (parsed.kind === "help") return { command: "help", toStderr: false, text: MINE_USAGE };
  if (parsed.kind === "error") return { command: "usage-error", message: parsed.message, usage: MINE_USAGE };
  return { command: "mine", options: parsed.options };
}

function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}

/** The first option in `args` that `options` does not define, as written (`--frmat`, `-x`). */
function firstUnknownOption(args: string[], options: Options): string | undefined {
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  // A known short option (-h) comes back under its long name; an unknown one (-x) under its letter.
  for (const t of tokens) if (t.kind === "option" && !Object.hasOwn(options, t.name)) return t.rawName;
  return undefined;
}
