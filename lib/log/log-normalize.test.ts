import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cleanLine, cleanLineWithMap, looksLikeError, normalizeLog, type LogLine } from "./log-normalize";

/** [raw, expected clean text] */
type Case = [string, string];

function table(cases: Case[]): void {
  it.each(cases)("%j", (raw, expected) => {
    expect(cleanLine(raw)).toBe(expected);
    expect(cleanLine(expected)).toBe(expected);
    expect(cleanLineWithMap(raw).text).toBe(expected);
  });
}

describe("cleanLine: ANSI escapes", () => {
  table([
    ["\x1b[31mRuntimeError: CUDA error: out of memory\x1b[0m", "RuntimeError: CUDA error: out of memory"],
    ["\x1b[1;31mERROR\x1b[0m: Engine core initialization failed.", "Engine core initialization failed."],
    ["\x1b[2K\x1b[1A\x1b[2KLoading weights took 12.31 GB", "Loading weights took 12.31 GB"],
    ["\x1b[?25lDownloading model \x1b[?25h", "Downloading model"],
    ["See \x1b]8;;https://docs.vllm.ai/en/latest/\x1b\\the docs\x1b]8;;\x1b\\ for details", "See the docs for details"],
    ["\x1b]0;window title\x07ValueError: bad", "ValueError: bad"],
    ["\x1b(B\x1b[mtorch.OutOfMemoryError: CUDA out of memory.", "torch.OutOfMemoryError: CUDA out of memory."],
    // pasted remnants whose ESC was made visible or lost
    ["^[[31mRuntimeError: boom^[[0m", "RuntimeError: boom"],
    ["^[[1;32mINFO^[[0m Started server process [1234]", "Started server process [1234]"],
    ["[31mValueError: Expected 4 got 8[0m", "ValueError: Expected 4 got 8"],
    ["[1;32mPASSED[0m tests/test_x.py::test_a", "PASSED tests/test_x.py::test_a"],
    ["[[32mINFO[0m] Uvicorn running on http://0.0.0.0:30000", "Uvicorn running on http://0.0.0.0:30000"],
    ["\\x1b[31mKeyError: 'model'\\x1b[0m", "KeyError: 'model'"],
    ["\\033[0;31mAssertionError\\033[0m", "AssertionError"],
    ["\\u001b[33mWARNING\\u001b[0m cache miss", "cache miss"],
    ["\u241b[31mFATAL\u241b[0m disk full", "disk full"],
    // controls: backspace, BEL, NUL disappear; TAB stays inside
    ["Killed\x07\x00", "Killed"],
    ["col1\tcol2", "col1\tcol2"],
    // a removal that joins a new remnant is cleaned to a fixed point
    ["[3[0m1mRuntimeError: x", "RuntimeError: x"],
  ]);

  describe("does not eat text that only resembles an escape", () => {
    table([
      ["IndexError: index [0] is out of bounds", "IndexError: index [0] is out of bounds"],
      ["[0, 1] are the visible devices", "[0, 1] are the visible devices"],
      ["retrying in [5m] with [10m] cap", "retrying in [5m] with [10m] cap"],
      ["re.error: pattern ^[a-z]+$ and ^[[:alpha:]] failed", "re.error: pattern ^[a-z]+$ and ^[[:alpha:]] failed"],
      ["C:\\escape\\x1b\\path", "C:\\escape\\x1b\\path"],
    ]);
  });
});

describe("cleanLine: \\r progress overwrites", () => {
  table([
    ["Loading: 10%|#    |\rLoading: 50%|###  |\rLoading: 100%|#####|", "Loading: 100%|#####|"],
    ["RuntimeError: x\r", "RuntimeError: x"],
    ["\x1b[2K\rCapturing batches (bs=4): 100%", "Capturing batches (bs=4): 100%"],
  ]);
});

