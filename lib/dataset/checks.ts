/**
 * Whole-record and whole-dataset checks, run after the schema. Each check is
 * one small named unit that says what it verifies; a finding names the field,
 * what is wrong and, where there is one, the expected form.
 */
import type { ErrorRecord, LoadedRecord } from "../record/schema";
import type { Level, Problem } from "./problems";
import { compilePattern, toRegExp } from "../pattern/pattern";
import { renderings, sampleRenderings } from "../record/message-template";
import { githubUrlFor } from "../record/permalink";
import { analyzePattern } from "../pattern/pattern-analysis";
import { GENERIC_LETTERS } from "../match/data/matcher-data";
import { LIMITS } from "../record/limits";
import { ID_RE, REPO_RE, SHA_RE, SLUG_RE } from "../record/ids";

export interface Finding {
  field: string;
  message: string;
  hint?: string;
  level?: Level;
}

export interface RecordCheck {
  name: string;
  description: string;
  check(record: ErrorRecord): Finding[];
}

/** Severities errdex knows how to show. */
export const SEVERITIES = ["critical", "error", "warning", "info"] as const;

const format = (name: string, field: keyof ErrorRecord, re: RegExp, hint: string): RecordCheck => ({
  name,
  description: `${field} has the form ${hint}`,
  check: (r) =>
    re.test(String(r[field])) ? [] : [{ field, message: `${JSON.stringify(r[field])} is not valid`, hint: `expected ${hint}` }],
});

/** Bidirectional overrides and isolates: they make text display in another order than it is stored. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** Every text value of a record with its field path. */
function textFields(r: ErrorRecord): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(r)) {
    if (typeof v === "string") out.push([k, v]);
    else if (Array.isArray(v)) v.forEach((item, i) => typeof item === "string" && out.push([`${k}.${i}`, item]));
  }
  return out;
}

const kb = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));

