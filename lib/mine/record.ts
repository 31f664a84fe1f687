/**
 * A raise site turned into an errdex record, the way the shared corpus
 * writes them: the message template and its pattern, a snippet of 18 lines
 * either side of the raise, tags from the package path and the class, the
 * function and condition as documentation. Solutions and tips stay empty:
 * nothing is invented. `id` and `slug` are settled later (`identities.ts`).
 */
import { githubUrlFor } from "../record/permalink";
import { SCHEMA_VERSION, type ErrorRecord } from "../record/schema";
import type { RaiseSite } from "./raise-sites";
import { renderMessage, renderPattern } from "./template";

/** Lines of source shown either side of the raise. */
export const SNIPPET_CONTEXT = 18;
/** Characters of a snippet line shown; past them the line is cut and ends with `…` (a minified or generated line). */
export const MAX_SNIPPET_LINE = 2_000;
/** Characters of a condition or docstring sentence kept in the documentation. */
const MAX_PHRASE = 1_000;
/** How many folders of the package path become tags. */
const PATH_TAGS = 3;
/** Leading folders that hold a project's packages rather than name one. */
const SOURCE_ROOTS = new Set(["src", "python"]);

/** Where a file's records come from. */
export interface FileContext {
  repo: string;
  sha: string;
  analyzedAt: string;
  /** Path inside the repository, with `/`. */
  filePath: string;
  /** The file's lines (`splitLines`, without a final empty line). */
  lines: string[];
}

/** A record without its identity, which depends on the whole dataset. */
export type MinedRecord = Omit<ErrorRecord, "id" | "slug">;

/** Builds the record of one raise site. */
export function siteRecord(site: RaiseSite, file: FileContext): MinedRecord {
  const start = Math.max(1, site.line - SNIPPET_CONTEXT);
  const end = Math.max(site.line, Math.min(file.lines.length, site.line + SNIPPET_CONTEXT));
  const where = site.scope || moduleName(file.filePath);
  const tags = recordTags(file.filePath, site.errorClass);
  const place = { repo: file.repo, analyzedSha: file.sha, filePath: file.filePath, sourceCodeStart: start, sourceCodeEnd: end };
  return {
    repo: file.repo,
    errorCode: null,
    errorMessage: renderMessage(site.template),
    messagePattern: renderPattern(site.template),
    errorType: "exception",
    errorClass: site.errorClass,
    httpStatus: null,
    severity: severityOf(site.errorClass),
    filePath: file.filePath,
    lineNumber: site.line,
    sourceCode: file.lines
      .slice(start - 1, end)
      .map((l) => cut(l, MAX_SNIPPET_LINE))
      .join("\n"),
    sourceCodeStart: start,
    sourceCodeEnd: end,
    githubUrl: githubUrlFor(place),
    documentation: documentation(site, where),
    triggerScenarios: site.condition ? cut(site.condition, MAX_PHRASE) : `Reached in ${where}`,
    commonSituations: `Calls into ${where} in ${moduleName(file.filePath)}`,
    solutions: [],
    exampleFix: null,
    handlingStrategy: null,
    validationCode: null,
    typeGuard: null,
    tryCatchPattern: null,
    preventionTips: [],
    tags,
    backgroundTag: tags[0] ?? "general",
    analyzedSha: file.sha,
    analyzedAt: file.analyzedAt,
    schemaVersion: SCHEMA_VERSION,
  };
}

/** "`ValueError` raised in `Engine.start` when `x < 0`." plus the docstring's first sentence. */
function documentation(site: RaiseSite, where: string): string {
  const when = site.condition ? ` when \`${cut(site.condition, MAX_PHRASE)}\`` : "";
  const doc = site.docstring ? ` \`${where.split(".").pop()}\`: ${cut(site.docstring, MAX_PHRASE)}` : "";
  return `\`${site.errorClass}\` raised in \`${where}\`${when}.${doc}`;
}

/** `text` cut to `max` characters, ending with `…` when cut. */
function cut(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + "…" : text;
}

/** A warning class raises a warning; everything else is an error. */
export function severityOf(errorClass: string): "warning" | "error" {
  return /Warning$/.test(errorClass) ? "warning" : "error";
}

/** `python/sglang/srt/utils.py` → `sglang.srt.utils`; `__init__` names its package. */
export function moduleName(filePath: string): string {
  const parts = filePath.replace(/\.py$/, "").split("/");
  if (parts.length > 1 && SOURCE_ROOTS.has(parts[0]!)) parts.shift();
  if (parts.length > 1 && parts[parts.length - 1] === "__init__") parts.pop();
  return parts.join(".");
}

/** `snake_case`, `CamelCase` or `dotted.name` → `kebab-case` for a tag. */
export function kebab(word: string): string {
  return word
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Up to three folders of the package path below the top package, then the class: `["models", "clip", "value-error"]`. */
export function recordTags(filePath: string, errorClass: string): string[] {
  const parts = filePath.replace(/\.py$/, "").split("/");
  while (parts.length > 1 && SOURCE_ROOTS.has(parts[0]!)) parts.shift();
  if (parts.length > 1) parts.shift();
  const tags = parts
    .filter((p) => p !== "__init__")
    .map(kebab)
    .filter(Boolean)
    .slice(0, PATH_TAGS);
  const cls = kebab(errorClass.split(".").pop() ?? "");
  if (cls) tags.push(cls);
  return [...new Set(tags)].map((t) => t.slice(0, 64));
}
