/**
 * The README's table of record fields, generated from the schema so the
 * documentation cannot drift from the code (a test compares them).
 */
import { RECORD_FIELDS, datasetLineJsonSchema, fieldDescriptions } from "./schema";

interface JsonSchemaProp {
  type?: string | string[];
  anyOf?: JsonSchemaProp[];
  items?: JsonSchemaProp;
  const?: unknown;
  format?: string;
}

function typeOf(p: JsonSchemaProp): string {
  if (p.const !== undefined) return `\`${JSON.stringify(p.const)}\``;
  if (p.anyOf) return p.anyOf.map(typeOf).join(" or ");
  const t = Array.isArray(p.type) ? p.type.join(" or ") : (p.type ?? "any");
  if (t === "array") return `${typeOf(p.items ?? {})}[]`;
  if (p.format === "date-time") return "ISO date-time";
  return t;
}

/** Markdown table: field, type, description — in dataset order. */
export function fieldTable(): string {
  const schema = datasetLineJsonSchema() as { properties: { record: { properties: Record<string, JsonSchemaProp> } } };
  const props = schema.properties.record.properties;
  const docs = fieldDescriptions();
  const cell = (s: string) => s.replace(/</g, "&lt;").replace(/\|/g, "\\|");
  const rows = RECORD_FIELDS.map((f) => `| \`${f}\` | ${typeOf(props[f] ?? {})} | ${cell(docs[f])} |`);
  return ["| field | type | meaning |", "| --- | --- | --- |", ...rows].join("\n");
}
