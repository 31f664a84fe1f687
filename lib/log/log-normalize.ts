/**
 * log-normalize — turns a pasted log into clean lines for the error matcher.
 *
 * Guarantees:
 * - Framework-free: no `node:*` imports, no dependencies; runs unchanged in Node,
 *   browsers and Web Workers.
 * - `cleanLine` never throws and is idempotent for every input string:
 *   `cleanLine(cleanLine(x)) === cleanLine(x)`. It removes ANSI escapes (real and
 *   pasted remnants), control characters, `\r` progress-bar overwrites, stacked
 *   per-line prefixes (timestamps, levels, ranks, process tags, docker/kubectl/CI
 *   prefixes), markdown decoration, and all leading/trailing whitespace. Everything
 *   else — the message as the program printed it — is kept as is.
 * - `cleanLineWithMap(raw).text === cleanLine(raw)`; its map is non-decreasing, within
 *   [0, raw.length], and `raw[map[i]] === text[i]`.
 * - `normalizeLog` returns one LogLine per original line (1-based `line`, empty lines
 *   included; text === cleanLine(row)), except that a structured JSON line with a message
 *   field becomes the message's own lines, all carrying the original line number.
 * - Cost: a plain line costs a char-class test (skipped when the whole log has no control
 *   chars), an indexOf("["), and a few char checks; regexes run only after a cheap
 *   first-character test.
 *
 * Decisions:
 * - Line ends: `\n`, `\r\n` and a lone `\r` all end a line (as a browser textarea does), so
 *   in normalizeLog a `\r` progress bar becomes several lines; cleanLine, given a line that
 *   still holds `\r`, keeps the text after the last one.
 * - Indentation is NOT kept: `text` never starts or ends with blanks. The traceback parser
 *   works from content (`File "…", line N` is a frame wherever it is).
 * - Levels are stripped (`ERROR `, `ERROR:root:`, `[ERROR]`, `E1025 …]`…) but remembered in
 *   `LogLine.level`; pass the LogLine, not its text, to looksLikeError to count them.
 *   Lower/title-case `error:` / `Error:` are the program's own words and stay.
 * - A prefix is stripped only in a recognised shape (see prefixEnd): a timestamp form, a
 *   bracket whose content is a timestamp/rank tag/level/glog head/kubectl target/`file.py:N`,
 *   `(… pid=N …)`, a compose `name-1  | `, a level word followed by a separator, `##[x]`,
 *   `::error::`. `[0, 1]`, `[1/3]`, `RuntimeError: x`, `ls | grep` are left alone.
 * - Markdown: fences (```` ``` ````, ```` ```python ````) become "", `>` quote markers go
 *   (nested too, also `>>> `), a line wrapped in one pair of backticks or in ```` ``` ```` is
 *   unwrapped, `**…**` is removed only at the start of a line (whole line, or a leading span
 *   such as `**RuntimeError**: x`). Bullets `- ` / `* ` / `+ ` are removed only before an
 *   exception line or a traceback header (elsewhere they may be the program's text).
 * - ESC-less remnants: `[` + digits/semicolons + `m` and `[?25l`/`[?25h` go; `[5m]` (a
 *   duration in brackets) stays, `[0m]` and `[1;31m]` go. Caret (`^[[31m`), literal
 *   (`\x1b[31m`, `\033[0m`, `\u001b[0m`, `\e[0m`) and visible-␛ forms need a common final
 *   byte, so `^[[:alpha:]]` stays.
 */

/** Severity carried by a stripped level prefix (or a JSON `level` field). */
export type LogLevel = "trace" | "debug" | "info" | "notice" | "warning" | "error" | "critical" | "fatal";

