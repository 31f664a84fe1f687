/**
 * raise-template: a traceback's last frame prints the raise statement, whose message template may be a record's
 * raised elsewhere after a refactor (the check moved to a base class, the message gained a clause).
 */
import type { RuleDoc } from "../rule";
import { T } from "../../rank/tuning";

export const RAISE_TEMPLATE: RuleDoc = {
  id: "raise-template",
  stage: "candidates",
  doc:
    "When nothing answered a final traceback's exception, and its last frame prints a raise statement with a string " +
    'template (`raise ValueError(f"Invalid key_type: {key_type}")`), the records of that class whose wording is close ' +
    "to the message are compared by template: placeholders as one, one template must open with the whole other " +
    "(`Invalid key_type: {key_type}={key_string}`, the check moved to a base class and gained a clause), whose " +
    "literal text holds T.raiseTemplateLetters letters. Only the one such record answers, wherever it is raised, " +
    "generic or not: the printed statement vouches for the template.",
};

/** A printed template: the class raised and its message template. */
export interface PrintedTemplate {
  errorClass: string;
  template: string;
}

/** `raise Name(` then a string literal, maybe an f-string, to its closing quote. */
const RAISE_STRING =
  /^raise\s+(?:[A-Za-z_]\w*\.)*(?<cls>[A-Za-z_]\w*)\(\s*[rRbBuU]?[fF]?[rR]?(?<q>["'])(?<body>(?:\\.|(?!\k<q>)[^\\])*)\k<q>/;
/** A placeholder: `{…}` of an f-string or str.format, or `%s`-style. */
const PLACEHOLDER = /\{[^{}]*\}|%[-#0 +]*\d*(?:\.\d+)?[sdrfigx]/g;
/** A letter of literal text. */
const LETTER = /[A-Za-z]/g;

/** The class and message template of a printed raise statement, or null when it raises no string literal. */
export function printedTemplate(source: string): PrintedTemplate | null {
  const m = RAISE_STRING.exec(source.trim());
  return m?.groups ? { errorClass: m.groups.cls!, template: m.groups.body! } : null;
}

/** Whether two templates are alike (see RAISE_TEMPLATE): placeholders as one, one opens with the whole other. */
export function templatesAlike(a: string, b: string): boolean {
  const norm = (s: string) => s.replace(PLACEHOLDER, "{}").replace(/\s+/g, " ").trim();
  const [x, y] = [norm(a), norm(b)];
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return (short.replace(/\{\}/g, "").match(LETTER)?.length ?? 0) >= T.raiseTemplateLetters && long.startsWith(short);
}