describe("cleanLine: prefixes", () => {
  table([
    // timestamps
    ["2025-06-01 10:00:00 RuntimeError: x", "RuntimeError: x"],
    ["2025-06-01T10:00:00.123Z RuntimeError: x", "RuntimeError: x"],
    ["2025-06-01 10:00:00,123 ValueError: bad", "ValueError: bad"],
    ["2025/06/01 10:00:00 listen tcp :8080: bind: address already in use", "listen tcp :8080: bind: address already in use"],
    ["[2025-06-01 10:00:00] Received sigquit from a child process.", "Received sigquit from a child process."],
    ["[2025-06-01 10:00:00,456] torch.distributed.elastic: failed", "torch.distributed.elastic: failed"],
    ["10-25 13:08:43 Engine started", "Engine started"],
    ["13:08:43.123 connection reset", "connection reset"],
    ["[ 1234.567890] Out of memory: Killed process 4242 (python3)", "Out of memory: Killed process 4242 (python3)"],
    // glog / klog / torch c10
    ["I1025 13:08:43.123456 12345 file.cc:12] Started worker", "Started worker"],
    ["E1025 13:08:43.123456    77 mooncake.cpp:88] Transfer failed", "Transfer failed"],
    // sglang
    [
      "[2025-06-01 10:00:00 TP3] Scheduler hit an exception: Traceback (most recent call last):",
      "Scheduler hit an exception: Traceback (most recent call last):",
    ],
    ["[2025-06-01 10:00:00 DP0 TP3] Prefill batch. #new-seq: 1", "Prefill batch. #new-seq: 1"],
    // torchrun / torch distributed
    ["[rank0]: Traceback (most recent call last):", "Traceback (most recent call last):"],
    [
      "[rank3]:[W1025 13:08:43.123456 1234 ProcessGroupNCCL.cpp:1168] Warning: WorkNCCL(SeqNum=1) timed out",
      "Warning: WorkNCCL(SeqNum=1) timed out",
    ],
    ["[default0]:torch.OutOfMemoryError: CUDA out of memory.", "torch.OutOfMemoryError: CUDA out of memory."],
    // vLLM / Ray process tags
    ["(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] EngineCore failed to start.", "EngineCore failed to start."],
    ["(RayWorkerWrapper pid=5085) RuntimeError: NCCL error", "RuntimeError: NCCL error"],
    ["(VllmWorker rank=0 pid=123) INFO 10-25 13:08:43 [gpu_worker.py:100] Model loading took 15.5 GiB", "Model loading took 15.5 GiB"],
    ["(RayWorkerWrapper pid=5085, ip=10.0.0.2) ValueError: x [repeated 7x across cluster]", "ValueError: x"],
    ["INFO 06-01 10:00:00 llm_engine.py:100] Initializing an LLM engine", "Initializing an LLM engine"],
    // levels
    ["INFO Started server", "Started server"],
    [
      "ERROR: Could not find a version that satisfies the requirement torch==9.9",
      "Could not find a version that satisfies the requirement torch==9.9",
    ],
    ["WARNING Using default config", "Using default config"],
    ["ERROR:root:Request failed", "Request failed"],
    ["INFO:", ""],
    ["WARNING:sglang.srt.server_args:Overlap scheduler is disabled", "Overlap scheduler is disabled"],
    [
      'INFO:     127.0.0.1:51234 - "POST /generate HTTP/1.1" 500 Internal Server Error',
      '127.0.0.1:51234 - "POST /generate HTTP/1.1" 500 Internal Server Error',
    ],
    ["[ERROR] ValueError: bad", "ValueError: bad"],
    ["2025-06-01 10:00:00,123 - sglang.srt.managers.scheduler - ERROR - Prefill out of memory", "Prefill out of memory"],
    ["2025-06-01 10:00:00.123 | ERROR    | __main__:main:42 - boom", "boom"],
    ["Jun  1 10:00:00 gpu-node-3 python[4242]: RuntimeError: x", "RuntimeError: x"],
    // containers and CI
    ["sglang-1  | [2025-06-01 10:00:00] INFO:     Started server process [1]", "Started server process [1]"],
    ["web_1      | KeyError: 'user'", "KeyError: 'user'"],
    ["sglang-router-1 | ERROR:root:no workers", "no workers"],
    ["[pod/sglang-0/server] RuntimeError: x", "RuntimeError: x"],
    ["2025-06-01T10:00:00.1234567Z ##[error]Process completed with exit code 1.", "Process completed with exit code 1."],
    ["2025-06-01T10:00:00.1234567Z E   AssertionError: assert 1 == 2", "E   AssertionError: assert 1 == 2"],
    ["::error file=app.py,line=10::Something failed", "Something failed"],
    ["2025-06-01T10:00:00.123456Z 00O RuntimeError: x", "RuntimeError: x"],
    ["2025-06-01T10:00:00.123456Z 01E+ more of it", "more of it"],
    ["2025-06-01T10:00:00.123456789Z stderr F RuntimeError: x", "RuntimeError: x"],
    // stacked
    ["[2025-06-01 10:00:00] [INFO] [rank0]: ready", "ready"],
    ["2025-06-01 10:00:00 [ERROR] KeyError: 'x'", "KeyError: 'x'"],
    ["INFO 2025-06-01 10:00:00 ready", "ready"],
  ]);

  describe("leaves genuine message lines alone", () => {
    table([
      ["RuntimeError: message", "RuntimeError: message"],
      ["ERROR", "ERROR"],
      ["[1/3] Building CXX object", "[1/3] Building CXX object"],
      ["[rank0]", ""],
      ["(pid, status) = os.waitpid(p, 0)", "(pid, status) = os.waitpid(p, 0)"],
      ["ls | grep foo", "ls | grep foo"],
      ["error: could not compile `foo` (lib) due to 2 previous errors", "error: could not compile `foo` (lib) due to 2 previous errors"],
      ["Error: Cannot find module 'express'", "Error: Cannot find module 'express'"],
      ["12 requests failed", "12 requests failed"],
      ["2025 was a good year: 10 releases", "2025 was a good year: 10 releases"],
      ["Information about the model", "Information about the model"],
      ["INFOS are stored here", "INFOS are stored here"],
      ["ERROR_CODE=5 returned", "ERROR_CODE=5 returned"],
      ["- install dependencies", "- install dependencies"],
      ["* note: this is fine", "* note: this is fine"],
      ["**kwargs, **other)", "**kwargs, **other)"],
      [">= 2 GPUs required", ">= 2 GPUs required"],
      ["#3 building wheel", "#3 building wheel"],
      ["[core.py:708 is not a tag", "[core.py:708 is not a tag"],
      ["May the force be with you", "May the force be with you"],
    ]);
  });
});

