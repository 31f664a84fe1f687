/**
 * `raise X(msg)`: what `msg` holds at the raise. Only assignments the raise
 * surely runs after count: in the same function, above the raise, in a block
 * that encloses it (not in a branch beside it). `msg = "…"` then any
 * `msg += …` after it. Anything less certain reads as unknown.
 */
import type { SyntaxNode } from "@lezer/common";

/** Statements whose insides belong to another scope. */
const NESTED_SCOPES = new Set(["FunctionDefinition", "ClassDefinition", "LambdaExpression"]);

const key = (n: SyntaxNode) => `${n.from}:${n.to}`;

/** The value expressions that build `name` at `at`, in order; null when they are not certain. */
export function assignedValues(name: string, at: SyntaxNode, src: string): SyntaxNode[] | null {
  const blocks = new Set<string>();
  let scope: SyntaxNode | null = null;
  for (let p = at.parent; p; p = p.parent) {
    if (p.name === "Body" || p.name === "Script") blocks.add(key(p));
    if (p.name === "FunctionDefinition" || p.name === "Script") {
      scope = p;
      break;
    }
  }
  if (!scope) return null;
  const writes = writesBefore(scope, name, at.from, src);
  let base = -1;
  for (let i = writes.length - 1; i >= 0; i--) {
    if (writes[i]!.op === "=") {
      base = i;
      break;
    }
  }
  if (base < 0) return null;
  const used = writes.slice(base);
  if (used.some((w) => !blocks.has(w.block) || (w !== used[0] && w.op !== "+="))) return null;
  return used.map((w) => w.value);
}

interface Write {
  op: "=" | "+=" | "other";
  value: SyntaxNode;
  block: string;
}

/** Every write of `name` in `scope` (not in nested functions) that ends before `before`, in source order. */
function writesBefore(scope: SyntaxNode, name: string, before: number, src: string): Write[] {
  const out: Write[] = [];
  // An explicit stack, in reverse so nodes pop in source order: deep nesting cannot overflow the call stack.
  const stack: SyntaxNode[] = [];
  const pushChildren = (n: SyntaxNode) => {
    for (let c = n.lastChild; c; c = c.prevSibling) if (c.from < before) stack.push(c);
  };
  pushChildren(scope);
  while (stack.length) {
    const n = stack.pop()!;
    if (NESTED_SCOPES.has(n.name)) continue;
    if (n.name === "AssignStatement" || n.name === "UpdateStatement") {
      const w = write(n, name, src);
      if (w && n.to <= before) out.push(w);
    } else pushChildren(n);
  }
  return out;
}

/** The write a statement makes to `name`, if any. */
function write(stmt: SyntaxNode, name: string, src: string): Write | null {
  const target = stmt.firstChild;
  if (!target || target.name !== "VariableName" || src.slice(target.from, target.to) !== name) return null;
  const op = stmt.getChild("AssignOp") ?? stmt.getChild("UpdateOp");
  let value = stmt.lastChild;
  while (value?.name === "Comment") value = value.prevSibling;
  const block = stmt.parent ? key(stmt.parent) : "";
  if (!op || !value || value === target) return null;
  const opText = src.slice(op.from, op.to);
  // `msg = other = "…"` or `msg, n = …` assign through more than one target: not read.
  const next = target.nextSibling?.name;
  const simple = (next === "AssignOp" || next === "TypeDef") && stmt.getChildren("AssignOp").length === 1;
  if (opText === "=" && simple) return { op: "=", value, block };
  if (opText === "+=") return { op: "+=", value, block };
  return { op: "other", value, block };
}
