/**
 * traceback — finds Python tracebacks in normalised log lines.
 *
 * Guarantees:
 * - Framework-free (only a type import from ./log-normalize); never throws on any input.
 * - Works from line content, not indentation: a frame is any line `File "…", line N[, in f]`,
 *   a header is a line ending with `Traceback (most recent call last):` (so
 *   `Scheduler hit an exception: Traceback (most recent call last):` counts, and so do
 *   exception-group headers). Raw, still-indented lines work too; indentation is then a hint.
 *   A paste that starts below the header (its first lines cut off) starts at its first frame.
 * - Every returned traceback has an exception line; a traceback cut off before its exception
 *   line (truncated paste, noise, a new log record starting) is dropped, and its lines do not
 *   hide later tracebacks. Without stream tags, a second header in the same stream before the
 *   first traceback's exception line also drops the first (interleaving we cannot untangle).
 * - Results are ordered by startLine; `chainedFrom` indexes into the returned array and always
 *   points at an earlier traceback.
 * - Interleaved processes: lines are routed by `LogLine.stream` (set by normalizeLog from
 *   `[rank0]:`, `(VllmWorker rank=0 pid=1)`, `sglang-1 |`, `[… TP3]`…); a line without a stream,
 *   or with a less specific one (`sglang-1` after `sglang-1/TP3`), continues the previous
 *   line's stream, as the untagged lines of a multi-line record do. Each stream has its own
 *   parser state, so two ranks' tracebacks interleaved line by line both come out.
 *
 * Exception line: the first line after the frames that looks like `Name: message` or a bare
 * `Name` (dotted names allowed). Right after a frame line — where the source line normally is —
 * only a class-like name counts (last dotted part starts with a capital; a bare name must end in
 * Error/Exception/Exit/Interrupt/Warning/… ). `exceptionClass` is the last dotted part, and for
 * `ray.exceptions.RayTaskError(RuntimeError): …` the wrapped class, `RuntimeError`; if a Ray
 * error is followed by the remote frames and the remote exception line, the traceback takes
 * those frames and that exception line.
 *
 * Message continuation: up to MAX_CONTINUATION (5) following lines are added to `message`
 * (joined by "\n") until a blank line, a frame/header/chain line, or a new log record (a line
 * whose `recordStart` differs from the exception line's, or has another level). `endLine` is
 * the last line taken (the exception line when there is no continuation).
 */
import type { LogLine } from "./log-normalize";

export interface Frame {
  /** "" for a paste cut off between a frame's line and its source line (the source alone is known). */
  file: string;
  line: number;
  func?: string;
  /** 1-based original line. */
  logLine: number;
  /** The source line(s) printed under the frame, as cleaned (several from Python 3.13 on). */
  source?: string[];
}

export interface Traceback {
  /** Original line of "Traceback (most recent call last):" (of the first frame, when the paste cut the header off). */
  startLine: number;
  /** Original line of the last line of the exception (the exception line or its last continuation line). */
  endLine: number;
  /** e.g. "RuntimeError"; for `torch.cuda.OutOfMemoryError` the last dotted part, for Ray's `RayTaskError(RuntimeError)` the wrapped class. */
  exceptionClass: string;
  /** The class as printed: `torch.cuda.OutOfMemoryError`, `ray.exceptions.RayTaskError(RuntimeError)`. */
  qualifiedClass: string;
  /** Text after "Class: " plus continuation lines joined by "\n"; "" for a bare `KeyboardInterrupt`. */
  message: string;
  /** Original line of the exception line. */
  exceptionLine: number;
  frames: Frame[];
  /** Index in the returned array of the traceback this one was raised during/from. */
  chainedFrom?: number;
  /**
   * Another exception was raised during or from this one, but the paste ends before it (`During handling of the
   * above exception…` and the next traceback cut off): this is not what the user saw last.
   */
  chainCut?: true;
  /**
   * The paste ends inside this traceback, at its last frame's `raise …` line (`raise Runt`, cut mid-word): there is
   * no exception line. `exceptionLine` and `endLine` are that raise line, `exceptionClass` the class as far as it is
   * printed (`Runt`: see `classAgrees`), and `message` is "".
   */
  cut?: true;
}

/** Most message continuation lines kept. */
export const MAX_CONTINUATION = 5;
/** Most source/caret lines after one frame (Python 3.13 prints multi-line statements). */
const MAX_SOURCE = 12;
/** Blank lines tolerated inside the frames before giving up. */
const MAX_BLANKS = 2;