describe("cleanLine: markdown decoration", () => {
  table([
    ["```", ""],
    ["```python", ""],
    ["```shell-session", ""],
    ["> RuntimeError: x", "RuntimeError: x"],
    ["> > ValueError: nested quote", "ValueError: nested quote"],
    [">>> import torch", "import torch"],
    [
      "`RuntimeError: CUDA error: an illegal memory access was encountered`",
      "RuntimeError: CUDA error: an illegal memory access was encountered",
    ],
    ["```RuntimeError: x```", "RuntimeError: x"],
    ["**RuntimeError: x**", "RuntimeError: x"],
    ["**RuntimeError**: CUDA out of memory", "RuntimeError: CUDA out of memory"],
    ["**Error:** something broke", "Error: something broke"],
    ["- ValueError: bad value", "ValueError: bad value"],
    ["* torch.cuda.OutOfMemoryError: CUDA out of memory.", "torch.cuda.OutOfMemoryError: CUDA out of memory."],
    ["- Traceback (most recent call last):", "Traceback (most recent call last):"],
    ["> `[rank0]: RuntimeError: x`", "RuntimeError: x"],
    ["`a` and `b`", "`a` and `b`"],
  ]);
});

describe("cleanLine: whitespace and indentation", () => {
  table([
    [
      '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
      'File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
    ],
    ["    return self._call_impl(*args, **kwargs)   ", "return self._call_impl(*args, **kwargs)"],
    ["\t\tat java.lang.Thread.run(Thread.java:750)", "at java.lang.Thread.run(Thread.java:750)"],
    ["\ufeffRuntimeError: BOM first", "RuntimeError: BOM first"],
    ["   ", ""],
    ["", ""],
    ['[rank0]:   File "/a.py", line 3, in f', 'File "/a.py", line 3, in f'],
  ]);
});

