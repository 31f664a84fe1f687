/**
 * No function in lib/match runs past MAX_LINES lines: a reader changes a step by reading one screen. Functions are
 * found with the TypeScript compiler (declarations, methods, constructors, accessors, function expressions and arrows).
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceModules } from "../testing/source-modules";

const MAX_LINES = 80;

/** Every function of a source longer than `max` lines, as `name: lines (line N)`. */
export function longFunctions(file: string, source: string, max = MAX_LINES): { name: string; lines: number; line: number }[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: { name: string; lines: number; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > max) out.push({ name: nameOf(node, sf), lines: end - start + 1, line: start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** A function's name: its own, or the variable or property it is assigned to; `<anonymous>` otherwise. */
function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const own = (node as { name?: ts.Node }).name;
  if (own) return own.getText(sf);
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)))
    return parent.name.getText(sf);
  return ts.isConstructorDeclaration(node) ? "constructor" : "<anonymous>";
}

/** The modules of lib/match, tests aside, relative to it. */
const modules = () => sourceModules(__dirname);

describe("functions in lib/match", () => {
  const found = modules().flatMap((file) =>
    longFunctions(file, fs.readFileSync(path.join(__dirname, file), "utf8")).map((f) => ({ ...f, key: `${file}:${f.name}` })),
  );

  it(`run at most ${MAX_LINES} lines each`, () => {
    const over = found.map((f) => `lib/match/${f.key.split(":")[0]}:${f.line}: ${f.name} runs ${f.lines} lines`);
    expect(over, `split these along a real seam (at most ${MAX_LINES} lines)`).toEqual([]);
  });

  it("counts a function's lines from its start to its end, whatever its kind", () => {
    const body = (n: number) => Array.from({ length: n }, () => "  x++;").join("\n");
    const source = [
      `function long() {\n${body(79)}\n}`,
      `function short() {\n${body(78)}\n}`,
      `const arrow = () => {\n${body(79)}\n};`,
      `class C {\n  method() {\n${body(79)}\n  }\n}`,
    ].join("\n");
    expect(longFunctions("x.ts", source).map((f) => [f.name, f.lines])).toEqual([
      ["long", 81],
      ["arrow", 81],
      ["method", 81],
    ]);
  });
});
