/**
 * Stage 1 of cleaning: ANSI escapes (real and pasted remnants) and control characters.
 */
import { isDigit } from "./chars";
import { type Track } from "./track";

/** Length of a conservative CSI body at j (after `[`): `?`? [0-9;]* then a common final byte. 0 if none. */
function safeCsiLen(s: string, j: number): number {
  let k = j;
  if (s.charCodeAt(k) === 63) k++; // ?
  for (;;) {
    const c = s.charCodeAt(k);
    if (isDigit(c) || c === 59) k++;
    else break;
  }
  const f = s.charCodeAt(k);
  // A-H J K S T f h l m n s u
  if (
    (f >= 65 && f <= 72) ||
    f === 74 ||
    f === 75 ||
    f === 83 ||
    f === 84 ||
    f === 102 ||
    f === 104 ||
    f === 108 ||
    f === 109 ||
    f === 110 ||
    f === 115 ||
    f === 117
  ) {
    return k + 1 - j;
  }
  return 0;
}

/** Length of a CSI body at j (after `ESC [`): ECMA-48 params, intermediates, final; partial bodies are consumed too. */
function csiLen(s: string, j: number): number {
  let k = j;
  let c = s.charCodeAt(k);
  while (c >= 0x30 && c <= 0x3f) c = s.charCodeAt(++k);
  while (c >= 0x20 && c <= 0x2f) c = s.charCodeAt(++k);
  if (c >= 0x40 && c <= 0x7e) k++;
  return k - j;
}

/** Index just after a string terminator (BEL or ESC \) searching from j, or -1. */
function stringEnd(s: string, j: number): number {
  const n = s.length;
  for (let k = j; k < n; k++) {
    const c = s.charCodeAt(k);
    if (c === 7) return k + 1;
    if (c === 27 && s.charCodeAt(k + 1) === 92) return k + 2;
  }
  return -1;
}

/** Length of an escape sequence starting with a real ESC at i (always ≥ 1). */
function escLen(s: string, i: number): number {
  const c = s.charCodeAt(i + 1);
  if (c === 91) return 2 + csiLen(s, i + 2); // ESC [
  if (c === 93 || c === 80 || c === 88 || c === 94 || c === 95) {
    // OSC, DCS, SOS, PM, APC: up to BEL / ST
    const e = stringEnd(s, i + 2);
    return e < 0 ? 2 : e - i;
  }
  if (c >= 0x20 && c <= 0x2f && i + 2 < s.length) return 3; // ESC ( B  and other designations
  if (c >= 0x30 && c <= 0x7e) return 2;
  return 1;
}

/** Caret notation `^[[31m`, `^[]8;;url^G`; 0 when it isn't a plausible escape. */
function caretLen(s: string, i: number): number {
  const c = s.charCodeAt(i + 2);
  if (c === 91) {
    const k = safeCsiLen(s, i + 3);
    return k ? 3 + k : 0;
  }
  if (c === 93 && isDigit(s.charCodeAt(i + 3))) {
    const n = s.length;
    for (let k = i + 3; k < n; k++) {
      const d = s.charCodeAt(k);
      if (d === 7) return k + 1 - i;
      if (d === 94 && s.charCodeAt(k + 1) === 71) return k + 2 - i; // ^G
      if (d === 94 && s.charCodeAt(k + 1) === 91 && s.charCodeAt(k + 2) === 92) return k + 3 - i; // ^[\
    }
  }
  return 0;
}

/** Literal escapes pasted from code or JSON: `\x1b[31m`, `\033[0m`, `\u001b[1;32m`, `\e[0m`. */
function literalLen(s: string, i: number): number {
  let j: number;
  const c = s.charCodeAt(i + 1);
  if (c === 120 && s.startsWith("1", i + 2) && (s.charCodeAt(i + 3) | 32) === 98)
    j = i + 4; // \x1b
  else if (c === 48 && s.startsWith("33", i + 2))
    j = i + 4; // \033
  else if (c === 117 && s.startsWith("001", i + 2) && (s.charCodeAt(i + 5) | 32) === 98)
    j = i + 6; // \u001b
  else if (c === 101)
    j = i + 2; // \e
  else return 0;
  if (s.charCodeAt(j) !== 91) return 0;
  const k = safeCsiLen(s, j + 1);
  return k ? j + 1 + k - i : 0;
}