describe("cleanLineWithMap", () => {
  it("maps each clean char back to the raw line", () => {
    const raw = "[2025-06-01 10:00:00 TP3] \x1b[31mRuntimeError\x1b[0m: boom";
    const { text, map } = cleanLineWithMap(raw);
    expect(text).toBe("RuntimeError: boom");
    expect(map.length).toBe(text.length + 1);
    for (let i = 0; i < text.length; i++) expect(raw[map[i]!]).toBe(text[i]);
    // "boom" highlighted in the raw line
    const at = text.indexOf("boom");
    expect(raw.slice(map[at]!, map[at + 4 - 1]! + 1)).toBe("boom");
    expect(map[text.length]).toBe(raw.length);
  });

  it("maps through a spliced bold class and a \\r overwrite", () => {
    const raw = "old\r**KeyError**: 'x'";
    const { text, map } = cleanLineWithMap(raw);
    expect(text).toBe("KeyError: 'x'");
    expect(Array.from(map)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 18, 19, 20, 21]);
  });

  it("gives a one-entry map for an empty result", () => {
    expect(Array.from(cleanLineWithMap("```python").map)).toEqual([9]);
    expect(Array.from(cleanLineWithMap("").map)).toEqual([0]);
  });
});

describe("normalizeLog", () => {
  it("splits on \\n, \\r\\n and \\r with 1-based numbers and keeps empty lines", () => {
    expect(normalizeLog("a\nb\r\nc\rd\n\ne\n")).toEqual([
      { line: 1, text: "a" },
      { line: 2, text: "b" },
      { line: 3, text: "c" },
      { line: 4, text: "d" },
      { line: 5, text: "" },
      { line: 6, text: "e" },
    ]);
    expect(normalizeLog("")).toEqual([{ line: 1, text: "" }]);
    expect(normalizeLog("x")).toEqual([{ line: 1, text: "x" }]);
  });

  it("records level, stream and record starts from stripped prefixes", () => {
    const log = [
      "[2025-06-01 10:00:00 TP3] Scheduler hit an exception: Traceback (most recent call last):",
      '  File "/a.py", line 1, in f',
      "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] EngineCore failed to start.",
      "sglang-1  | [2025-06-01 10:00:00 TP1] WARNING: slow",
      "[rank2]:[E1025 13:08:43.123456 1 ProcessGroupNCCL.cpp:1] Watchdog caught collective operation timeout",
      "[pod/sglang-0/server] ready",
    ].join("\n");
    expect(normalizeLog(log)).toEqual([
      { line: 1, text: "Scheduler hit an exception: Traceback (most recent call last):", stream: "TP3", recordStart: true },
      { line: 2, text: 'File "/a.py", line 1, in f' },
      { line: 3, text: "EngineCore failed to start.", level: "error", stream: "EngineCore_DP0 pid=738", recordStart: true },
      { line: 4, text: "slow", level: "warning", stream: "sglang-1/TP1", recordStart: true },
      { line: 5, text: "Watchdog caught collective operation timeout", level: "error", stream: "rank2", recordStart: true },
      { line: 6, text: "ready", stream: "pod/sglang-0/server" },
    ]);
  });

  it("unwraps a JSON log record's message, one LogLine per inner line", () => {
    const log = 'start\n{"level":"error","message":"ValueError: Expected \\"x\\" got \\"y\\"\\nmore","ts":1}\nend';
    expect(normalizeLog(log)).toEqual([
      { line: 1, text: "start" },
      { line: 2, text: 'ValueError: Expected "x" got "y"', level: "error", recordStart: true },
      { line: 2, text: "more" },
      { line: 3, text: "end" },
    ]);
  });

  it("takes message and exception fields, cleaning each inner line", () => {
    const log =
      '{"msg":"Exception in ASGI application","exc_info":"Traceback (most recent call last):\\n  File \\"/app/main.py\\", line 12, in handler\\n    raise KeyError(k)\\nKeyError: \'model\'","levelname":"ERROR"}';
    expect(normalizeLog(log)).toEqual([
      { line: 1, text: "Exception in ASGI application", level: "error", recordStart: true },
      { line: 1, text: "Traceback (most recent call last):" },
      { line: 1, text: 'File "/app/main.py", line 12, in handler' },
      { line: 1, text: "raise KeyError(k)" },
      { line: 1, text: "KeyError: 'model'" },
    ]);
  });

  it("unwraps docker json-file lines and pino errors", () => {
    const log = [
      '{"log":"2025-06-01 10:00:00 ERROR RuntimeError: x\\n","stream":"stderr","time":"2025-06-01T10:00:00.1Z"}',
      '{"level":50,"time":1,"msg":"request failed","err":{"type":"Error","message":"ECONNRESET","stack":"Error: ECONNRESET\\n    at TLSSocket.onend (node:_tls_wrap:1)"}}',
    ].join("\n");
    expect(normalizeLog(log)).toEqual([
      { line: 1, text: "RuntimeError: x", level: "error", recordStart: true },
      { line: 2, text: "request failed", level: "error", recordStart: true },
      { line: 2, text: "Error: ECONNRESET" },
      { line: 2, text: "at TLSSocket.onend (node:_tls_wrap:1)" },
    ]);
  });

  it("unwraps JSON embedded after a prefix", () => {
    const log = [
      '2025-06-01 10:00:00 ERROR Request failed: {"error": {"message": "Invalid \\"model\\" field", "code": 400}}',
      'ERROR worker died: "Traceback (most recent call last):\\n  File \\"w.py\\", line 3, in run\\nOSError: [Errno 28] No space left on device"',
    ].join("\n");
    expect(normalizeLog(log)).toEqual([
      { line: 1, text: 'Request failed: Invalid "model" field', level: "error", recordStart: true },
      { line: 2, text: "worker died: Traceback (most recent call last):", level: "error", recordStart: true },
      { line: 2, text: 'File "w.py", line 3, in run' },
      { line: 2, text: "OSError: [Errno 28] No space left on device" },
    ]);
  });

  it("leaves lines alone when JSON.parse fails or there is no message field", () => {
    const log = ['{"message": "unterminated}', '{"status":"ok","count":3}', 'KeyError: "quoted \\"key\\""', "{'a': 1}"].join("\n");
    expect(normalizeLog(log).map((l) => l.text)).toEqual([
      '{"message": "unterminated}',
      '{"status":"ok","count":3}',
      'KeyError: "quoted \\"key\\""',
      "{'a': 1}",
    ]);
  });
});