export const RECORD_CHECKS: RecordCheck[] = [
  {
    name: "size-limits",
    description: "fields stay within the documented size limits (lib/limits.ts)",
    check: (r) => {
      const out: Finding[] = [];
      const over = (field: string, size: number, limit: number, unit: string) =>
        size > limit &&
        out.push({
          field,
          message: `is ${kb(size)} ${unit}, over the limit of ${kb(limit)}`,
          hint: "shorten it; see the limits in the README",
        });
      over("errorMessage", r.errorMessage.length, LIMITS.errorMessage, "characters");
      over("messagePattern", r.messagePattern.length, LIMITS.messagePattern, "characters");
      over("sourceCode", r.sourceCode.length, LIMITS.sourceCodeChars, "characters");
      over("sourceCode", r.sourceCode.split("\n").length, LIMITS.sourceCodeLines, "lines");
      over("tags", r.tags.length, LIMITS.tags, "tags");
      r.tags.forEach((t, i) => over(`tags.${i}`, t.length, LIMITS.tagChars, "characters"));
      for (const f of ["solutions", "preventionTips"] as const) {
        over(f, r[f].length, LIMITS.listItems, "items");
        r[f].forEach((t, i) => over(`${f}.${i}`, t.length, LIMITS.itemChars, "characters"));
      }
      for (const f of [
        "documentation",
        "triggerScenarios",
        "commonSituations",
        "exampleFix",
        "validationCode",
        "typeGuard",
        "tryCatchPattern",
        "handlingStrategy",
        "errorCode",
        "errorClass",
        "errorType",
        "severity",
        "backgroundTag",
        "filePath",
      ] as const) {
        const v = r[f];
        if (typeof v === "string") over(f, v.length, LIMITS.text, "characters");
      }
      return out;
    },
  },
  {
    name: "no-control-characters",
    description: "text holds no NUL bytes, and no bidi controls where they could disguise text",
    check: (r) => {
      const out: Finding[] = [];
      for (const [field, v] of textFields(r)) {
        if (v.includes("\u0000")) out.push({ field, message: "contains a NUL byte", hint: "remove it: no text field may hold U+0000" });
        else if (BIDI_CONTROLS.test(v))
          out.push({
            field,
            level: "warning",
            message:
              "contains a bidirectional control character (U+202A–U+202E or U+2066–U+2069) that can make text read differently from what it is (the CLI shows it escaped; pages show the text as written)",
          });
      }
      return out;
    },
  },
  format("id-format", "id", ID_RE, "16 lower-case hex digits, e.g. 213d04cf659a6918"),
  format("repo-format", "repo", REPO_RE, "owner/name, e.g. sgl-project/sglang"),
  format("slug-format", "slug", SLUG_RE, "kebab-case, e.g. pd-disaggregation-does-not-support"),
  format("sha-format", "analyzedSha", SHA_RE, "a full 40-hex-digit commit"),
  {
    name: "file-path",
    description: "filePath is a relative path inside the repository",
    check: (r) =>
      r.filePath === "" || r.filePath.startsWith("/") || r.filePath.split("/").includes("..")
        ? [
            {
              field: "filePath",
              message: `${JSON.stringify(r.filePath)} is not a path inside the repository`,
              hint: "expected a relative path such as python/sglang/srt/server.py",
            },
          ]
        : [],
  },
  {
    name: "snippet-range",
    description: "sourceCodeStart <= lineNumber <= sourceCodeEnd",
    check: (r) => {
      if (r.sourceCodeStart > r.sourceCodeEnd)
        return [{ field: "sourceCodeEnd", message: `${r.sourceCodeEnd} is before sourceCodeStart ${r.sourceCodeStart}` }];
      if (r.lineNumber < r.sourceCodeStart || r.lineNumber > r.sourceCodeEnd)
        return [
          {
            field: "lineNumber",
            message: `${r.lineNumber} lies outside the snippet range ${r.sourceCodeStart}-${r.sourceCodeEnd}`,
            hint: "the error line must be inside sourceCode",
          },
        ];
      return [];
    },
  },
  {
    name: "snippet-lines",
    description: "sourceCode has sourceCodeEnd - sourceCodeStart + 1 lines",
    check: (r) => {
      if (r.sourceCodeStart > r.sourceCodeEnd) return [];
      const expected = r.sourceCodeEnd - r.sourceCodeStart + 1;
      const actual = countLines(r.sourceCode);
      return actual === expected
        ? []
        : [{ field: "sourceCode", message: `has ${actual} lines but the range ${r.sourceCodeStart}-${r.sourceCodeEnd} needs ${expected}` }];
    },
  },
  {
    name: "github-url",
    description: "githubUrl points at filePath at analyzedSha with the snippet's line range",
    check: (r) => {
      const expected = githubUrlFor(r);
      if (r.githubUrl === expected) return [];
      const what = r.githubUrl.startsWith("https://github.com/")
        ? "does not agree with repo, analyzedSha, filePath and the snippet range"
        : "is not a https://github.com/ link";
      return [{ field: "githubUrl", message: what, hint: `expected ${expected}` }];
    },
  },
  {
    name: "message-present",
    description: "errorMessage is not empty",
    check: (r) =>
      r.errorMessage.trim() === "" ? [{ field: "errorMessage", message: "is empty: a record needs the message it describes" }] : [],
  },
  {
    name: "pattern-compiles",
    description: "messagePattern is a Python regular expression errdex can run",
    check: (r) => {
      const c = compilePattern(r.messagePattern);
      return c.ok ? [] : [{ field: "messagePattern", message: c.error }];
    },
  },
  {
    name: "pattern-finds-message",
    description: "messagePattern matches errorMessage with its placeholders filled in",
    check: (r) => {
      const c = compilePattern(r.messagePattern);
      if (!c.ok || r.errorMessage.trim() === "") return [];
      const re = toRegExp(c);
      for (const s of renderings(r.errorMessage)) if (re.test(s)) return [];
      const samples = sampleRenderings(r.errorMessage);
      return [
        {
          field: "messagePattern",
          message: `does not match the record's own errorMessage (tried with placeholders filled as ${JSON.stringify(samples[0])})`,
          hint: "a record whose pattern cannot find its own message is never found in a log; put (.+?) where each {placeholder} goes and escape the rest",
        },
      ];
    },
  },
  {
    name: "pattern-specific",
    description: "messagePattern has enough literal text to identify its error",
    check: (r) => {
      const c = compilePattern(r.messagePattern);
      if (!c.ok) return [];
      const shape = analyzePattern(c.source, c.flags);
      const out: Finding[] = [];
      if (shape.letters < GENERIC_LETTERS)
        out.push({
          field: "messagePattern",
          level: "warning",
          message: `is generic: only ${shape.letters} letters and digits of literal text, so it can match unrelated errors; its matches rank below specific ones`,
          hint: `keep more of the message's literal words; ${GENERIC_LETTERS} or more makes a pattern specific`,
        });
      if (shape.branches.some((b) => !b.some((run) => run.text.length >= 4)))
        out.push({
          field: "messagePattern",
          level: "warning",
          message: "has no literal run of 4 or more characters for the prefilter, so it is tried only on lines that look like errors",
        });
      return out;
    },
  },
  {
    name: "severity-known",
    description: "severity is one errdex knows",
    check: (r) =>
      (SEVERITIES as readonly string[]).includes(r.severity)
        ? []
        : [
            {
              field: "severity",
              level: "warning",
              message: `${JSON.stringify(r.severity)} is not a known severity; shown as is`,
              hint: `expected one of ${SEVERITIES.join(", ")}`,
            },
          ],
  },
  {
    name: "tags-clean",
    description: "tags are non-empty, can be a page's address, and are not repeated",
    check: (r) => {
      const out: Finding[] = [];
      const seen = new Set<string>();
      r.tags.forEach((t, i) => {
        if (t.trim() === "") out.push({ field: `tags.${i}`, message: "is empty" });
        // Every tag gets a page at /tags/<tag>; hosts decode %2F, so a slash can never be inside one path segment.
        else if (/[/\\]/.test(t))
          out.push({
            field: `tags.${i}`,
            message: `${JSON.stringify(t)} contains "${t.includes("/") ? "/" : "\\"}", which cannot be part of the tag's page address`,
            hint: "use words and dashes, like kv-cache",
          });
        else if (t === "." || t === "..")
          out.push({
            field: `tags.${i}`,
            message: `${JSON.stringify(t)} cannot be the tag's page address`,
            hint: "use words and dashes, like kv-cache",
          });
        else if (seen.has(t)) out.push({ field: `tags.${i}`, level: "warning", message: `repeats tag ${JSON.stringify(t)}` });
        seen.add(t);
      });
      return out;
    },
  },
];

