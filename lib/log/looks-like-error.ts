/** Whether a cleaned line looks like an error (an exception line, an error level or wording). */
import { type LogLine } from "./log-line";

export const RE_ERRORISH = new RegExp(
  [
    // exception line: `RuntimeError: msg`, `pkg.mod.SomeException: msg`, bare `KeyboardInterrupt`, ray `RayTaskError(ValueError): …`
    String.raw`^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Fault|Failure|Abort|Aborted|Panic)(?:\([\w.]*\))?(?::|$)`,
    String.raw`^(?:[A-Za-z_]\w*\.)*(?:StopIteration|StopAsyncIteration|OSError|IOError|EOFError)(?::|$)`,
    // a paste lowercased whole (an issue title, a chat): `valueerror: due to a serious vulnerability …`
    String.raw`^(?:[a-z_][a-z0-9_]*\.)*[a-z]+(?:error|exception): (?=[^A-Z]*$)`,
    // `error: …`, `fatal: …`, `Error: …`, rustc `error[E0425]: …`, Go `panic: …`
    String.raw`^(?:error|fatal|panic|critical|Error|Fatal|Panic|Critical|FATAL|ERROR|PANIC|CRITICAL)(?:\[[\w-]+\])?:`,
    String.raw`^npm (?:ERR!|error)`,
    // pydantic's validation errors, one per failed check: `  Value error, msg [type=value_error, …]`
    String.raw`^\s*(?:Value error|Assertion failed), `,
    // pytest `E       RuntimeError: x`
    String.raw`^E {2,}\S`,
    String.raw`Traceback \(most recent call last\)`,
    String.raw`\b(?:ERROR|FATAL|CRITICAL|PANIC|FAILED)\b`,
    // an exception named in the middle of a line: `failed with RuntimeError: x`
    String.raw`\b[A-Z]\w*(?:Error|Exception)(?:\([\w.]*\))?: `,
    String.raw`(?:^|\s)(?:[Ee]rror|[Ff]atal)(?:\[\w+\])?: `,
    String.raw`\blevel=(?:error|fatal|critical)\b`,
    String.raw`"level": ?"(?:error|fatal|critical)"`,
    String.raw`panicked at|Segmentation fault|core dumped|Fatal Python error|\bUncaught\b|\bUnhandled (?:exception|rejection|error)`,
  ].join("|"),
);

/**
 * Words one of RE_ERRORISH's forms must hold (each form needs one: `Error`, `FATAL`, `Traceback`, `level`, …): most
 * lines of a long log hold none, and this test rejects them faster than the alternation, which tries every form at
 * every position. A form added to RE_ERRORISH needs its word here (looks-like-error.test checks each form).
 */
export const RE_ERROR_WORDS =
  /rror|RROR|atal|ATAL|ritical|RITICAL|anic|ANIC|AILED|xception|Exit|Interrupt|Fault|Failure|Abort|Stop|npm |^E {2}|Traceback|level|Segmentation|core dumped|Uncaught|Unhandled|Assertion failed/;

/**
 * True when a cleaned line looks like an error: an exception line (`SomeError: msg`,
 * `pkg.mod.SomeException: msg`, bare `KeyboardInterrupt`), `Traceback (most recent call
 * last):`, `error:`/`fatal:`/`panic:` prefixes, compiler `: error:`, an ERROR/FATAL/CRITICAL
 * word, `level=error`… Pass the LogLine itself (not just its text) to also count an
 * error/critical/fatal level whose prefix cleaning removed.
 */
export function looksLikeError(text: string | LogLine): boolean {
  if (typeof text !== "string") {
    if (isErrorLevel(text.level)) return true;
    text = text.text;
  }
  return text.length > 0 && RE_ERROR_WORDS.test(text) && RE_ERRORISH.test(text);
}

/** Whether a level removed from a line's prefix marks it as an error. */
export function isErrorLevel(level: LogLine["level"]): boolean {
  return level === "error" || level === "critical" || level === "fatal";
}

/** `ValueError: `, `torch.cuda.OutOfMemoryError: `, Python's own `Exception: ` at the start of a line, or pydantic's `Value error, `. */
const EXCEPTION_PREFIX =
  /^(?:(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*(?:Error|Exception|Warning)|Exception)\b[^:]{0,40}:|(?:Value error|Assertion failed),)\s*/;

/** Where a line's message starts after a leading exception class (`ValueError: x` → 12, `Value error, x` → 13), or 0. */
export function messageStart(text: string): number {
  return EXCEPTION_PREFIX.exec(text)?.[0].length ?? 0;
}

/** Quotes a class inside them belongs to another message (`error 'ValueError: …'`), straight or curly. */
const QUOTES = "'\"`‘’“”";
/** Where each opening quote closes. */
const CLOSING: Record<string, string> = { "‘": "’", "“": "”" };
/** An exception class as Python prints it, module path allowed (group: its last part): `ValueError`, `torch.cuda.OutOfMemoryError`, `Exception`. */
const CLASS = String.raw`(?:[A-Za-z_]\w*\.)*([A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt)|Exception)`;
/** How far before a message its class is looked for: a class names the message it stands right before. */
const CLASS_REACH = 1_000;