describe("looksLikeError", () => {
  it.each([
    "RuntimeError: CUDA error: out of memory",
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
    "pkg.mod.SomeException: msg",
    "KeyboardInterrupt",
    "ray.exceptions.RayTaskError(RuntimeError): ray::Worker.execute()",
    "Traceback (most recent call last):",
    "Scheduler hit an exception: Traceback (most recent call last):",
    "error: could not compile `foo`",
    "error[E0425]: cannot find value `x` in this scope",
    "src/main.c:12:5: error: expected ';' before '}' token",
    "fatal: not a git repository (or any of the parent directories): .git",
    "panic: runtime error: index out of range [5] with length 3",
    "ERROR 2025-06-01 something",
    "Engine failed with ERROR code 3",
    "CRITICAL: disk full",
    "npm ERR! code ELIFECYCLE",
    "E       AssertionError: assert 1 == 2",
    "Worker exited with ValueError: bad config",
    "Fatal Python error: Segmentation fault",
    "thread 'main' panicked at src/main.rs:2:5:",
    'time=1 level=error msg="boom"',
    "  Value error, Tensor parallel size (16) cannot be larger than the number of available GPUs (8) [type=value_error]",
    "Assertion failed, max_num_batched_tokens must be positive",
  ])("yes: %s", (t) => {
    expect(looksLikeError(t)).toBe(true);
  });

  it.each([
    "",
    "Started server process [1]",
    "Decode batch. #running-req: 12, #token: 4567",
    "0 errors, 3 warnings",
    "error_count=0",
    "UserWarning: TypedStorage is deprecated",
    "Loading model weights took 15.5 GiB",
    "[0, 1] devices",
    'File "/a.py", line 3, in f',
    "errors: none",
    "The value error, as the docs call it, is rare",
  ])("no: %j", (t) => {
    expect(looksLikeError(t)).toBe(false);
  });

  it("counts a level that cleaning removed when given the LogLine", () => {
    const [line] = normalizeLog("(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] EngineCore failed to start.");
    expect(line!.text).toBe("EngineCore failed to start.");
    expect(looksLikeError(line!.text)).toBe(false);
    expect(looksLikeError(line as LogLine)).toBe(true);
    expect(looksLikeError({ line: 1, text: "ok", level: "warning" })).toBe(false);
  });
});

// ---------------------------------------------------------------------------
// properties

