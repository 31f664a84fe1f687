/**
 * Python string literals as the interpreter reads them: the prefix (`r`,
 * `b`, `f`, `u` in any case and order), the quotes (one or three), and the
 * backslash escapes of a non-raw string. Pure, so the miner's message
 * templates are exactly what Python would print.
 */

/** A string literal split into its parts. */
export interface StringLiteral {
  /** Lower-cased prefix letters, e.g. `rf`. */
  prefix: string;
  /** The text between the quotes, as written. */
  body: string;
  raw: boolean;
  fstring: boolean;
  bytes: boolean;
}

/** The prefix letters and the quotes of a literal, e.g. `rb"""`. */
const LITERAL_START = /^([A-Za-z]*)("""|'''|"|')/;

/** Splits a literal's source text into prefix, quotes and body; null when it is not a string literal. */
export function splitLiteral(source: string): StringLiteral | null {
  const m = LITERAL_START.exec(source);
  if (!m) return null;
  const prefix = m[1]!.toLowerCase();
  const quote = m[2]!;
  if (!/^[rbfu]*$/.test(prefix)) return null;
  const closed = source.length >= m[0].length + quote.length && source.endsWith(quote);
  const body = source.slice(m[0].length, closed ? source.length - quote.length : source.length);
  return { prefix, body, raw: prefix.includes("r"), fstring: prefix.includes("f"), bytes: prefix.includes("b") };
}

/** Single-character escapes of a Python string. */
const SIMPLE_ESCAPES: Record<string, string> = {
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
};

/** One escape sequence at the start of the text: `\n`, `\x41`, `\u00e9`, `\101`, a line continuation. */
const ESCAPE = /\\(?:(\r\n|\n|\r)|([\\'"abfnrtv])|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([0-7]{1,3})|N\{([^}]*)\})/y;

/** Decodes the backslash escapes of a non-raw literal body; unknown escapes stay as written, as in Python. */
export function decodeEscapes(body: string, bytes = false): string {
  if (!body.includes("\\")) return body;
  let out = "";
  let i = 0;
  while (i < body.length) {
    const j = body.indexOf("\\", i);
    if (j < 0) {
      out += body.slice(i);
      break;
    }
    out += body.slice(i, j);
    ESCAPE.lastIndex = j;
    const m = ESCAPE.exec(body);
    if (!m) {
      out += "\\";
      i = j + 1;
      continue;
    }
    out += escapeValue(m, bytes);
    i = j + m[0].length;
  }
  return out;
}

function escapeValue(m: RegExpExecArray, bytes: boolean): string {
  if (m[1] !== undefined) return "";
  if (m[2] !== undefined) return SIMPLE_ESCAPES[m[2]]!;
  if (m[3] !== undefined) return String.fromCharCode(parseInt(m[3], 16));
  if (m[6] !== undefined) return String.fromCharCode(parseInt(m[6], 8) & 0xff);
  const hex = m[4] ?? m[5];
  if (hex !== undefined && !bytes) {
    const code = parseInt(hex, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : m[0];
  }
  // `\N{NAME}` needs Unicode's name table; bytes have no `\u`: keep the escape as written.
  return m[0];
}

/** The value of a plain (non-f) literal; null when it is not a string literal. */
export function literalValue(source: string): string | null {
  const lit = splitLiteral(source);
  if (!lit || lit.fstring) return null;
  return lit.raw ? lit.body : decodeEscapes(lit.body, lit.bytes);
}