/**
 * An exception class named before a message, at the start of a line or in its prose, not inside quotes: `RuntimeError: `,
 * `torch.cuda.OutOfMemoryError: `, `RayTaskError(ValueError): ` (group 1 the class, group 2 the wrapped one); the match
 * starts where the class does.
 */
const RE_CLASS_NAMED = new RegExp(String.raw`(?<![\w.${QUOTES}])${CLASS}(?:\(([A-Z]\w*)\))?: `, "g");
/** The class right before a position, quoted or not. */
const RE_CLASS_BEFORE = new RegExp(String.raw`(?<![\w.])${CLASS}(?:\(([A-Z]\w*)\))?: $`);
/** An exception quoted inside a line: the quote (group 1), the class (group 2), `: `. */
const RE_QUOTED_EXCEPTION = new RegExp(String.raw`([${QUOTES}])${CLASS}(?:\([\w.]*\))?: `);

/**
 * The exception classes (their last dotted part) named before position `at` of a line: those its prose names, and the
 * one right before `at` even inside quotes (the message a match starts at is that class's).
 */
export function classesBefore(text: string, at: number): string[] {
  const before = text.slice(Math.max(0, at - CLASS_REACH), at);
  const out: string[] = [];
  for (const m of before.matchAll(RE_CLASS_NAMED)) out.push(m[1]!, ...(m[2] ? [m[2]] : []));
  const last = RE_CLASS_BEFORE.exec(before.slice(-200));
  if (last) out.push(last[1]!, ...(last[2] ? [last[2]] : []));
  return [...new Set(out)];
}

/**
 * Where a line's message starts: after a leading exception class (messageStart), else after the first class its
 * prose names (`No, I still get RuntimeError: LoRA is not enabled` → the `L`), else 0. A class inside quotes is part
 * of another message (`Worker failed with error 'ValueError: …'`) and is passed over (see quotedException).
 */
export function namedMessageStart(text: string): number {
  const lead = messageStart(text);
  if (lead > 0) return lead;
  RE_CLASS_NAMED.lastIndex = 0;
  const m = RE_CLASS_NAMED.exec(text.length > CLASS_REACH ? text.slice(0, CLASS_REACH) : text);
  RE_CLASS_NAMED.lastIndex = 0;
  return m && m.index > 0 ? m.index + m[0].length : 0;
}

/**
 * The message of an exception quoted inside a line from position `from` on (`why do I get the error "ValueError: x"
 * when …`, a wrapper's `error 'ValueError: …'`): where it starts, its text up to the closing quote (one followed by a
 * blank, punctuation or the end, so `'…: The model's max …'` is read whole), and its class; or null.
 */
export function quotedException(text: string, from = 0): { start: number; text: string; cls: string } | null {
  const m = RE_QUOTED_EXCEPTION.exec(text.slice(from, from + CLASS_REACH));
  if (!m) return null;
  const start = from + m.index + m[0].length;
  const close = CLOSING[m[1]!] ?? m[1]!;
  let end = text.indexOf(close, start);
  while (end >= 0 && end + 1 < text.length && !/[\s,.;:)\]]/.test(text[end + 1]!)) end = text.indexOf(close, end + 1);
  return { start, text: text.slice(start, end < 0 ? text.length : end), cls: m[2]! };
}

/** A JSON (or Python dict) field that starts a pretty-printed error body's `message`: `"message": "…"`. */
const RE_BODY_MESSAGE = /^["']message["']\s*:\s*["']/;
/** A field that marks the body around it as an error: `"object": "error"`, `"type": "BadRequestError"`, `"code": 400`, `"error": {`. */
const RE_BODY_ERROR = /^["'](?:object|type)["']\s*:\s*["'](?:error|\w*Error)["']|^["']code["']\s*:\s*[45]\d\d\b|^["']error["']\s*:\s*\{/;
/** How many lines around a `message` field are looked at for the fields that make its body an error's. */
const BODY_REACH = 6;

/**
 * Whether the line at `li` is the `message` of an error body printed over several lines (`jq`, a pretty-printed
 * OpenAI-style answer: `{ "object": "error", "message": "top_k must be …", "type": "BadRequestError", "code": 400 }`):
 * the message line itself holds no error word, its neighbours say it is one.
 */
export function isErrorBodyMessage(lines: readonly LogLine[], li: number): boolean {
  const text = lines[li]?.text ?? "";
  const c = text.charCodeAt(0);
  if ((c !== 34 && c !== 39) || !RE_BODY_MESSAGE.test(text)) return false;
  for (let k = Math.max(0, li - BODY_REACH), end = Math.min(lines.length, li + BODY_REACH + 1); k < end; k++)
    if (k !== li && RE_BODY_ERROR.test(lines[k]!.text)) return true;
  return false;
}