const PIECES = [
  "\x1b[31m",
  "\x1b[1;31m",
  "\x1b[0m",
  "\x1b[2K",
  "\x1b]8;;http://x\x1b\\",
  "\x1b]8;;\x1b\\",
  "\x1b",
  "\x07",
  "\r",
  "\t",
  " ",
  "  ",
  "^[[31m",
  "^[[0m",
  "^[",
  "[0m",
  "[31m",
  "[1;32m",
  "[5m",
  "]",
  "[",
  "[0]",
  "[rank0]",
  "[rank0]:",
  "[rank3]:",
  "m",
  "0",
  "3",
  ";",
  "2025-06-01 10:00:00",
  "2025-06-01T10:00:00.123Z",
  "2025-06-01 10:00:00,123",
  "[2025-06-01 10:00:00]",
  "[2025-06-01 10:00:00 TP3]",
  "10-25 13:08:43",
  "I1025 13:08:43.123456 12345 file.cc:12]",
  "[W1025 13:08:43.123 1 a.cpp:1]",
  "(EngineCore_DP0 pid=738) ",
  "(RayWorkerWrapper pid=5085) ",
  "ERROR 10-25 13:08:43 [core.py:708] ",
  "INFO ",
  "ERROR:",
  "ERROR:root:",
  "WARNING ",
  "ERROR",
  "sglang-1  | ",
  "web_1      | ",
  "[pod/sglang-0/server] ",
  "2025-06-01T10:00:00.1234567Z ",
  "##[error]",
  "::error::",
  "00O ",
  "```",
  "```python",
  "`",
  "**",
  "*",
  "> ",
  ">",
  "- ",
  "* ",
  "RuntimeError",
  ": ",
  "RuntimeError: x",
  "ValueError",
  "Traceback (most recent call last):",
  '  File "/a.py", line 1, in f',
  "[0, 1]",
  "\\x1b[31m",
  "\\033[0m",
  "\u241b[0m",
  "\ufeff",
  "\u00a0",
  " [repeated 2x across cluster]",
  "|",
  "-",
  "e",
];
const anyString = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 80 });
const decorated = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((a) => a.join(""));

/** Throws with a readable message when a property fails (plain checks: expect() per char is slow). */
function checkLine(s: string): void {
  const once = cleanLine(s);
  const twice = cleanLine(once);
  if (twice !== once) throw new Error(`not idempotent: ${JSON.stringify(s)} -> ${JSON.stringify(once)} -> ${JSON.stringify(twice)}`);
  const { text, map } = cleanLineWithMap(s);
  if (text !== once) throw new Error(`map text differs for ${JSON.stringify(s)}`);
  if (map.length !== text.length + 1) throw new Error(`map length for ${JSON.stringify(s)}`);
  for (let i = 0; i < map.length; i++) {
    const m = map[i]!;
    if (m < 0 || m > s.length || (i > 0 && m < map[i - 1]!)) throw new Error(`bad map entry ${i} for ${JSON.stringify(s)}`);
    if (i < text.length && s[m] !== text[i]) throw new Error(`map entry ${i} points at another char for ${JSON.stringify(s)}`);
  }
  if (/^[ \t]|[ \t]$/.test(once)) throw new Error(`untrimmed result for ${JSON.stringify(s)}`);
}

describe("properties", () => {
  it("cleanLine is idempotent and the map is sound, for arbitrary strings", () => {
    fc.assert(fc.property(anyString, checkLine), { numRuns: 3000 });
  });

  it("cleanLine is idempotent and the map is sound, for strings built from decoration pieces", () => {
    fc.assert(fc.property(decorated, checkLine), { numRuns: 5000 });
  });

  it("normalizeLog never throws and numbers lines in order", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(decorated, anyString), { maxLength: 10 }), (rows) => {
        const log = rows.join("\n");
        const out = normalizeLog(log);
        for (let i = 1; i < out.length; i++) if (out[i]!.line < out[i - 1]!.line) throw new Error("unordered");
        // a line that is not structured JSON is exactly cleanLine of its row
        const raw = log.split(/\r\n|\r|\n/);
        for (const l of out) {
          const c = cleanLine(raw[l.line - 1]!);
          if (c.endsWith("}") || c.endsWith('"')) continue;
          if (l.text !== c) throw new Error(`normalizeLog differs from cleanLine on ${JSON.stringify(raw[l.line - 1])}`);
        }
      }),
      { numRuns: 500 },
    );
  });
});
