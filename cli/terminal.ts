/**
 * Text from a dataset or a log never reaches the terminal raw: control
 * characters (ESC sequences could recolour, move the cursor or set the
 * window title) are shown as visible escapes instead.
 */

/** Replaces C0/C1 control characters (except tab) and bidi overrides with visible `\xNN` / `\u{...}` escapes. */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
  });
}

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s, green: (s) => s, yellow: (s) => s, cyan: (s) => s };
const sgr = (open: number, close: number) => (s: string) => `\x1b[${open}m${s}\x1b[${close}m`;
const ansi: Style = { bold: sgr(1, 22), dim: sgr(2, 22), red: sgr(31, 39), green: sgr(32, 39), yellow: sgr(33, 39), cyan: sgr(36, 39) };

/** Colours only for a terminal, and never when NO_COLOR is set. */
export function styleFor(stream: NodeJS.WriteStream): Style {
  return stream.isTTY && !process.env.NO_COLOR && process.env.TERM !== "dumb" ? ansi : plain;
}
