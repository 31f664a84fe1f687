/**
 * parseTracebacks on pastes cut at either end: a traceback cut off before its exception line, a paste that starts
 * below the header or at the raise statement, one that ends at the raise statement (cut mid-word), and a chained
 * successor the paste lost. Whole tracebacks are in traceback.test.ts.
 */
import { describe, expect, it } from "vitest";
import { normalizeLog } from "./log-normalize";
import { classAgrees, parseTracebacks, type Traceback } from "./traceback";

/** Tracebacks without the frames' printed source lines. */
const tb = (log: string): Traceback[] =>
  parseTracebacks(normalizeLog(log)).map((t) => ({ ...t, frames: t.frames.map(({ source: _source, ...f }) => f) }));
const SG = "/usr/local/lib/python3.10/dist-packages/sglang/srt";

describe("parseTracebacks on cut pastes", () => {
  it("drops a traceback cut off before its exception line and still finds the next one", () => {
    const log = `Traceback (most recent call last):
  File "/a.py", line 1, in <module>
Traceback (most recent call last):
  File "/b.py", line 2, in <module>
    g()
OSError: [Errno 98] Address already in use
Traceback (most recent call last):
  File "/c.py", line 3, in <module>
    h()
this is not python
at all
and goes on
for a while
and a while
and a while
and a while
and a while
and a while
and a while
and a while
and a while
Traceback (most recent call last):
  File "/d.py", line 4, in <module>
    k()
ZeroDivisionError: division by zero`;
    expect(tb(log).map((t) => [t.startLine, t.exceptionClass, t.exceptionLine])).toEqual([
      [3, "OSError", 6],
      [22, "ZeroDivisionError", 25],
    ]);
  });

  it("reads a paste that starts below the header, from its first frame, and still needs an exception line", () => {
    const log = `                ^^^^^^^^^^^^^^^^^^^^
  File "/venv/lib/python3.11/site-packages/vllm/transformers_utils/config.py", line 201, in get_config
    raise ValueError(f"No supported config format found in {model}")
ValueError: No supported config format found in org/model

some later line
  File "/x.py", line 9, in f
    g()
and no exception line`;
    const [only, ...rest] = parseTracebacks(normalizeLog(log));
    expect(rest).toEqual([]);
    expect([only!.startLine, only!.exceptionClass, only!.exceptionLine, only!.message]).toEqual([
      2,
      "ValueError",
      4,
      "No supported config format found in org/model",
    ]);
    expect(only!.frames.map((f) => [f.file.split("site-packages/")[1], f.line, f.func, f.source])).toEqual([
      ["vllm/transformers_utils/config.py", 201, "get_config", ['raise ValueError(f"No supported config format found in {model}")']],
    ]);
  });

  it("reads a paste that starts at the last frame's raise statement, as a frame with no file, and needs the exception line right below", () => {
    const log = `ERROR 04-09 05:47:15 [serving.py:1262]     raise ValueError(f"Grammar error: {err}")
ERROR 04-09 05:47:15 [serving.py:1262] ValueError: Grammar error: Unknown format: uri
    raise RuntimeError("not followed by its exception")
some later line
RuntimeError: too late`;
    const found = parseTracebacks(normalizeLog(log));
    expect(found.map((t) => [t.startLine, t.exceptionLine, t.exceptionClass, t.message])).toEqual([
      [1, 2, "ValueError", "Grammar error: Unknown format: uri"],
    ]);
    expect(found[0]!.frames).toEqual([{ file: "", line: 0, logLine: 1, source: ['raise ValueError(f"Grammar error: {err}")'] }]);
  });

  it("marks a traceback whose chained successor the paste cut off: not what the user saw last", () => {
    const first = `Traceback (most recent call last):
  File "/x/vllm/a.py", line 3, in f
    raise ValueError("first")
ValueError: first

During handling of the above exception, another exception occurred:
`;
    for (const log of [first, `${first}\nTraceback (most recent call last):\n  File "/x/vllm/b.py", line 9, in g`]) {
      expect(parseTracebacks(normalizeLog(log)).map((t) => [t.exceptionLine, t.chainCut])).toEqual([[4, true]]);
    }
    // The successor in the paste: the first is chained from, not cut.
    const whole = parseTracebacks(
      normalizeLog(`${first}\nTraceback (most recent call last):\n  File "/x/vllm/b.py", line 9, in g\n    h()\nKeyError: 'x'`),
    );
    expect(whole.map((t) => [t.exceptionLine, t.chainCut, t.chainedFrom])).toEqual([
      [4, undefined, undefined],
      [11, undefined, 0],
    ]);
  });

  it("reads a paste that ends at the last frame's raise statement, cut mid-word, as a traceback with no exception line", () => {
    const log = `Traceback (most recent call last):
  File "/x/sglang/srt/managers/detokenizer_manager.py", line 309, in _decode_batch_token_id_output
    s = self.decode_status[rid]
        ~~~~~~~~~~~~~~~~~~^^^^^
KeyError: 'x'

During handling of the above exception, another exception occurred:

  File "/x/sglang/srt/managers/detokenizer_manager.py", line 311, in _decode_batch_token_id_output
    raise Runt`;
    const found = parseTracebacks(normalizeLog(log));
    // The chain's next traceback, its header trimmed by the user, is read from its frame; the paste ends at `raise Runt`.
    expect(found.map((t) => [t.exceptionLine, t.exceptionClass, t.message, t.cut, t.chainedFrom])).toEqual([
      [5, "KeyError", "'x'", undefined, undefined],
      [10, "Runt", "", true, 0],
    ]);
    expect(found[1]!.frames.map((f) => [f.line, f.source])).toEqual([[311, ["raise Runt"]]]);
    expect(classAgrees(found[1]!, "RuntimeError")).toBe(true);
    expect(classAgrees(found[1]!, "ValueError")).toBe(false);
    expect(classAgrees(found[0]!, "KeyErrorX")).toBe(false);
  });

  it.each([
    ["whole, the exception line cut off", 'raise torch.cuda.OutOfMemoryError("x")', "OutOfMemoryError"],
    ["the class cut after three letters", "raise Val", "Val"],
  ])("reads a paste cut at the raise statement: %s", (_story, source, cls) => {
    const log = `Traceback (most recent call last):\n  File "/x/vllm/a.py", line 3, in f\n    ${source}`;
    expect(parseTracebacks(normalizeLog(log)).map((t) => [t.exceptionClass, t.cut])).toEqual([[cls, true]]);
  });

  it.each([
    ["a frame that prints other code", 'Traceback (most recent call last):\n  File "/x/vllm/a.py", line 3, in f\n    run(model)'],
    ["a class cut shorter than three letters", 'Traceback (most recent call last):\n  File "/x/vllm/a.py", line 3, in f\n    raise Va'],
    ["a raise line with no frame above it", 'Some code:\n    raise RuntimeError("x")'],
    ["a frame whose source line the paste cut off", 'Traceback (most recent call last):\n  File "/x/vllm/a.py", line 3, in f'],
  ])("does not read a paste cut elsewhere as a traceback: %s", (_story, log) => {
    expect(parseTracebacks(normalizeLog(log)).filter((t) => t.cut)).toEqual([]);
  });

  it("ends a cut-off traceback at the next log record (sglang style, only first lines prefixed)", () => {
    const log = `[2025-06-01 10:00:00 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "${SG}/managers/scheduler.py", line 2620, in run_scheduler_process
    scheduler.event_loop_normal()
[2025-06-01 10:00:05] Received sigquit from a child process. It usually means the child failed.
[2025-06-01 10:00:05] Killed: ValueError: stale`;
    expect(tb(log)).toEqual([]);
  });
});
