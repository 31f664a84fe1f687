/**
 * Turns a Zod issue into one readable problem line: the field, what was
 * found, and what the schema expects.
 */
import type { $ZodIssue as Issue } from "zod/v4/core";
import type { Problem } from "./problems";

interface Where {
  file: string;
  line: number;
  id: string;
}

/**
 * Converts a Zod issue about `root` (a record or its envelope) into a Problem.
 * `nullable` names the fields that also accept null, so the message can say so.
 */
export function zodIssueToProblem(issue: Issue, root: unknown, where: Where, nullable: ReadonlySet<string> = new Set()): Problem {
  const field = issue.path.length ? issue.path.map(String).join(".") : undefined;
  const input = valueAt(root, issue.path);
  const orNull = field !== undefined && nullable.has(field) ? " or null" : "";
  return { level: "error", ...where, field, message: describeIssue(issue, input, orNull), check: "schema" };
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const key of path) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

function describeIssue(issue: Issue, input: unknown, orNull: string): string {
  switch (issue.code) {
    case "invalid_type":
      if (input === undefined) return `is missing (required: ${expectedText(issue.expected)}${orNull})`;
      if (issue.expected === "int" && typeof input === "number") return `expected a whole number${orNull}, got ${input}`;
      return `expected ${expectedText(issue.expected)}${orNull}, got ${typeName(input)}`;
    case "too_small":
      return issue.origin === "number" || issue.origin === "int"
        ? `must be at least ${issue.minimum}, got ${String(input)}`
        : issue.message;
    case "too_big":
      return issue.origin === "number" || issue.origin === "int" ? `must be at most ${issue.maximum}, got ${String(input)}` : issue.message;
    case "invalid_value":
      return `must be ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}`;
    default:
      return issue.message;
  }
}

function expectedText(expected: string): string {
  switch (expected) {
    case "string":
      return "a string";
    case "int":
      return "a whole number";
    case "number":
      return "a number";
    case "array":
      return "an array";
    case "object":
      return "an object";
    default:
      return expected;
  }
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value)}`;
  if (typeof value === "boolean") return `${value}`;
  return typeof value === "object" ? "an object" : typeof value;
}
