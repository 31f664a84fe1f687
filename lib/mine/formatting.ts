/**
 * `%`-formatting and `str.format()` turned into templates whose placeholders
 * are named after the arguments that fill them: `"got %r" % (x,)` reads as
 * `got {x!r}`, `"{} of {n}".format(a, n=b)` as `{a} of {b}`.
 */
import type { SyntaxNode } from "@lezer/common";
import type { Segment } from "../record/message-template";
import { placeholder, type MessageRead, type MessageTemplate } from "./template";

interface Src {
  src: string;
}

const text = (ctx: Src, node: SyntaxNode) => ctx.src.slice(node.from, node.to);
/** Punctuation and comments: not items of a tuple or an argument list. */
const PUNCTUATION = new Set(["(", ")", "[", "]", "{", "}", ",", "Comment"]);

/** Items of a tuple, list or argument list, without the punctuation. */
function items(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (!PUNCTUATION.has(c.name)) out.push(c);
  return out;
}

/** One printf conversion: `%s`, `%(name)r`, `%-8.3f`, `%5d`. */
const PERCENT_CONVERSION = /%(?:\(([^)]*)\))?([-#0 +]*)(\d+|\*)?(?:\.(\d+|\*))?[hlL]?([diouxXeEfFgGcrsa%])/y;

/** `fmt % args`: each conversion becomes a placeholder named after its argument. */
export function percentTemplate(fmt: string, right: SyntaxNode, ctx: Src): MessageRead {
  const keyed = right.name === "DictionaryExpression" ? dictEntries(right, ctx) : null;
  const positional = keyed ? [] : right.name === "TupleExpression" ? items(right) : [right];
  const segments: Segment[] = [];
  let literal = "";
  let next = 0;
  for (let i = 0; i < fmt.length;) {
    if (fmt[i] !== "%") {
      literal += fmt[i++];
      continue;
    }
    PERCENT_CONVERSION.lastIndex = i;
    const m = PERCENT_CONVERSION.exec(fmt);
    if (!m) return { ok: false, reason: `a %-format it cannot read (${JSON.stringify(fmt.slice(i, i + 6))})` };
    i += m[0].length;
    const [, key, flags = "", width = "", precision, type = "s"] = m;
    if (type === "%") {
      literal += "%";
      continue;
    }
    let expr: string;
    if (key !== undefined) expr = keyed?.get(key) ?? key;
    else {
      const arg = positional[next];
      expr = arg ? text(ctx, arg) : positional.length === 1 ? `${text(ctx, right)}[${next}]` : `arg${next}`;
      next++;
    }
    if (literal) segments.push({ kind: "text", value: literal });
    literal = "";
    segments.push(placeholder(expr + percentSpec(flags, width, precision, type)));
  }
  if (literal) segments.push({ kind: "text", value: literal });
  return { ok: true, template: { segments, plain: false } };
}

/** A printf conversion as f-string conversion and format spec: `%r` → `!r`, `%5.2f` → `:5.2f`, `%s` → nothing. */
function percentSpec(flags: string, width: string, precision: string | undefined, type: string): string {
  if (type === "r" || type === "a") return `!${type}`;
  const t = type === "i" || type === "u" ? "d" : type;
  const spec = flags.replace(/-/g, "<") + width + (precision !== undefined ? `.${precision}` : "");
  if (t === "s" || t === "d") return spec ? `:${spec}${t === "d" ? "d" : ""}` : "";
  return `:${spec}${t}`;
}

/** `{"key": value, …}` with string keys, as key → value source. */
function dictEntries(node: SyntaxNode, ctx: Src): Map<string, string> {
  const out = new Map<string, string>();
  const parts = items(node).filter((c) => c.name !== ":");
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = /^['"](.*)['"]$/.exec(text(ctx, parts[i]!));
    if (key) out.set(key[1]!, text(ctx, parts[i + 1]!));
  }
  return out;
}

/** The arguments of a call: positional sources in order, keyword name → source. */
function callArguments(args: SyntaxNode, ctx: Src): { positional: string[]; keywords: Map<string, string> } {
  const positional: string[] = [];
  const keywords = new Map<string, string>();
  let group: SyntaxNode[] = [];
  const flush = () => {
    if (group.length === 3 && group[1]!.name === "AssignOp") keywords.set(text(ctx, group[0]!), text(ctx, group[2]!));
    else if (group.length === 1) positional.push(text(ctx, group[0]!));
    group = [];
  };
  for (let c = args.firstChild; c; c = c.nextSibling) {
    if (c.name === ",") flush();
    else if (!PUNCTUATION.has(c.name)) group.push(c);
  }
  flush();
  return { positional, keywords };
}

/** A replacement field of `str.format`: `{}`, `{0.attr}`, `{name[1]!r:>8}`. */
const FIELD_NAME = /^([^.[!:]*)(.*?)(![rsa])?(:.*)?$/s;

/** `fmt.format(args)`: each field becomes a placeholder named after the argument that fills it. */
export function formatMethodTemplate(fmt: string, args: SyntaxNode, ctx: Src): MessageRead {
  const { positional, keywords } = callArguments(args, ctx);
  const segments: Segment[] = [];
  let literal = "";
  let auto = 0;
  const bad = (): MessageRead => ({ ok: false, reason: "a .format() string it cannot read" });
  for (let i = 0; i < fmt.length;) {
    const c = fmt[i]!;
    if ((c === "{" || c === "}") && fmt[i + 1] === c) {
      literal += c;
      i += 2;
      continue;
    }
    if (c === "}") return bad();
    if (c !== "{") {
      literal += c;
      i++;
      continue;
    }
    const end = fieldEnd(fmt, i);
    if (end < 0) return bad();
    const m = FIELD_NAME.exec(fmt.slice(i + 1, end))!;
    const [, name = "", rest = "", conversion = "", spec = ""] = m;
    let expr: string;
    if (name === "") expr = positional[auto++] ?? `arg${auto - 1}`;
    else if (/^\d+$/.test(name)) expr = positional[Number(name)] ?? `arg${name}`;
    else expr = keywords.get(name) ?? name;
    if (literal) segments.push({ kind: "text", value: literal });
    literal = "";
    segments.push(placeholder(expr + rest + conversion + spec));
    i = end + 1;
  }
  if (literal) segments.push({ kind: "text", value: literal });
  const template: MessageTemplate = { segments, plain: false };
  return { ok: true, template };
}

/** Index of the `}` closing the field opened at `start` (format specs may nest one level); -1 if unclosed. */
function fieldEnd(s: string, start: number): number {
  let depth = 0;
  for (let i = start; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  return -1;
}