const HEADER = "Traceback (most recent call last):";
const CHAIN_CONTEXT = "During handling of the above exception, another exception occurred:";
const CHAIN_CAUSE = "The above exception was the direct cause of the following exception:";
const RE_FRAME = /^File "(.*)", line (\d+)(?:, in (.+))?$/;
/** A raise statement printed under a frame: `raise ValueError(f"Grammar error: {err}")`. */
const RE_RAISE = /^raise [A-Za-z_][\w.]*\(/;
/** A raise statement the paste may have cut anywhere after its class's first three letters: `raise Runt`. */
const RE_CUT_RAISE = /^raise ((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w{2,})(?:\(.*)?$/;
/** Python 3.11+ position markers: `^^^^^`, `~~~~^^^^~~~`. */
const RE_CARET = /^[~^]+(?:\s+[~^]+)*$/;
const RE_ELISION = /^(?:\.\.\.(?:\s*<\d+ lines>)?|\[Previous line repeated \d+ more times?\])$/;
/** Exception-group box drawing: `+-+---------------- 1 ----------------`, `+------------------------------------`. */
const RE_GROUP_RULE = /^\+[-+]*(?:-+ (?:\d+|\.\.\.) -+)?[-+]*$/;
/** `Name`, `pkg.Name`, `ray.exceptions.RayTaskError(RuntimeError)`, optional `: message`. */
const RE_EXC = /^((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)(?:\(((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\))?(?:(:)(?: ?(.*)))?$/;
const RE_BARE_CLASS = /(?:Error|Exception|Exit|Interrupt|Warning|Iteration|Failure|Fault|Abort|Aborted|Timeout)$/;

interface ExcLine {
  qualified: string;
  cls: string;
  message: string;
  /** Ray-style wrapper `Outer(Inner)`: may be followed by the remote frames. */
  wrapper: boolean;
  /** No `:` — a bare class such as `KeyboardInterrupt` takes no continuation lines. */
  bare: boolean;
}

function lastPart(name: string): string {
  const d = name.lastIndexOf(".");
  return d < 0 ? name : name.slice(d + 1);
}

/** Parses an exception line; `strict` where a source line could be instead. */
function parseException(t: string, strict: boolean): ExcLine | null {
  const m = RE_EXC.exec(t);
  if (!m) return null;
  const name = m[1] as string;
  const inner = m[2];
  const cls = lastPart(inner ?? name);
  const first = cls.charCodeAt(0);
  const capital = first >= 65 && first <= 90;
  if (inner !== undefined) {
    // `ray.exceptions.RayTaskError(RuntimeError): …` — not a call such as `dist.all_reduce(t)`
    const outer = lastPart(name).charCodeAt(0);
    if (m[3] === undefined || !capital || !(outer >= 65 && outer <= 90)) return null;
  }
  if (m[3] === undefined) {
    // bare `KeyboardInterrupt`, `torch.cuda.OutOfMemoryError`
    if (!inner && !RE_BARE_CLASS.test(cls)) return null;
  } else if (!inner && !capital && (strict || name.indexOf(".") < 0)) {
    return null;
  }
  return {
    qualified: inner ? `${name}(${inner})` : name,
    cls,
    message: m[4] ?? "",
    wrapper: inner !== undefined,
    bare: m[3] === undefined,
  };
}

interface Open {
  startLine: number;
  frames: Frame[];
  chainedFrom: number | undefined;
  phase: 0 | 1; // 0 frames, 1 message
  /** Lines since the last frame line (0 right after it). */
  sinceFrame: number;
  blanks: number;
  exc: ExcLine | null;
  excLine: LogLine | null;
  message: string[];
  endLine: number;
  /** recordStart of the last line taken: a new record after unprefixed lines ends the frames. */
  lastRecord: boolean;
  /** Original line of the last frame's last source line. */
  sourceLine?: number;
}

/** A traceback opened at a line (its header, or its first frame when the header was cut off). */
function opened(l: LogLine, chainedFrom: number | undefined): Open {
  return {
    startLine: l.line,
    frames: [],
    chainedFrom,
    phase: 0,
    sinceFrame: 0,
    blanks: 0,
    exc: null,
    excLine: null,
    message: [],
    endLine: l.line,
    lastRecord: l.recordStart === true,
  };
}

interface StreamState {
  open: Open | null;
  /** Internal id of the last finished traceback of this stream, or -1. */
  lastDone: number;
  /** Non-blank lines since it finished. */
  sinceDone: number;
  pendingChain: boolean;
}

interface Found {
  tb: Traceback;
  chainedId: number | undefined;
}

/** Finds every Python traceback in normalised log lines (as returned by normalizeLog). */
export function parseTracebacks(lines: LogLine[]): Traceback[] {
  const found: Found[] = [];
  const streams = new Map<string, StreamState>();
  let prevStream = "";
  const refine = new Map<string, string>();

  const finish = (st: StreamState): void => {
    const o = st.open;
    st.open = null;
    if (!o || !o.exc || !o.excLine) return;
    const tb: Traceback = {
      startLine: o.startLine,
      endLine: o.endLine,
      exceptionClass: o.exc.cls,
      qualifiedClass: o.exc.qualified,
      message: o.message.join("\n"),
      exceptionLine: o.excLine.line,
      frames: o.frames,
    };
    found.push({ tb, chainedId: o.chainedFrom });
    st.lastDone = found.length - 1;
    st.sinceDone = 0;
    st.pendingChain = false;
  };

  /** Handles a line for a stream; returns false when the open traceback let go of it. */
  const feedOpen = (st: StreamState, o: Open, l: LogLine, t: string, indent: number): boolean => {
    if (o.phase === 1) {
      if (t === "") {
        finish(st);
        return true;
      }
      const fm = RE_FRAME.exec(t);
      if (fm && o.exc?.wrapper) {
        // Ray: the remote traceback follows the wrapper line
        o.phase = 0;
        o.exc = null;
        o.excLine = null;
        o.message = [];
        return feedOpen(st, o, l, t, indent);
      }
      const x = o.excLine as LogLine;
      if (
        fm ||
        (o.exc as ExcLine).bare ||
        o.message.length > MAX_CONTINUATION ||
        t === CHAIN_CAUSE ||
        t === CHAIN_CONTEXT ||
        RE_GROUP_RULE.test(t) ||
        !l.recordStart !== !x.recordStart ||
        (l.recordStart && l.level !== x.level)
      ) {
        finish(st);
        return false;
      }
      o.message.push(t);
      o.endLine = l.line;
      return true;
    }
    // frames phase
    const rec = l.recordStart === true;
    if (rec && !o.lastRecord) {
      // sglang-style records prefix only their first line: this is a new record, the
      // traceback was cut off
      st.open = null;
      return false;
    }
    o.lastRecord = rec;
    const fm = RE_FRAME.exec(t);
    if (fm) {
      const frame: Frame = { file: fm[1] as string, line: Number(fm[2]), logLine: l.line };
      if (fm[3] !== undefined) frame.func = fm[3];
      o.frames.push(frame);
      o.sinceFrame = 0;
      o.blanks = 0;
      return true;
    }
    if (t === "") {
      if (++o.blanks > MAX_BLANKS) {
        st.open = null;
      }
      return true;
    }
    if (RE_CARET.test(t) || RE_ELISION.test(t) || RE_GROUP_RULE.test(t)) {
      o.sinceFrame++;
      return true;
    }
    const afterFrame = o.frames.length > 0 && o.sinceFrame === 0;
    if (indent < 4 || o.frames.length === 0) {
      const exc = parseException(t, afterFrame || o.frames.length === 0);
      if (exc) {
        o.exc = exc;
        o.excLine = l;
        o.message = [exc.message];
        o.endLine = l.line;
        o.phase = 1;
        return true;
      }
    }
    if (o.frames.length > 0 && o.sinceFrame < MAX_SOURCE) {
      o.sinceFrame++;
      const frame = o.frames[o.frames.length - 1]!;
      (frame.source ??= []).push(t);
      o.sourceLine = l.line;
      return true;
    }
    // not a traceback after all (or noise we can't follow): let go
    st.open = null;
    return false;
  };

  for (const l of lines) {
    // route by stream: an untagged line continues the previous line's stream; a tag goes to
    // the most specific stream seen under it (`sglang-1` → `sglang-1/TP1`)
    const s = l.stream;
    let key = prevStream;
    if (s !== undefined) {
      key = refine.get(s) ?? s;
      for (let d = s.indexOf("/"); d > 0; d = s.indexOf("/", d + 1)) refine.set(s.slice(0, d), s);
    }
    prevStream = key;
    let st = streams.get(key);
    if (!st) {
      st = { open: null, lastDone: -1, sinceDone: 0, pendingChain: false };
      streams.set(key, st);
    }

    // text, without exception-group `|` rails; indentation kept only as a hint
    let t = l.text;
    let indent: number;
    {
      const n = t.length;
      let a = 0;
      while (a < n && (t.charCodeAt(a) === 32 || t.charCodeAt(a) === 9)) a++;
      if (t.charCodeAt(a) === 124 /* | */) {
        // `  | ValueError: 1`, nested `    | | x`: Python prints "| " then the normal line
        while (t.charCodeAt(a) === 124) {
          a++;
          if (t.charCodeAt(a) === 32) a++;
          let b = a;
          while (t.charCodeAt(b) === 32) b++;
          if (t.charCodeAt(b) === 124) a = b;
        }
        const b0 = a;
        while (a < n && (t.charCodeAt(a) === 32 || t.charCodeAt(a) === 9)) a++;
        indent = a - b0;
      } else indent = a;
      if (a > 0) t = t.slice(a);
      let e = t.length;
      while (e > 0 && (t.charCodeAt(e - 1) === 32 || t.charCodeAt(e - 1) === 9)) e--;
      if (e < t.length) t = t.slice(0, e);
    }

    if (t.endsWith(HEADER)) {
      if (st.open?.phase === 1) finish(st);
      const chained = st.pendingChain && st.lastDone >= 0 ? st.lastDone : undefined;
      st.open = opened(l, chained);
      st.pendingChain = false;
      st.sinceDone++;
      continue;
    }
    if (st.open && feedOpen(st, st.open, l, t, indent)) continue;
    // A paste that starts inside a traceback (its header cut off): the first frame opens it; right after
    // `During handling …`, it is the chain's next traceback.
    if (!st.open && t.charCodeAt(0) === 70 /* F */ && RE_FRAME.test(t)) {
      st.open = opened(l, st.pendingChain && st.lastDone >= 0 ? st.lastDone : undefined);
      st.pendingChain = false;
      st.sinceDone++;
      feedOpen(st, st.open, l, t, indent);
      continue;
    }
    // …or cut off above the last frame's source line: a `raise X(…)` opens it, as a frame with no file (only an
    // exception line right below makes it a traceback; a logger's prefix may have taken the indentation).
    if (!st.open && t.charCodeAt(0) === 114 /* r */ && RE_RAISE.test(t)) {
      st.open = opened(l, undefined);
      st.open.frames.push({ file: "", line: 0, logLine: l.line, source: [t] });
      st.open.sourceLine = l.line;
      st.open.sinceFrame = MAX_SOURCE;
      st.pendingChain = false;
      st.sinceDone++;
      continue;
    }
    // idle
    if (t === CHAIN_CONTEXT || t === CHAIN_CAUSE) {
      st.pendingChain = st.lastDone >= 0 && st.sinceDone === 0;
    } else if (t !== "") {
      st.pendingChain = false;
      st.sinceDone++;
    }
  }
  for (const st of streams.values()) {
    if (st.open?.phase === 1) finish(st);
    else if (st.open) {
      const tb = cutTraceback(st.open);
      if (tb) {
        found.push({ tb, chainedId: st.open.chainedFrom });
        continue;
      }
    }
    // The chain's next traceback cut off: after its header, or right after `During handling …`.
    const cut = st.open?.phase === 0 ? st.open.chainedFrom : st.pendingChain ? st.lastDone : undefined;
    if (cut !== undefined && cut >= 0) found[cut]!.tb.chainCut = true;
  }

  // order by start line; remap chain ids to indexes of the returned array
  const order = found.map((_, i) => i);
  order.sort((a, b) => {
    const x = (found[a] as Found).tb;
    const y = (found[b] as Found).tb;
    return x.startLine - y.startLine || x.exceptionLine - y.exceptionLine || a - b;
  });
  const indexOf = new Int32Array(found.length);
  order.forEach((id, i) => (indexOf[id] = i));
  return order.map((id) => {
    const f = found[id] as Found;
    if (f.chainedId !== undefined) f.tb.chainedFrom = indexOf[f.chainedId];
    return f.tb;
  });
}

/**
 * A traceback the paste ends inside, at its last frame's raise statement (cut or whole, the exception line not
 * there), or null: a frame in a real file is needed, not a `raise` line alone.
 */
function cutTraceback(o: Open): Traceback | null {
  const last = o.frames[o.frames.length - 1];
  const source = last?.source?.[last.source.length - 1];
  const m = source === undefined || !last!.file ? null : RE_CUT_RAISE.exec(source);
  if (!m || o.sourceLine === undefined) return null;
  const qualified = m[1]!;
  return {
    startLine: o.startLine,
    endLine: o.sourceLine,
    exceptionClass: lastPart(qualified),
    qualifiedClass: qualified,
    message: "",
    exceptionLine: o.sourceLine,
    frames: o.frames,
    cut: true,
  };
}

/** Whether a class is the traceback's: the same, or, in a traceback the paste cut (`raise Runt`), one it begins. */
export function classAgrees(tb: Traceback, cls: string): boolean {
  return tb.cut ? cls.startsWith(tb.exceptionClass) : cls === tb.exceptionClass;
}

/** The tracebacks no later one was raised during or from: what the user saw last of each chain. */
export function finalTracebacks(tracebacks: Traceback[]): Traceback[] {
  const chained = new Set<number>();
  for (const t of tracebacks) if (t.chainedFrom !== undefined) chained.add(t.chainedFrom);
  return tracebacks.filter((_, k) => !chained.has(k));
}
