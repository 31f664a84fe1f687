/**
 * Reads the message an exception is built with, from the parsed expression:
 * a plain, f-, concatenated or implicitly joined string, a `%`-formatted or
 * `.format()`-ed one, or a variable assigned one above the raise. Anything
 * else is unreadable, with the reason: the miner never guesses a message.
 */
import type { SyntaxNode } from "@lezer/common";
import { decodeEscapes, literalValue, splitLiteral } from "./python-string";
import { joinTemplates, placeholder, plainTemplate, type MessageRead, type MessageTemplate } from "./template";
import { formatMethodTemplate, percentTemplate } from "./formatting";

/** What reading needs besides the node: the source, and the value assigned to a variable above a node, if one is sure. */
export interface ReadContext {
  src: string;
  /** The expressions that build `name` at `at`, in order (`msg = …` then each `msg += …`); null when not sure. */
  assigned(name: string, at: SyntaxNode): SyntaxNode[] | null;
}

/** How deep variables may refer to variables (`msg = base + detail`, `base = …`). */
const MAX_VARIABLE_DEPTH = 4;
/** How deeply a message expression may nest (`"a" + "b" + …` nests once per `+`): past it, reading stops before the stack would. */
export const MAX_NESTING = 400;

const fail = (reason: string): MessageRead => ({ ok: false, reason });
const ok = (template: MessageTemplate): MessageRead => ({ ok: true, template });

/** The source text of a node. */
export const textOf = (ctx: { src: string }, node: SyntaxNode): string => ctx.src.slice(node.from, node.to);

/** How deep the reading in progress is; reading is synchronous, so one counter serves every call. */
let nesting = 0;

/** Reads a message expression into a template, or says why it cannot. */
export function readMessage(node: SyntaxNode, ctx: ReadContext, depth = 0): MessageRead {
  if (nesting >= MAX_NESTING) return { ok: false, reason: `a message nested more than ${MAX_NESTING} levels deep`, final: true };
  nesting++;
  try {
    return readNode(node, ctx, depth);
  } finally {
    nesting--;
  }
}

function readNode(node: SyntaxNode, ctx: ReadContext, depth: number): MessageRead {
  switch (node.name) {
    case "String": {
      const value = literalValue(textOf(ctx, node));
      return value === null ? fail("a string literal it cannot read") : ok(plainTemplate(value));
    }
    case "FormatString":
      return readFString(node, ctx);
    case "ContinuedString":
      return readAll(children(node), ctx, depth, (parts) => ok(joinTemplates(parts)));
    case "ParenthesizedExpression": {
      const inner = children(node).filter((c) => c.name !== "(" && c.name !== ")");
      return inner.length === 1 ? readMessage(inner[0]!, ctx, depth) : fail("a parenthesized expression");
    }
    case "BinaryExpression":
      return readBinary(node, ctx, depth);
    case "CallExpression":
      return readCall(node, ctx, depth);
    case "VariableName":
      return readVariable(node, ctx, depth);
    default:
      return fail(`a message built by ${describeNode(node.name)}`);
  }
}

/** The node's children, punctuation included, comments left out. */
export function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.name !== "Comment") out.push(c);
  return out;
}

function readAll(nodes: SyntaxNode[], ctx: ReadContext, depth: number, then: (parts: MessageTemplate[]) => MessageRead): MessageRead {
  const parts: MessageTemplate[] = [];
  for (const n of nodes) {
    const r = readMessage(n, ctx, depth);
    if (!r.ok) return r;
    parts.push(r.template);
  }
  return then(parts);
}

/** An f-string: literal text between the replacement fields, each field a placeholder named as written. */
function readFString(node: SyntaxNode, ctx: ReadContext): MessageRead {
  const source = textOf(ctx, node);
  const lit = splitLiteral(source);
  if (!lit) return fail("a string literal it cannot read");
  const bodyStart = node.from + source.indexOf(lit.body, lit.prefix.length);
  const bodyEnd = bodyStart + lit.body.length;
  const segments: MessageTemplate[] = [];
  let at = bodyStart;
  const text = (from: number, to: number) => {
    const raw = ctx.src.slice(from, to).replace(/\{\{/g, "{").replace(/\}\}/g, "}");
    segments.push(plainTemplate(lit.raw ? raw : decodeEscapes(raw)));
  };
  for (const c of children(node)) {
    if (c.name !== "FormatReplacement") continue;
    text(at, c.from);
    segments.push(replacementField(ctx.src.slice(c.from + 1, c.to - 1)));
    at = c.to;
  }
  text(at, bodyEnd);
  return ok({ ...joinTemplates(segments), plain: false });
}

/** `{x=}`, `{x = !s}`, `{x=:>4}`: the expression's text, then its value (repr unless a conversion or spec says otherwise). */
const SELF_DOCUMENTING = /^([\s\S]*?=\s*)(![rsa])?(:[\s\S]*)?$/;

