/**
 * Build-time syntax highlighting with Shiki: one highlighter per process
 * (python grammar, github-light and github-dark as CSS-variable dual themes,
 * the JavaScript regex engine), shared by every page of a build.
 *
 * Output is an HTML string, not a React tree, so a snippet costs one string in
 * the page's RSC payload instead of an element per token. Token colours become
 * short classes (`.k3`) whose rules (`--shiki-light` / `--shiki-dark`, see
 * `globals.css`) travel with the block in a small `<style>` that React hoists
 * into the head (`HighlightStyle`). Class names are bare words, so their
 * attribute quotes are left out: each token's markup is repeated in the HTML
 * and, escaped, in the inline payload. Every text goes through `escapeHtml`.
 */
import { createHighlighterCore, type HighlighterCore, type ThemedToken } from "shiki/core";
import { createJavaScriptRegexEngine } from "shiki/engine/javascript";
import python from "@shikijs/langs/python";
import githubLight from "@shikijs/themes/github-light";
import githubDark from "@shikijs/themes/github-dark";
import { escapeHtml } from "../../lib/site/html";
import { ensureContrast } from "./contrast";

/** Code backgrounds as set in `globals.css` (--code-bg, --hit-bg); token colours are checked for AA against them. */
export const CODE_BACKGROUNDS = {
  light: ["#f6f8fa", "#fff5b1"],
  dark: ["#161b22", "#3d3014"],
} as const;

/** Above this many characters a block is shown as plain text: highlighting it would cost seconds and bloat the page. */
export const MAX_HIGHLIGHT_CHARS = 200_000;
/** Lines longer than this are left unhighlighted by Shiki (minified or generated code). */
const MAX_TOKENIZED_LINE = 1_000;

let highlighter: Promise<HighlighterCore> | null = null;

/** The process-wide highlighter, created on first use. */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [githubLight, githubDark],
    langs: [python],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  return highlighter;
}

/** Class name of each distinct token style seen by this process, with its CSS rule. */
const styleClasses = new Map<string, { name: string; rule: string }>();

/** The class for a token's dual-theme style, or null for the default text colour. */
function classFor(style: Record<string, string> | undefined): { name: string; rule: string } | null {
  if (!style) return null;
  const key = JSON.stringify(style);
  let entry = styleClasses.get(key);
  if (!entry) {
    const light = style["--shiki-light"];
    const dark = style["--shiki-dark"];
    const decls: string[] = [];
    const isDefault = light?.toLowerCase() === "#24292e" && dark?.toLowerCase() === "#e1e4e8";
    if (light && !isDefault) decls.push(`--shiki-light:${ensureContrast(light, CODE_BACKGROUNDS.light)}`);
    if (dark && !isDefault) decls.push(`--shiki-dark:${ensureContrast(dark, CODE_BACKGROUNDS.dark)}`);
    if (style["--shiki-light-font-style"]?.includes("italic")) decls.push("font-style:italic");
    entry = decls.length ? { name: `k${styleClasses.size}`, rule: "" } : { name: "", rule: "" };
    if (entry.name) entry.rule = `.hl .${entry.name}{${decls.join(";")}}`;
    styleClasses.set(key, entry);
  }
  return entry.name ? entry : null;
}

/** A highlighted block: one HTML string per source line, plus the CSS its classes need. */
export interface HighlightedLines {
  lines: string[];
  css: string;
  /** Names the CSS by the classes it defines, so equal rule sets are emitted once per page. */
  cssKey: string;
}

/** Splits code into lines, accepting CRLF and CR line ends. */
export function splitLines(code: string): string[] {
  return code.split(/\r\n|\r|\n/);
}

/** Highlights python code into escaped HTML lines; falls back to plain escaped text for huge input. */
export async function highlightPython(code: string): Promise<HighlightedLines> {
  const normalized = splitLines(code).join("\n");
  if (normalized.length > MAX_HIGHLIGHT_CHARS) return { lines: splitLines(normalized).map(escapeHtml), css: "", cssKey: "" };
  const hl = await getHighlighter();
  const { tokens } = hl.codeToTokens(normalized, {
    lang: "python",
    themes: { light: "github-light", dark: "github-dark" },
    defaultColor: false,
    tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
  });
  const rules = new Map<string, string>();
  const lines = tokens.map((line: ThemedToken[]) => {
    let html = "";
    for (const token of line) {
      const cls = classFor(token.htmlStyle as Record<string, string> | undefined);
      const text = escapeHtml(token.content);
      if (cls) {
        rules.set(cls.name, cls.rule);
        html += `<span class=${cls.name}>${text}</span>`;
      } else html += text;
    }
    return html;
  });
  const names = [...rules.keys()].sort();
  return { lines, css: names.map((n) => rules.get(n)).join(""), cssKey: names.join("-") };
}
