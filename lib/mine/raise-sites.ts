/**
 * The raise sites of one Python source, read from Lezer's syntax tree: the
 * class raised, the message template, the enclosing function with its
 * docstring's first sentence, and the `if` condition that guards the raise.
 * Raises whose message it cannot read are listed with the reason; syntax
 * errors are listed with their line, for the caller to report.
 */
import { parser } from "@lezer/python";
import type { SyntaxNode } from "@lezer/common";
import { children, readMessage, textOf, type ReadContext } from "./message";
import { literalValue } from "./python-string";
import { oneLine, type MessageTemplate } from "./template";
import { lineIndex, type LineIndex } from "./lines";
import { assignedValues } from "./assignments";

/** A raise whose message the miner read. */
export interface RaiseSite {
  /** 1-based line of the `raise` keyword. */
  line: number;
  errorClass: string;
  template: MessageTemplate;
  /** Dotted name of the enclosing classes and functions (`Engine.start`); empty at module level. */
  scope: string;
  /** First sentence of the enclosing function's docstring, if any. */
  docstring: string | null;
  /** The guarding `if` condition, printed as code (`not (…)` for an `else`), if any. */
  condition: string | null;
  /** Whether reading the message looked up a variable's assignments above the raise. */
  readsVariables: boolean;
}

/** A raise with a message the miner could not read. */
export interface UnreadableSite {
  line: number;
  errorClass: string;
  reason: string;
}

export interface MinedSource {
  sites: RaiseSite[];
  unreadable: UnreadableSite[];
  /** Raises of a class or object with no message argument (`raise KeyError`, `raise exc`). */
  withoutMessage: number;
  /** Where the source stops parsing (the first error only): line and what is wrong. */
  syntaxErrors: { line: number; message: string }[];
}

/** Statements that open a new scope: assignments inside them are not the raise's. */
const SCOPES = new Set(["FunctionDefinition", "ClassDefinition"]);

/** A form feed in a line's indentation: whitespace to Python, an error to @lezer/python. */
const INDENT_FORM_FEED = /^[ \t\f]*\f[ \t\f]*/gm;

/** Mines one source text. */
export function mineSource(text: string): MinedSource {
  // Form feeds become spaces, one for one, so offsets and lines stay those of the file.
  const src = text.includes("\f") ? text.replace(INDENT_FORM_FEED, (m) => m.replace(/\f/g, " ")) : text;
  const tree = parser.parse(src);
  const lines = lineIndex(src);
  const raises: SyntaxNode[] = [];
  const errors: number[] = [];
  tree.iterate({
    enter(n) {
      if (n.type.isError) {
        if (!isGrammarGap(n.node)) errors.push(n.from);
      } else if (n.name === "RaiseStatement") raises.push(n.node);
    },
  });
  const out: MinedSource = { sites: [], unreadable: [], withoutMessage: 0, syntaxErrors: [] };
  // The first error says where the file stops parsing; the parser's recovery makes the later ones noise.
  const [first] = errors;
  if (first !== undefined) out.syntaxErrors.push({ line: lines.lineAt(first), message: syntaxMessage(src, first) });
  for (const node of raises) mineRaise(node, src, lines, out);
  return out;
}

/**
 * Valid Python that @lezer/python marks as an error, left out of the syntax
 * errors: a float written with a trailing dot (`1.`, read as a member access
 * missing its name) and a bare `yield`, as a statement or in parentheses.
 */
function isGrammarGap(error: SyntaxNode): boolean {
  const parent = error.parent;
  if (!parent || error.from !== error.to) return false;
  if (parent.name === "MemberExpression") return parent.firstChild?.name === "Number" && parent.lastChild?.name === "⚠";
  return (parent.name === "YieldStatement" || parent.name === "YieldExpression") && parent.firstChild?.name === "yield";
}

function syntaxMessage(src: string, at: number): string {
  if (at >= src.length) return "invalid syntax at the end of the file";
  const near = src.slice(at, at + 30).split(/\r?\n/)[0]!;
  return near.trim() ? `invalid syntax near ${JSON.stringify(near.trim())}` : "invalid syntax (indentation or line end)";
}