/** One line of a pasted log after cleaning. */
export interface LogLine {
  /** 1-based line number in the original log. */
  line: number;
  /** Cleaned text. */
  text: string;
  /** Level taken from a stripped prefix (`ERROR …`, `[E1025 …]`, `##[error]`, JSON `"level":"error"`). */
  level?: LogLevel;
  /**
   * Producer of the line, from stripped tags such as `[rank0]:`, `(VllmWorker rank=0 pid=123)`,
   * `sglang-1  |`, `[pod/x/c]` or the `TP3` in `[2025-06-01 10:00:00 TP3]`; several tags are
   * joined with "/" outermost first (`sglang-1/TP3`). Lets the traceback parser untangle
   * interleaved processes.
   */
  stream?: string;
  /** True when a stripped prefix was a log-record header (timestamp or level): a new record starts here. */
  recordStart?: boolean;
}

// ---------------------------------------------------------------------------
// character helpers

function isWs(c: number): boolean {
  return (
    c === 32 ||
    c === 9 ||
    (c > 127 &&
      (c === 0xa0 || c === 0xfeff || c === 0x3000 || (c >= 0x2000 && c <= 0x200b) || c === 0x202f || c === 0x205f || c === 0x1680))
  );
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isAlnum(c: number): boolean {
  return isLetter(c) || isDigit(c);
}
/** Characters of a "first word" (service names, levels, logger names): [A-Za-z0-9_.-]. */
function isWordChar(c: number): boolean {
  return isAlnum(c) || c === 95 || c === 46 || c === 45;
}

// ---------------------------------------------------------------------------
// position tracking (only used by cleanLineWithMap)

class Track {
  /** Raw index of each char of the current string, when not an identity shift of `base`. */
  pos: number[] | null = null;
  off = 0;
  base = 0;
  at(i: number): number {
    return this.pos ? (this.pos[this.off + i] as number) : this.base + i;
  }
  cut(k: number): void {
    if (this.pos) this.off += k;
    else this.base += k;
  }
  set(a: number[]): void {
    this.pos = a;
    this.off = 0;
  }
}

// ---------------------------------------------------------------------------
// stage 1: ANSI escapes and control characters

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
function stripControls(s: string, t: Track | null): string {
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

// ---------------------------------------------------------------------------
// stage 2: prefixes and decoration

interface Info {
  level: LogLevel | undefined;
  /** Stream tags joined by "/". */
  stream: string | undefined;
  record: boolean;
}

function setLevel(info: Info | null, level: LogLevel | undefined): void {
  if (info && level && !info.level) info.level = level;
}
function addTag(info: Info | null, tag: string): void {
  if (!info || !tag) return;
  info.stream = info.stream === undefined ? tag : info.stream + "/" + tag;
}

/** Level of an upper-case level word occupying s[0, k), or undefined. */
function levelWord(s: string, k: number, at = 0): LogLevel | undefined {
  switch (k) {
    case 4:
      if (s.startsWith("INFO", at)) return "info";
      if (s.startsWith("WARN", at)) return "warning";
      return undefined;
    case 5:
      if (s.startsWith("ERROR", at)) return "error";
      if (s.startsWith("DEBUG", at)) return "debug";
      if (s.startsWith("FATAL", at)) return "fatal";
      if (s.startsWith("TRACE", at)) return "trace";
      return undefined;
    case 6:
      if (s.startsWith("NOTICE", at)) return "notice";
      if (s.startsWith("SEVERE", at)) return "error";
      return undefined;
    case 7:
      return s.startsWith("WARNING", at) ? "warning" : undefined;
    case 8:
      return s.startsWith("CRITICAL", at) ? "critical" : undefined;
  }
  return undefined;
}

function levelFromName(name: string): LogLevel | undefined {
  if (name.length < 3 || name.length > 8) return undefined;
  const u = name.toUpperCase();
  return levelWord(u, u.length) ?? (u === "WARN" ? "warning" : u === "ERR" ? "error" : undefined);
}

/** Runs a sticky regex at i; returns the end index or -1. */
function matchAt(re: RegExp, s: string, i: number): number {
  re.lastIndex = i;
  return re.test(s) ? re.lastIndex : -1;
}

// Timestamps. Each is tried only when the first char is a digit.
const RE_ISO = /\d{4}([-/.])\d{1,2}\1\d{1,2}(?:T| +|_)\d{1,2}:\d{2}(?::\d{2})?(?:[.,:]\d{1,9})?(?:Z| ?[+-]\d{2}:?\d{2}| ?(?:UTC|GMT))?/y;
const RE_MONTHDAY = /\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?/y;
const RE_TIME = /\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?: ?[AaPp][Mm])?/y;
/** After a timestamp: GitLab's job-log stream marker `00O ` / `01E+ `, or containerd's `stderr F `. */
const RE_STREAM_MARK = /(?:[0-9a-f]{2}[OE]\+?|(?:stdout|stderr) [FP])(?: |$)/y;

function timestampEnd(s: string, i: number): number {
  let e = matchAt(RE_ISO, s, i);
  if (e < 0) e = matchAt(RE_MONTHDAY, s, i);
  if (e < 0) e = matchAt(RE_TIME, s, i);
  if (e < 0) return -1;
  // must not stop in the middle of a token (`10:00:00abc`)
  const c = s.charCodeAt(e);
  if (isAlnum(c) || c === 46) return -1;
  return e;
}

/** After a timestamp or level: skip blanks and one `-`, `|` or `:` separator. */
function skipSep(s: string, k: number): number {
  let p = k;
  while (isWs(s.charCodeAt(p))) p++;
  const c = s.charCodeAt(p);
  if ((c === 45 || c === 124 || c === 58) && (p + 1 >= s.length || isWs(s.charCodeAt(p + 1)))) return p + 1;
  return p;
}

/** vLLM: `ERROR 10-25 13:08:43 [core.py:708] ` (newer) or `INFO 06-01 10:00:00 llm_engine.py:100] ` (older), after the level. */
const RE_VLLM = /\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?[ \t]+(?:\[[^\]\s]+:\d+\]|[^\s\]]+:\d+\])/y;
/** glog / klog: `I1025 13:08:43.123456 12345 file.cc:12] `. */
const RE_GLOG = /[IWEF]\d{4} \d{2}:\d{2}:\d{2}(?:\.\d+)?[ \t]+\d+[ \t]+[^\s\]]+:\d+\]/y;
/** syslog / journalctl: `Jun  1 10:00:00 host proc[123]: `. */
const RE_SYSLOG =
  /(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2}(?:\.\d+)?(?: +[\w.-]+ +[\w./@-]+(?:\[\d+\])?:(?= |$))?/y;