/** One f-string replacement field as a template: a placeholder, or for `{x=}` the text `x=` and the placeholder. */
function replacementField(field: string): MessageTemplate {
  const m = SELF_DOCUMENTING.exec(field);
  const expr = m?.[1]?.replace(/=\s*$/, "");
  if (m && expr && /[^=!<>]$/.test(expr.trimEnd())) {
    const conversion = m[2] ?? (m[3] ? "" : "!r");
    return { segments: [{ kind: "text", value: m[1]! }, placeholder(expr.trim() + conversion + (m[3] ?? ""))], plain: false };
  }
  return { segments: [placeholder(field)], plain: false };
}

/** `a + b` joins; `fmt % args` formats. Other operators make no message. */
function readBinary(node: SyntaxNode, ctx: ReadContext, depth: number): MessageRead {
  const [left, op, right] = children(node);
  if (!left || !op || !right) return fail("an incomplete expression");
  const operator = textOf(ctx, op);
  if (operator === "%") {
    const format = readMessage(left, ctx, depth);
    if (!format.ok) return format;
    const fmt = format.template.plain ? format.template.segments.map((s) => (s.kind === "text" ? s.value : "")).join("") : null;
    if (fmt === null) return fail("a %-format applied to a string that is not constant");
    return percentTemplate(fmt, right, ctx);
  }
  if (operator !== "+") return fail(`a message built with the operator ${operator}`);
  const l = readOperand(left, ctx, depth);
  const r = readOperand(right, ctx, depth);
  if (!l.ok) return l;
  if (!r.ok) return r;
  const joined = joinTemplates([l.template, r.template]);
  if (!joined.segments.some((s) => s.kind === "text")) return fail("a concatenation with no string literal");
  return ok({ ...joined, plain: l.template.plain && r.template.plain });
}

/** One side of `+`: a string it reads, or else a placeholder named after the expression (`str(x)` → `{x}`). */
function readOperand(node: SyntaxNode, ctx: ReadContext, depth: number): MessageRead {
  const r = readMessage(node, ctx, depth);
  if (r.ok || r.final || isStringNode(node)) return r;
  return ok({ segments: [placeholder(unwrapStr(node, ctx))], plain: false });
}

const isStringNode = (node: SyntaxNode) => node.name === "String" || node.name === "FormatString" || node.name === "ContinuedString";

/** `str(x)` and `repr(x)` name their argument: `{x}`, `{x!r}`. */
function unwrapStr(node: SyntaxNode, ctx: ReadContext): string {
  if (node.name === "CallExpression") {
    const [callee, args] = children(node);
    const name = callee ? textOf(ctx, callee) : "";
    const inner = args ? children(args).filter((c) => c.name !== "(" && c.name !== ")") : [];
    if ((name === "str" || name === "repr") && inner.length === 1) return textOf(ctx, inner[0]!) + (name === "repr" ? "!r" : "");
  }
  return textOf(ctx, node);
}

/** `"…".format(…)`; any other call makes no message. */
function readCall(node: SyntaxNode, ctx: ReadContext, depth: number): MessageRead {
  const [callee, args] = children(node);
  if (callee?.name === "MemberExpression" && args) {
    const [object, , property] = children(callee);
    if (object && property && textOf(ctx, property) === "format") {
      const format = readMessage(object, ctx, depth);
      if (format.ok && format.template.plain) {
        const fmt = format.template.segments.map((s) => (s.kind === "text" ? s.value : "")).join("");
        return formatMethodTemplate(fmt, args, ctx);
      }
      if (format.ok) return fail("a .format() applied to a string that is not constant");
      return format;
    }
  }
  return fail(`a message returned by a call (${callName(node, ctx)})`);
}

function callName(node: SyntaxNode, ctx: ReadContext): string {
  const callee = node.firstChild;
  const text = callee ? textOf(ctx, callee) : "?";
  return text.length > 60 ? text.slice(0, 57) + "…" : text;
}

/** A variable: the strings assigned to it above, in the same function, on the raise's own path. */
function readVariable(node: SyntaxNode, ctx: ReadContext, depth: number): MessageRead {
  const name = textOf(ctx, node);
  if (depth >= MAX_VARIABLE_DEPTH) return fail(`a variable (${name}) assigned from variables too deep`);
  const values = ctx.assigned(name, node);
  if (!values) return fail(`a variable (${name}) not assigned a string above the raise in its function`);
  const parts: MessageTemplate[] = [];
  for (const [i, value] of values.entries()) {
    // `msg += str(x)` appends a placeholder; the first assignment must be a string.
    const r = i === 0 ? readMessage(value, ctx, depth + 1) : readOperand(value, ctx, depth + 1);
    if (!r.ok) return r;
    parts.push(r.template);
  }
  const joined = joinTemplates(parts);
  return ok({ ...joined, plain: parts.every((p) => p.plain) });
}

/** A node type as a reader says it. */
function describeNode(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return /^[aeiou]/.test(words) ? `an ${words}` : `a ${words}`;
}