function mineRaise(node: SyntaxNode, src: string, lines: LineIndex, out: MinedSource): void {
  const exc = children(node)[1];
  if (!exc || exc.name === "from") return; // bare `raise`: a re-raise, not a new error
  const line = lines.lineAt(node.from);
  if (exc.name !== "CallExpression") {
    out.withoutMessage++;
    return;
  }
  const [callee, args] = children(exc);
  if (!callee || !args || args.name !== "ArgList") {
    out.withoutMessage++;
    return;
  }
  const errorClass = className(callee, src);
  const message = messageArgument(args, src);
  if (!message) {
    out.withoutMessage++;
    return;
  }
  let readsVariables = false;
  const assigned: ReadContext["assigned"] = (name, at) => {
    readsVariables = true;
    return assignedValues(name, at, src);
  };
  const ctx: ReadContext = { src, assigned };
  const read = readMessage(message, ctx);
  if (!read.ok) {
    out.unreadable.push({ line, errorClass, reason: read.reason });
    return;
  }
  if (!read.template.segments.some((s) => s.kind === "text" && s.value.trim())) {
    out.unreadable.push({ line, errorClass, reason: "a message with no literal text" });
    return;
  }
  const where = enclosing(node, src);
  out.sites.push({ line, errorClass, template: read.template, ...where, readsVariables });
}

/** `ValueError` for `ValueError(…)` and `errors.ValueError(…)`. */
function className(callee: SyntaxNode, src: string): string {
  if (callee.name === "MemberExpression") {
    const last = callee.lastChild;
    if (last?.name === "PropertyName") return src.slice(last.from, last.to);
  }
  return oneLine(src.slice(callee.from, callee.to));
}

/** The first positional argument, else a `msg=`, `message=`, `detail=` or `reason=` keyword's value. */
function messageArgument(args: SyntaxNode, src: string): SyntaxNode | null {
  let group: SyntaxNode[] = [];
  const groups: SyntaxNode[][] = [];
  for (let c = args.firstChild; c; c = c.nextSibling) {
    if (c.name === "," || c.name === ")") {
      if (group.length) groups.push(group);
      group = [];
    } else if (c.name !== "(" && c.name !== "Comment") group.push(c);
  }
  for (const g of groups) if (g.length === 1) return g[0]!;
  for (const g of groups) {
    if (g.length === 3 && g[1]!.name === "AssignOp" && /^(msg|message|detail|reason)$/.test(src.slice(g[0]!.from, g[0]!.to))) return g[2]!;
  }
  return null;
}

/** The enclosing scopes' dotted name, the function's docstring and the nearest guarding condition. */
function enclosing(node: SyntaxNode, src: string): Pick<RaiseSite, "scope" | "docstring" | "condition"> {
  const names: string[] = [];
  let docstring: string | null = null;
  let condition: string | null = null;
  let inFunction = true;
  let child = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (p.name === "IfStatement" && condition === null && inFunction) condition = guard(p, child, src);
    if (!SCOPES.has(p.name)) continue;
    const name = p.getChild("VariableName");
    if (name) names.unshift(textOf({ src }, name));
    if (p.name === "FunctionDefinition" && inFunction) {
      docstring = firstSentence(p, src);
      inFunction = false;
    }
  }
  return { scope: names.join("."), docstring, condition };
}

/** The condition of the branch holding `body`: `cond`, or `not (cond)` in an `else`. */
function guard(ifNode: SyntaxNode, body: SyntaxNode, src: string): string | null {
  if (body.name !== "Body") return null;
  const before = body.prevSibling;
  if (!before) return null;
  if (before.name === "else") {
    const previousBody = before.prevSibling;
    const cond = previousBody?.prevSibling;
    return cond ? `not (${oneLine(textOf({ src }, cond))})` : null;
  }
  return oneLine(textOf({ src }, before));
}

/** Sentence ends: a period, `!` or `?` before a space or the end, or a blank line. */
const SENTENCE_END = /[.!?](?=\s|$)|\n\s*\n/;
const MAX_SENTENCE = 300;

/** The first sentence of a function's docstring, on one line. */
function firstSentence(fn: SyntaxNode, src: string): string | null {
  const first = fn.getChild("Body")?.getChild("ExpressionStatement");
  const str = first?.firstChild;
  if (!first || !str || str.name !== "String" || first.prevSibling?.name !== ":") return null;
  const value = literalValue(textOf({ src }, str))?.trim();
  if (!value) return null;
  const end = SENTENCE_END.exec(value);
  const sentence = (end ? value.slice(0, end.index + (end[0].startsWith("\n") ? 0 : 1)) : value).replace(/\s+/g, " ").trim();
  return sentence.length > MAX_SENTENCE ? sentence.slice(0, MAX_SENTENCE - 1) + "…" : sentence;
}
