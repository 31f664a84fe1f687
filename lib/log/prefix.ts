/**
 * Stage 2 of cleaning: stacked per-line prefixes (timestamps, levels, ranks, process tags,
 * docker/kubectl/CI prefixes) and markdown decoration, recognised only in known shapes.
 */
import { isAlnum, isDigit, isLetter, isUpper, isWordChar } from "./chars";
import { isInlineBlank } from "../text";
import type { LogLevel } from "./log-line";

export interface Info {
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
  while (isInlineBlank(s.charCodeAt(p))) p++;
  const c = s.charCodeAt(p);
  if ((c === 45 || c === 124 || c === 58) && (p + 1 >= s.length || isInlineBlank(s.charCodeAt(p + 1)))) return p + 1;
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
export const RE_FENCE = /^`{3,}[\w+#.-]*$/;
/** Ray's log de-duplication suffix. */
export const RE_RAY_REPEAT = /\s*\[repeated \d+x across cluster\]$/;
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
    if (q >= n || isInlineBlank(s.charCodeAt(q))) {
      setLevel(info, lv);
      if (info) info.record = true;
      return q;
    }
    let e = q;
    while (e < n && !isInlineBlank(s.charCodeAt(e)) && s.charCodeAt(e) !== 58) e++;
    if (s.charCodeAt(e) === 58) {
      setLevel(info, lv);
      if (info) info.record = true;
      return e + 1;
    }
    return -1;
  }
  if (!isInlineBlank(c)) return -1;
  if (isUpper(first)) {
    const lv = levelWord(s, len, i);
    if (lv) {
      let q = k;
      while (isInlineBlank(s.charCodeAt(q))) q++;
      if (q >= n) return -1;
      setLevel(info, lv);
      if (info) info.record = true;
      const v = matchAt(RE_VLLM, s, q);
      if (v > 0) return v;
      const d = s.charCodeAt(q);
      if (d === 124 || (d === 45 && isInlineBlank(s.charCodeAt(q + 1)))) {
        // `INFO     | mod:fn:12 - msg` (loguru) or `ERROR - msg`
        q++;
        while (isInlineBlank(s.charCodeAt(q))) q++;
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
  while (isInlineBlank(s.charCodeAt(q))) q++;
  if (s.charCodeAt(q) === 124) {
    if (q + 1 < n && !isInlineBlank(s.charCodeAt(q + 1))) return -1;
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
export function prefixEnd(s: string, i: number, info: Info | null): number {
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
      return i + 1 === s.length || d === 62 || isInlineBlank(d) ? i + 1 : -1;
    }
    case 45: // - bullet
    case 42: // * bullet
    case 43: // + bullet
      return isInlineBlank(s.charCodeAt(i + 1)) && matchAt(RE_EXC_START, s, i + 2) > 0 ? i + 2 : -1;
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

export function trimEndLen(s: string): number {
  let e = s.length;
  while (e > 0 && isInlineBlank(s.charCodeAt(e - 1))) e--;
  return e;
}