/**
 * Counts the snippet's lines as the dataset writes them: lines joined by `\n`,
 * so a snippet whose last line is blank ends with `\n` and that blank line counts.
 */
export function countLines(text: string): number {
  let n = 1;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Runs every record check on every record. */
export function checkRecords(records: LoadedRecord[], checks: RecordCheck[] = RECORD_CHECKS): Problem[] {
  const problems: Problem[] = [];
  for (const lr of records) {
    for (const c of checks) {
      let findings: Finding[];
      try {
        findings = c.check(lr.record);
      } catch (err) {
        // A record odd enough to break a check (a pattern too large to compile, say) is reported, never a crash.
        findings = [
          {
            field: "record",
            message: `the ${c.name} check could not run on this record: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300),
          },
        ];
      }
      for (const f of findings) {
        problems.push({
          level: f.level ?? "error",
          file: lr.file,
          line: lr.line,
          id: lr.record.id,
          field: f.field,
          message: f.message,
          hint: f.hint,
          check: c.name,
        });
      }
    }
  }
  return problems;
}

/** Checks across records: ids unique across files, (repo, slug) unique. */
export function checkDataset(records: LoadedRecord[]): Problem[] {
  const problems: Problem[] = [];
  const byId = new Map<string, LoadedRecord>();
  const bySlug = new Map<string, LoadedRecord>();
  for (const lr of records) {
    const r = lr.record;
    const first = byId.get(r.id);
    if (first) {
      problems.push({
        level: "error",
        file: lr.file,
        line: lr.line,
        id: r.id,
        field: "id",
        message: `duplicate id, already used at ${first.file}:${first.line}`,
        hint: "ids are permanent and must be unique across all files",
        check: "id-unique",
      });
    } else byId.set(r.id, lr);
    const key = `${r.repo}/${r.slug}`;
    const sameSlug = bySlug.get(key);
    if (sameSlug) {
      problems.push({
        level: "error",
        file: lr.file,
        line: lr.line,
        id: r.id,
        field: "slug",
        message: `duplicate slug ${JSON.stringify(r.slug)} in ${r.repo}, already used by record ${sameSlug.record.id} at ${sameSlug.file}:${sameSlug.line}`,
        hint: "repo and slug make the permalink, so each pair must be unique",
        check: "slug-unique",
      });
    } else bySlug.set(key, lr);
  }
  return problems;
}