/** Bare remnant whose ESC was dropped: `[31m`, `[1;32m`, `[0m`, `[?25l`. Never `[0]`, `[rank0]`, `[5m]`. */
function bareLen(s: string, i: number): number {
  let k = i + 1;
  let c = s.charCodeAt(k);
  if (c === 63) {
    // [?25l
    k++;
    const d0 = k;
    while (isDigit(s.charCodeAt(k))) k++;
    c = s.charCodeAt(k);
    return k > d0 && (c === 104 || c === 108) ? k + 1 - i : 0;
  }
  if (!isDigit(c)) return 0;
  let semi = false;
  let nonZero = false;
  for (;;) {
    c = s.charCodeAt(k);
    if (c === 59) semi = true;
    else if (isDigit(c)) {
      if (c !== 48) nonZero = true;
    } else break;
    k++;
  }
  if (c !== 109) return 0;
  // `[5m]` is more likely "5 minutes" in brackets than a colour code; a reset `[0m]` or a
  // compound `[1;31m]` is still an escape.
  if (s.charCodeAt(k + 1) === 93 && !semi && nonZero) return 0;
  return k + 1 - i;
}

/** Removes escape sequences and control chars (TAB kept) until none is left. */
export function stripControls(s: string, t: Track | null): string {
  for (;;) {
    const n = s.length;
    let out = "";
    let last = 0;
    let removed = false;
    const keep: number[] | null = t ? [] : null;
    for (let i = 0; i < n;) {
      const c = s.charCodeAt(i);
      let k = 0;
      if (c < 32) k = c === 9 ? 0 : c === 27 ? escLen(s, i) : 1;
      else if (c === 91) k = bareLen(s, i);
      else if (c === 94) k = s.charCodeAt(i + 1) === 91 ? caretLen(s, i) : 0;
      else if (c === 92) k = literalLen(s, i);
      else if (c >= 127 && c <= 159) k = c === 0x9b ? 1 + csiLen(s, i + 1) : 1;
      else if (c === 0x241b) k = s.charCodeAt(i + 1) === 91 ? (safeCsiLen(s, i + 2) ? 2 + safeCsiLen(s, i + 2) : 0) : 0;
      if (k === 0) {
        i++;
        continue;
      }
      if (keep && t) for (let j = last; j < i; j++) keep.push(t.at(j));
      out += s.slice(last, i);
      i += k;
      last = i;
      removed = true;
    }
    if (!removed) return s;
    if (keep && t) {
      for (let j = last; j < n; j++) keep.push(t.at(j));
      t.set(keep);
    }
    s = out + s.slice(last);
    // Removing a sequence can join two halves into a new one (`[3[0m1m`): repeat to a fixed point.
    if (!needsControl(s)) return s;
  }
}

const RE_CTRL = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u241b]/;
/** RE_CTRL less the line ends: run once on a whole log to skip the per-line test. */
export const RE_CTRL_IN_LOG = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u241b]/;

/**
 * True when stage 1 may have something to remove: C0 controls except TAB, DEL and C1, the
 * visible ␛, or a `[` that starts a bare `[31m` / `[?25l` remnant or ends the introducer of a
 * caret `^[[…`, literal `\x1b[…` / `\033[…` / `\u001b[…` / `\e[…` escape. Every such form
 * contains `[`, so plain lines cost one char-class regex and one indexOf.
 */
export function needsControl(s: string, ctrl = true): boolean {
  if (ctrl && RE_CTRL.test(s)) return true;
  for (let x = s.indexOf("["); x >= 0; x = s.indexOf("[", x + 1)) {
    if (bareLen(s, x) > 0) return true;
    if (x > 0 && s.charCodeAt(x - 1) === 94 && caretLen(s, x - 1) > 0) return true;
    if (x >= 2 && s.charCodeAt(x - 2) === 92 && literalLen(s, x - 2) > 0) return true;
    if (x >= 4 && s.charCodeAt(x - 4) === 92 && literalLen(s, x - 4) > 0) return true;
    if (x >= 6 && s.charCodeAt(x - 6) === 92 && literalLen(s, x - 6) > 0) return true;
  }
  return false;
}
