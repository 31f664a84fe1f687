/**
 * Structured JSON log lines: the message, error and level fields of a line such as
 * `{"level":"error","message":"…"}` become the line's own text.
 */
import { isInlineBlank } from "../text";
import type { LogLevel } from "./log-line";
// JSON-escaped messages

const JSON_MESSAGE_KEYS = ["message", "msg", "event", "log", "textPayload"];
const JSON_ERROR_KEYS = ["exc_info", "exc_text", "exception", "error", "err", "stack", "stacktrace", "stack_trace", "traceback"];
const JSON_LEVEL_KEYS = ["level", "levelname", "severity", "lvl"];

function collectStrings(v: unknown, out: string[], depth: number): void {
  if (typeof v === "string") {
    if (v.trim()) out.push(v);
  } else if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string")) out.push(v.join("\n"));
  } else if (v && typeof v === "object" && depth < 2) {
    const o = v as Record<string, unknown>;
    for (const key of JSON_MESSAGE_KEYS) if (key in o) collectStrings(o[key], out, depth + 1);
    for (const key of JSON_ERROR_KEYS) if (key in o) collectStrings(o[key], out, depth + 1);
  }
}

function jsonLevel(o: Record<string, unknown>): LogLevel | undefined {
  for (const key of JSON_LEVEL_KEYS) {
    const v = o[key];
    if (typeof v === "string") {
      const l = v.toLowerCase();
      if (l === "error" || l === "err") return "error";
      if (l === "critical") return "critical";
      if (l === "fatal" || l === "panic" || l === "emergency" || l === "alert") return "fatal";
      if (l === "warn" || l === "warning") return "warning";
      if (l === "info") return "info";
      if (l === "debug") return "debug";
    } else if (typeof v === "number" && v >= 10 && v <= 60) {
      // pino / bunyan numbers
      return v >= 60 ? "fatal" : v >= 50 ? "error" : v >= 40 ? "warning" : v >= 30 ? "info" : "debug";
    }
  }
  return undefined;
}

/** The message lines a structured line carries, or null when it isn't one. */
export function expandJson(text: string): { prefix: string; body: string; level: LogLevel | undefined } | null {
  const last = text.charCodeAt(text.length - 1);
  if (last === 125) {
    // `{...}` possibly after a prefix
    let from = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const b = text.indexOf("{", from);
      if (b < 0) return null;
      from = b + 1;
      let q = b + 1;
      while (isInlineBlank(text.charCodeAt(q))) q++;
      if (text.charCodeAt(q) !== 34) continue;
      const v = parseLenient(text.slice(b));
      if (v === undefined) continue;
      if (!v || typeof v !== "object" || Array.isArray(v)) return null;
      const parts: string[] = [];
      collectStrings(v, parts, 0);
      // drop a part contained in another (err.message inside err.stack)
      const kept = parts.filter((p, i) => !parts.some((o, j) => j !== i && o.length > p.length && o.includes(p)) && parts.indexOf(p) === i);
      if (!kept.length) return null;
      return { prefix: text.slice(0, b), body: kept.join("\n"), level: jsonLevel(v as Record<string, unknown>) };
    }
    return null;
  }
  if (last === 34 && text.includes("\\")) {
    // `prefix "escaped\nstring"`: only when it hides several lines
    let from = 0;
    for (let attempt = 0; attempt < 4; attempt++) {
      const qi = text.indexOf('"', from);
      if (qi < 0 || qi === text.length - 1) return null;
      from = qi + 1;
      let v: unknown;
      try {
        v = JSON.parse(text.slice(qi));
      } catch {
        continue;
      }
      if (typeof v !== "string" || !v.includes("\n")) return null;
      return { prefix: text.slice(0, qi), body: v, level: undefined };
    }
  }
  return null;
}

/**
 * JSON as APIs write it, and as people paste it: a body copied from a Python
 * repr or a shell carries escapes JSON does not have (`\'`, `\x`); those read
 * as the character. Undefined when it is not JSON either way.
 */
function parseLenient(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (!/\\[^"\\/bfnrtu]/.test(text)) return undefined;
    try {
      return JSON.parse(text.replace(/\\([^"\\/bfnrtu])/g, "$1")) as unknown;
    } catch {
      return undefined;
    }
  }
}

/**
 * The message an API error body carries, when the text is one (`Error code: 400 - {'object': 'error', 'message':
 * "…", …}` as the OpenAI client prints a vLLM or sglang server's answer): the value of its `message`, to the closing
 * quote or, in a paste cut short, to the end. Otherwise the text as it is.
 */
export function innerMessage(text: string): string {
  const m = /['"]message['"]:\s*(['"])/.exec(text);
  if (!m) return text;
  const from = m.index + m[0].length;
  const q = m[1]!;
  let end = from;
  while (end < text.length && text[end] !== q) end += text[end] === "\\" ? 2 : 1;
  return text.slice(from, Math.min(end, text.length));
}