/** Python logging `%(name)s - %(levelname)s - `: the part after the logger name. */
const RE_DASH_LEVEL = / - (TRACE|DEBUG|INFO|NOTICE|WARNING|WARN|ERROR|CRITICAL|FATAL) +- /y;
/** loguru location after `LEVEL | `: `module:function:12 - `. */
const RE_LOGURU_LOC = /[\w.<>-]+:[\w.<>-]+:\d+ - /y;
/** GitHub Actions `##[error]`, `##[group]` … */
const RE_GHA = /##\[([a-z]+)\]/y;
/** GitHub Actions workflow commands `::error file=a.py,line=1::`. */
const RE_GHA_CMD = /::(error|warning|notice|debug|group|endgroup)(?: [^:]*)?::/y;
/** A markdown code fence line. */
const RE_FENCE = /^`{3,}[\w+#.-]*$/;
/** Ray's log de-duplication suffix. */
const RE_RAY_REPEAT = /\s*\[repeated \d+x across cluster\]$/;
/** Start of an exception line or traceback header (used for bullets). */
const RE_EXC_START =
  /(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Fault|Failure|Warning)\b(?:\([\w.]*\))?(?::|$)|Traceback \(most recent call last\):/y;
/** Bracketed rank/process tags: `[rank0]`, `[default3]`, `[TP0 EP1]`, `[worker 2]`. */
const RE_RANK_TAG = /^(?:(?:rank|default|worker|local_rank|node|gpu|tp|dp|pp|ep|attn_tp|moe_ep)[ =:]?\d+[\s,/]*)+$/i;
/** kubectl logs --prefix: `[pod/name/container]`. */
const RE_KUBE = /^(?:pod|pods|deployment|deploy|statefulset|sts|job|daemonset|ds|replicaset|rs)\/[\w.-]+(?:\/[\w.-]+)?$/;
/** A source location tag: `[core.py:708]`. */
const RE_LOC = /^[\w.-]+\.[A-Za-z]\w{0,5}:\d+$/;
/** glog level letter + date: `W1025 13:08:43`. */
const RE_GLOG_HEAD = /^[IWEF]\d{4} \d{2}:\d{2}:\d{2}/;
const RE_DMESG = /^\s*\d+\.\d{3,}$/;
const RE_TAG_TOKEN = /^[A-Za-z_]*\d+$/;

const GLOG_LEVEL: Record<string, LogLevel> = { I: "info", W: "warning", E: "error", F: "fatal" };

/** `[…]` prefix at i; returns the end of the prefix or -1. */
function bracketPrefix(s: string, i: number, info: Info | null): number {
  const j = s.indexOf("]", i + 1);
  if (j < i + 2 || j > i + 200) return -1;
  const c0 = s.charCodeAt(i + 1);
  let ok = false;
  if (isDigit(c0)) {
    const e = timestampEnd(s, i + 1);
    if (e > 0 && e <= j) {
      ok = true;
      if (info) {
        info.record = true;
        if (e < j) {
          const rest = s.slice(e, j).trim();
          if (rest) bracketRest(rest, info);
        }
      }
    } else if (RE_DMESG.test(s.slice(i + 1, j))) ok = true;
  } else {
    const content = s.slice(i + 1, j);
    if (content.includes("[")) return -1;
    if (c0 === 32) ok = RE_DMESG.test(content);
    else if (RE_RANK_TAG.test(content)) {
      ok = true;
      addTag(info, content.trim());
    } else if (RE_GLOG_HEAD.test(content)) {
      ok = true;
      if (info) info.record = true;
      setLevel(info, GLOG_LEVEL[content.charAt(0)]);
    } else if (content.length <= 8 && levelFromName(content)) {
      ok = true;
      if (info) info.record = true;
      setLevel(info, levelFromName(content));
    } else if (RE_KUBE.test(content)) {
      ok = true;
      addTag(info, content);
    } else if (RE_LOC.test(content)) ok = true;
  }
  if (!ok) return -1;
  return s.charCodeAt(j + 1) === 58 ? j + 2 : j + 1; // `[rank0]:`
}

/** What follows the timestamp inside `[2025-06-01 10:00:00 DP0 TP3]` / `[… ERROR my_crate]`. */
function bracketRest(rest: string, info: Info): void {
  if (!/[\s,]/.test(rest)) {
    // the common single token: `TP3` or `ERROR`
    if (RE_TAG_TOKEN.test(rest)) addTag(info, rest);
    else setLevel(info, levelFromName(rest));
    return;
  }
  const toks = rest.split(/[\s,]+/);
  const lv = levelFromName(toks[0] ?? "");
  if (lv) {
    setLevel(info, lv);
    toks.shift();
  }
  const tagToks = toks.filter((x) => RE_TAG_TOKEN.test(x));
  if (tagToks.length) addTag(info, tagToks.join(" "));
}

/** `(EngineCore_DP0 pid=738) `, `(RayWorkerWrapper pid=5085, ip=10.0.0.2) `, `(raylet) `. */
function parenPrefix(s: string, i: number, info: Info | null): number {
  const j = s.indexOf(")", i + 1);
  if (j < i + 2 || j > i + 200) return -1;
  const content = s.slice(i + 1, j);
  if (content.includes("(")) return -1;
  if (!/\bpid=\d/.test(content) && !/^(?:raylet|gcs_server|monitor|dashboard)(?:,|$)/.test(content)) return -1;
  addTag(info, content);
  return j + 1;
}

/** Prefixes starting with a letter at i: levels, glog, syslog, docker compose, `logger - LEVEL - `. */
function wordPrefix(s: string, i: number, info: Info | null): number {
  const n = s.length;
  let k = i + 1;
  while (k < n && isWordChar(s.charCodeAt(k))) k++;
  if (k >= n) return -1;
  const c = s.charCodeAt(k);
  const first = s.charCodeAt(i);
  const len = k - i;
  if (c === 58) {
    // `ERROR:root:msg`, `ERROR: msg`, `INFO:     msg`
    const lv = isUpper(first) ? levelWord(s, len, i) : undefined;
    if (!lv) return -1;
    const q = k + 1;
    if (q >= n || isWs(s.charCodeAt(q))) {
      setLevel(info, lv);
      if (info) info.record = true;
      return q;
    }
    let e = q;
    while (e < n && !isWs(s.charCodeAt(e)) && s.charCodeAt(e) !== 58) e++;
    if (s.charCodeAt(e) === 58) {
      setLevel(info, lv);
      if (info) info.record = true;
      return e + 1;
    }
    return -1;
  }
  if (!isWs(c)) return -1;
  if (isUpper(first)) {
    const lv = levelWord(s, len, i);
    if (lv) {
      let q = k;
      while (isWs(s.charCodeAt(q))) q++;
      if (q >= n) return -1;
      setLevel(info, lv);
      if (info) info.record = true;
      const v = matchAt(RE_VLLM, s, q);
      if (v > 0) return v;
      const d = s.charCodeAt(q);
      if (d === 124 || (d === 45 && isWs(s.charCodeAt(q + 1)))) {
        // `INFO     | mod:fn:12 - msg` (loguru) or `ERROR - msg`
        q++;
        while (isWs(s.charCodeAt(q))) q++;
        const l = d === 124 ? matchAt(RE_LOGURU_LOC, s, q) : -1;
        return l > 0 ? l : q;
      }
      return q;
    }
    if (len === 5 && isDigit(s.charCodeAt(i + 1)) && GLOG_LEVEL[s.charAt(i)]) {
      const g = matchAt(RE_GLOG, s, i);
      if (g > 0) {
        setLevel(info, GLOG_LEVEL[s.charAt(i)]);
        if (info) info.record = true;
        return g;
      }
    }
    if (len === 3) {
      const y = matchAt(RE_SYSLOG, s, i);
      if (y > 0) {
        if (info) info.record = true;
        return y;
      }
    }
  }
  // docker compose: `sglang-1  | msg`, `web_1      | msg`
  let q = k;
  while (isWs(s.charCodeAt(q))) q++;
  if (s.charCodeAt(q) === 124) {
    if (q + 1 < n && !isWs(s.charCodeAt(q + 1))) return -1;
    // a numbered replica name (`-1`, `_1`) or the padding compose adds
    let e = k - 1;
    let numbered = false;
    if (isDigit(s.charCodeAt(e))) {
      while (e > i && isDigit(s.charCodeAt(e))) e--;
      const sep = s.charCodeAt(e);
      numbered = e > i && (sep === 45 || sep === 95);
    }
    if (!numbered && q - k < 2) return -1;
    addTag(info, s.slice(i, k));
    return q + 1;
  }
  // `sglang.srt.managers.scheduler - ERROR - msg`
  if (c === 32 && s.charCodeAt(k + 1) === 45) {
    const e = matchAt(RE_DASH_LEVEL, s, k);
    if (e > 0) {
      if (info) {
        const m = /[A-Z]+/.exec(s.slice(k + 3, e));
        setLevel(info, m ? levelWord(m[0], m[0].length) : undefined);
        info.record = true;
      }
      return e;
    }
  }
  return -1;
}

/** End of a prefix starting at i (s[i] is not blank), or -1. */
function prefixEnd(s: string, i: number, info: Info | null): number {
  const c = s.charCodeAt(i);
  if (isLetter(c)) return wordPrefix(s, i, info);
  if (isDigit(c)) {
    const e = timestampEnd(s, i);
    if (e < 0) return -1;
    if (info) info.record = true;
    let p = skipSep(s, e);
    const g = matchAt(RE_STREAM_MARK, s, p);
    if (g > 0) p = g;
    return p;
  }
  switch (c) {
    case 91: // [
      return bracketPrefix(s, i, info);
    case 40: // (
      return parenPrefix(s, i, info);
    case 62: {
      // > blockquote (also nested `> >` and `>>`)
      const d = s.charCodeAt(i + 1);
      return i + 1 === s.length || d === 62 || isWs(d) ? i + 1 : -1;
    }
    case 45: // - bullet
    case 42: // * bullet
    case 43: // + bullet
      return isWs(s.charCodeAt(i + 1)) && matchAt(RE_EXC_START, s, i + 2) > 0 ? i + 2 : -1;
    case 35: {
      // ##[error]
      const e = matchAt(RE_GHA, s, i);
      if (e < 0) return -1;
      if (s.startsWith("error]", i + 3)) setLevel(info, "error");
      else if (s.startsWith("warning]", i + 3)) setLevel(info, "warning");
      return e;
    }
    case 58: {
      // ::error::
      const e = matchAt(RE_GHA_CMD, s, i);
      if (e < 0) return -1;
      if (s.startsWith("::error", i)) setLevel(info, "error");
      else if (s.startsWith("::warning", i)) setLevel(info, "warning");
      return e;
    }
  }
  return -1;
}

function trimEndLen(s: string): number {
  let e = s.length;
  while (e > 0 && isWs(s.charCodeAt(e - 1))) e--;
  return e;
}

const RE_CTRL = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u241b]/;
/** RE_CTRL less the line ends: run once on a whole log to skip the per-line test. */
const RE_CTRL_IN_LOG = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u241b]/;

/**
 * True when stage 1 may have something to remove: C0 controls except TAB, DEL and C1, the
 * visible ␛, or a `[` that starts a bare `[31m` / `[?25l` remnant or ends the introducer of a
 * caret `^[[…`, literal `\x1b[…` / `\033[…` / `\u001b[…` / `\e[…` escape. Every such form
 * contains `[`, so plain lines cost one char-class regex and one indexOf.
 */
function needsControl(s: string, ctrl = true): boolean {
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

/**
 * The whole cleaning pipeline. `t` tracks raw positions (cleanLineWithMap only); `info`
 * collects level/stream/record facts (normalizeLog only).
 */
function cleanCore(raw: string, info: Info | null, t: Track | null, mayHaveCR: boolean, mayHaveCtrl = true): string {
  let s = raw;
  // \r: a terminal overwrites the line; keep what was written last.
  if (mayHaveCR) {
    let end = s.length;
    while (end > 0 && s.charCodeAt(end - 1) === 13) end--;
    const cr = end > 0 ? s.lastIndexOf("\r", end - 1) : -1;
    if (cr >= 0 || end < s.length) {
      s = s.slice(cr + 1, end);
      if (t) t.cut(cr + 1);
    }
  }
  if (needsControl(s, mayHaveCtrl)) s = stripControls(s, t);
  let e = trimEndLen(s);
  if (e < s.length) s = s.slice(0, e);

  // `lo` advances over prefixes; `s` is re-sliced only when its end changes (rare).
  let lo = 0;
  for (;;) {
    const n = s.length;
    while (lo < n && isWs(s.charCodeAt(lo))) lo++;
    if (lo >= n) break;
    const k = prefixEnd(s, lo, info);
    if (k > lo) {
      lo = k;
      continue;
    }
    // decoration around the whole line
    const c = s.charCodeAt(lo);
    const last = s.charCodeAt(n - 1);
    const len = n - lo;
    if (c === 96) {
      // `
      if (RE_FENCE.test(lo ? s.slice(lo) : s)) {
        s = "";
        lo = 0;
        break;
      }
      if (len >= 7 && s.startsWith("```", lo) && s.endsWith("```")) {
        s = s.slice(lo + 3, n - 3);
        if (t) t.cut(lo + 3);
      } else if (len >= 3 && last === 96 && s.indexOf("`", lo + 1) === n - 1) {
        s = s.slice(lo + 1, n - 1);
        if (t) t.cut(lo + 1);
      } else break;
    } else if (c === 42 && s.charCodeAt(lo + 1) === 42) {
      // **bold** around the line or around the error class
      const j = s.indexOf("**", lo + 2);
      if (
        j < lo + 3 ||
        isWs(s.charCodeAt(lo + 2)) ||
        isWs(s.charCodeAt(j - 1)) ||
        s.charCodeAt(lo + 2) === 42 ||
        s.charCodeAt(j + 2) === 42
      )
        break;
      if (j + 2 === n) {
        s = s.slice(lo + 2, j);
        if (t) t.cut(lo + 2);
      } else {
        if (t) {
          const a: number[] = [];
          for (let x = lo + 2; x < j; x++) a.push(t.at(x));
          for (let x = j + 2; x < n; x++) a.push(t.at(x));
          t.set(a);
        }
        s = s.slice(lo + 2, j) + s.slice(j + 2);
        // the join may form a new escape remnant: keep stage 1 at its fixed point
        if (needsControl(s)) s = stripControls(s, t);
      }
    } else if (last === 93 && s.endsWith("x across cluster]") && RE_RAY_REPEAT.test(s)) {
      s = s.slice(lo).replace(RE_RAY_REPEAT, "");
      if (t) t.cut(lo);
    } else break;
    lo = 0;
    e = trimEndLen(s);
    if (e < s.length) s = s.slice(0, e);
  }
  if (lo === 0) return s;
  if (t) t.cut(lo);
  return s.slice(lo);
}

// ---------------------------------------------------------------------------
// public API: lines

/** Cleans one raw line (no newline inside). Idempotent: cleanLine(cleanLine(x)) === cleanLine(x). */
export function cleanLine(raw: string): string {
  return cleanCore(raw, null, null, true);
}

/**
 * Same as cleanLine but also returns, for each char of the result, the index in `raw` it came
 * from (map.length === text.length + 1; the last entry is the raw end of the last char, or
 * raw.length for an empty result).
 */
export function cleanLineWithMap(raw: string): { text: string; map: Int32Array } {
  const t = new Track();
  const text = cleanCore(raw, null, t, true);
  const n = text.length;
  const map = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) map[i] = t.at(i);
  map[n] = n > 0 ? (map[n - 1] as number) + 1 : raw.length;
  return { text, map };
}

// ---------------------------------------------------------------------------
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
function expandJson(text: string): { prefix: string; body: string; level: LogLevel | undefined } | null {
  const last = text.charCodeAt(text.length - 1);
  if (last === 125) {
    // `{...}` possibly after a prefix
    let from = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      const b = text.indexOf("{", from);
      if (b < 0) return null;
      from = b + 1;
      let q = b + 1;
      while (isWs(text.charCodeAt(q))) q++;
      if (text.charCodeAt(q) !== 34) continue;
      let v: unknown;
      try {
        v = JSON.parse(text.slice(b));
      } catch {
        continue;
      }
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

function makeLine(line: number, text: string, info: Info): LogLine {
  const l: LogLine = { line, text };
  if (info.level) l.level = info.level;
  if (info.stream !== undefined) l.stream = info.stream;
  if (info.record) l.recordStart = true;
  return l;
}

/**
 * Splits a whole log (any of \n, \r\n, \r line ends) and cleans each line. A trailing line end
 * does not make an extra empty line. A line that is (or ends with) a JSON object with a
 * message-like field (message/msg/event/log, plus error/err/exception/exc_info/stack…)
 * becomes that field's unescaped lines; a line ending with a JSON string literal holding
 * `\n` escapes becomes its prefix plus the unescaped lines. All keep the original `line`.
 */
export function normalizeLog(log: string): LogLine[] {
  const rows = log.indexOf("\r") < 0 ? log.split("\n") : log.split(/\r\n|\r|\n/);
  if (rows.length > 1 && rows[rows.length - 1] === "") rows.pop();
  const out: LogLine[] = [];
  const info: Info = { level: undefined, stream: undefined, record: false };
  // one pass over the whole log: most logs have no control chars at all
  const ctrl = RE_CTRL_IN_LOG.test(log);
  for (let i = 0; i < rows.length; i++) {
    const raw = rows[i] as string;
    info.level = undefined;
    info.stream = undefined;
    info.record = false;
    const text = cleanCore(raw, info, null, false, ctrl);
    const last = text.charCodeAt(text.length - 1);
    if ((last === 125 || last === 34) && expandInto(out, i + 1, text, info)) continue;
    out.push(info.level || info.stream !== undefined || info.record ? makeLine(i + 1, text, info) : { line: i + 1, text });
  }
  return out;
}

/** Pushes the lines of a structured (JSON) line; false when the line isn't one. */
function expandInto(out: LogLine[], line: number, text: string, info: Info): boolean {
  const j = expandJson(text);
  if (!j) return false;
  const inner = j.body.split(/\r\n|\r|\n/);
  if (inner.length > 1 && inner[inner.length - 1] === "") inner.pop();
  for (let k = 0; k < inner.length; k++) {
    const sub: Info = { level: undefined, stream: undefined, record: false };
    const t = cleanCore(k === 0 ? j.prefix + (inner[0] as string) : (inner[k] as string), sub, null, false);
    if (k === 0) {
      sub.record = true;
      sub.level ??= j.level ?? info.level;
    }
    if (info.stream !== undefined) sub.stream = sub.stream === undefined ? info.stream : info.stream + "/" + sub.stream;
    out.push(makeLine(line, t, sub));
  }
  return true;
}

// ---------------------------------------------------------------------------
// error detection

const RE_ERRORISH = new RegExp(
  [
    // exception line: `RuntimeError: msg`, `pkg.mod.SomeException: msg`, bare `KeyboardInterrupt`, ray `RayTaskError(ValueError): …`
    String.raw`^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Fault|Failure|Abort|Aborted|Panic)(?:\([\w.]*\))?(?::|$)`,
    String.raw`^(?:[A-Za-z_]\w*\.)*(?:StopIteration|StopAsyncIteration|OSError|IOError|EOFError)(?::|$)`,
    // `error: …`, `fatal: …`, `Error: …`, rustc `error[E0425]: …`, Go `panic: …`
    String.raw`^(?:error|fatal|panic|critical|Error|Fatal|Panic|Critical|FATAL|ERROR|PANIC|CRITICAL)(?:\[[\w-]+\])?:`,
    String.raw`^npm (?:ERR!|error)`,
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
 * True when a cleaned line looks like an error: an exception line (`SomeError: msg`,
 * `pkg.mod.SomeException: msg`, bare `KeyboardInterrupt`), `Traceback (most recent call
 * last):`, `error:`/`fatal:`/`panic:` prefixes, compiler `: error:`, an ERROR/FATAL/CRITICAL
 * word, `level=error`… Pass the LogLine itself (not just its text) to also count an
 * error/critical/fatal level whose prefix cleaning removed.
 */
export function looksLikeError(text: string | LogLine): boolean {
  if (typeof text !== "string") {
    const lv = text.level;
    if (lv === "error" || lv === "critical" || lv === "fatal") return true;
    text = text.text;
  }
  return text.length > 0 && RE_ERRORISH.test(text);
}
