import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { normalizeLog, type LogLine } from "./log-normalize";
import { parseTracebacks, type Traceback } from "./traceback";

/** Tracebacks without the frames' printed source lines (checked in their own test below). */
const tb = (log: string): Traceback[] =>
  parseTracebacks(normalizeLog(log)).map((t) => ({ ...t, frames: t.frames.map(({ source: _source, ...f }) => f) }));
const SG = "/usr/local/lib/python3.10/dist-packages/sglang/srt";

describe("parseTracebacks", () => {
  it("keeps the source lines printed under each frame, carets and elisions left out", () => {
    const log = `Traceback (most recent call last):
  File "${SG}/managers/scheduler.py", line 2620, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args)
                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "${SG}/model_loader/loader.py", line 84, in get_model
    raise ValueError(
        f"{dtype} is not supported"
    )
  File "${SG}/x.py", line 3
ValueError: torch.bfloat16 is not supported`;
    expect(parseTracebacks(normalizeLog(log))[0]!.frames.map((f) => f.source)).toEqual([
      ["scheduler = Scheduler(server_args, port_args)"],
      ["raise ValueError(", 'f"{dtype} is not supported"', ")"],
      undefined,
    ]);
  });

  it("parses an sglang scheduler traceback whose header follows a prefixed message", () => {
    const log = `[2025-06-01 10:00:00 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "${SG}/managers/scheduler.py", line 2620, in run_scheduler_process
    scheduler.event_loop_normal_disagg_prefill()
  File "/usr/local/lib/python3.10/dist-packages/torch/utils/_contextlib.py", line 116, in decorate_context
    return func(*args, **kwargs)
  File "${SG}/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra
    raise RuntimeError(
RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.

[2025-06-01 10:00:00] Received sigquit from a child process. It usually means the child failed.
`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 8,
        exceptionClass: "RuntimeError",
        qualifiedClass: "RuntimeError",
        message: "PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
        exceptionLine: 8,
        frames: [
          { file: `${SG}/managers/scheduler.py`, line: 2620, func: "run_scheduler_process", logLine: 2 },
          { file: "/usr/local/lib/python3.10/dist-packages/torch/utils/_contextlib.py", line: 116, func: "decorate_context", logLine: 4 },
          { file: `${SG}/disaggregation/mooncake/conn.py`, line: 1344, func: "maybe_send_extra", logLine: 6 },
        ],
      },
    ]);
  });

  it("handles Python 3.11 carets, dotted classes and stops the message at a new log record", () => {
    const log = `[2025-06-01 10:00:00 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "${SG}/managers/scheduler.py", line 2620, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, dp_rank)
                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "${SG}/layers/attention.py", line 77, in forward
    return q[0] / k
           ~~~~~^~~
  File "${SG}/model_executor/model_runner.py", line 300, in init_memory_pool
    self.req_to_token_pool = ReqToTokenPool(
                             ^^^^^^^^^^^^^^^
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.05 GiB is free.
Of the allocated memory 75.00 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.
[2025-06-01 10:00:01] Received sigquit from a child process. It usually means the child failed.`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 12,
        exceptionClass: "OutOfMemoryError",
        qualifiedClass: "torch.cuda.OutOfMemoryError",
        message:
          "CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.10 GiB of which 1.05 GiB is free.\n" +
          "Of the allocated memory 75.00 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.",
        exceptionLine: 11,
        frames: [
          { file: `${SG}/managers/scheduler.py`, line: 2620, func: "run_scheduler_process", logLine: 2 },
          { file: `${SG}/layers/attention.py`, line: 77, func: "forward", logLine: 5 },
          { file: `${SG}/model_executor/model_runner.py`, line: 300, func: "init_memory_pool", logLine: 8 },
        ],
      },
    ]);
  });

  it("parses vLLM tracebacks whose every line carries the log prefix", () => {
    const P = "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708]";
    const V = "/usr/local/lib/python3.12/dist-packages/vllm";
    const msg =
      "To serve at least one request with the models's max seq len (131072), (16.00 GiB KV cache is needed, which is larger than the available KV cache memory (9.23 GiB).";
    const log = `${P} EngineCore failed to start.
${P} Traceback (most recent call last):
${P}   File "${V}/v1/engine/core.py", line 699, in run_engine_core
${P}     engine_core = EngineCoreProc(*args, **kwargs)
${P}                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
${P}   File "${V}/v1/engine/core.py", line 498, in __init__
${P}     super().__init__(vllm_config, executor_class, log_stats,
${P}   File "${V}/v1/core/kv_cache_utils.py", line 699, in check_enough_kv_cache_memory
${P}     raise ValueError(
${P} ValueError: ${msg}
(EngineCore_DP0 pid=738) Process EngineCore_DP0:
(EngineCore_DP0 pid=738) Traceback (most recent call last):
(EngineCore_DP0 pid=738)   File "/usr/lib/python3.12/multiprocessing/process.py", line 314, in _bootstrap
(EngineCore_DP0 pid=738)     self.run()
(EngineCore_DP0 pid=738)   File "${V}/v1/engine/core.py", line 712, in run_engine_core
(EngineCore_DP0 pid=738)     raise e
(EngineCore_DP0 pid=738) ValueError: ${msg}
(APIServer pid=1) Traceback (most recent call last):`;
    expect(tb(log)).toEqual([
      {
        startLine: 2,
        endLine: 10,
        exceptionClass: "ValueError",
        qualifiedClass: "ValueError",
        message: msg,
        exceptionLine: 10,
        frames: [
          { file: `${V}/v1/engine/core.py`, line: 699, func: "run_engine_core", logLine: 3 },
          { file: `${V}/v1/engine/core.py`, line: 498, func: "__init__", logLine: 6 },
          { file: `${V}/v1/core/kv_cache_utils.py`, line: 699, func: "check_enough_kv_cache_memory", logLine: 8 },
        ],
      },
      {
        startLine: 12,
        endLine: 17,
        exceptionClass: "ValueError",
        qualifiedClass: "ValueError",
        message: msg,
        exceptionLine: 17,
        frames: [
          { file: "/usr/lib/python3.12/multiprocessing/process.py", line: 314, func: "_bootstrap", logLine: 13 },
          { file: `${V}/v1/engine/core.py`, line: 712, func: "run_engine_core", logLine: 15 },
        ],
      },
    ]);
  });

  it("links chained tracebacks (context and direct cause) and handles frames without source or func", () => {
    const log = `Traceback (most recent call last):
  File "/app/config.py", line 10, in load
    return json.loads(raw)
  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/app/config.py", line 12, in load
    raise ConfigError("bad config")
app.errors.ConfigError: bad config

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "/app/plugin.py", line 3
    def f(:
          ^
__main__.AppError: startup failed`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 7,
        exceptionClass: "JSONDecodeError",
        qualifiedClass: "json.decoder.JSONDecodeError",
        message: "Expecting value: line 1 column 1 (char 0)",
        exceptionLine: 7,
        frames: [
          { file: "/app/config.py", line: 10, func: "load", logLine: 2 },
          { file: "/usr/lib/python3.11/json/__init__.py", line: 346, func: "loads", logLine: 4 },
        ],
      },
      {
        startLine: 11,
        endLine: 14,
        exceptionClass: "ConfigError",
        qualifiedClass: "app.errors.ConfigError",
        message: "bad config",
        exceptionLine: 14,
        frames: [{ file: "/app/config.py", line: 12, func: "load", logLine: 12 }],
        chainedFrom: 0,
      },
      {
        startLine: 18,
        endLine: 24,
        exceptionClass: "AppError",
        qualifiedClass: "__main__.AppError",
        message: "startup failed",
        exceptionLine: 24,
        frames: [
          { file: "<frozen runpy>", line: 198, func: "_run_module_as_main", logLine: 19 },
          { file: "<frozen runpy>", line: 88, func: "_run_code", logLine: 20 },
          { file: "/app/plugin.py", line: 3, logLine: 21 },
        ],
        chainedFrom: 1,
      },
    ]);
  });

  it("takes an exception line right after a frame that has no source line", () => {
    const log = `Traceback (most recent call last):
  File "<string>", line 1, in <module>
NameError: name 'x' is not defined`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 3,
        exceptionClass: "NameError",
        qualifiedClass: "NameError",
        message: "name 'x' is not defined",
        exceptionLine: 3,
        frames: [{ file: "<string>", line: 1, func: "<module>", logLine: 2 }],
      },
    ]);
  });

  it("gives a bare exception an empty message and no continuation", () => {
    const log = `Traceback (most recent call last):
  File "/app/serve.py", line 88, in <module>
    time.sleep(1)
KeyboardInterrupt
Shutting down`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 4,
        exceptionClass: "KeyboardInterrupt",
        qualifiedClass: "KeyboardInterrupt",
        message: "",
        exceptionLine: 4,
        frames: [{ file: "/app/serve.py", line: 88, func: "<module>", logLine: 2 }],
      },
    ]);
  });

  it("separates two ranks' tracebacks interleaved line by line", () => {
    const lines = [
      "Traceback (most recent call last):",
      '  File "/workspace/train.py", line 50, in <module>',
      "    main()",
      '  File "/workspace/train.py", line 42, in main',
      "    dist.all_reduce(t)",
      "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error",
      "ncclUnhandledCudaError: Call to CUDA function failed.",
    ];
    const log = lines.flatMap((l) => [`[rank0]: ${l}`, `[rank1]: ${l}`]).join("\n");
    const expected = (rank: number): Traceback => ({
      startLine: 1 + rank,
      endLine: 13 + rank,
      exceptionClass: "DistBackendError",
      qualifiedClass: "torch.distributed.DistBackendError",
      message:
        "NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error\nncclUnhandledCudaError: Call to CUDA function failed.",
      exceptionLine: 11 + rank,
      frames: [
        { file: "/workspace/train.py", line: 50, func: "<module>", logLine: 3 + rank },
        { file: "/workspace/train.py", line: 42, func: "main", logLine: 7 + rank },
      ],
    });
    expect(tb(log)).toEqual([expected(0), expected(1)]);
  });

  it("untangles two compose services, following a tagged record's untagged lines", () => {
    const log = `sglang-1  | [2025-06-01 10:00:00 TP1] Scheduler hit an exception: Traceback (most recent call last):
router-1  | ERROR:root:worker http://sglang:30000 is unhealthy
sglang-1  |   File "${SG}/managers/scheduler.py", line 10, in run
sglang-1  |     x()
router-1  | Traceback (most recent call last):
sglang-1  | ValueError: bad
router-1  |   File "/app/router.py", line 5, in poll
router-1  |     check()
sglang-1  |
router-1  | ConnectionRefusedError: [Errno 111] Connection refused`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 6,
        exceptionClass: "ValueError",
        qualifiedClass: "ValueError",
        message: "bad",
        exceptionLine: 6,
        frames: [{ file: `${SG}/managers/scheduler.py`, line: 10, func: "run", logLine: 3 }],
      },
      {
        startLine: 5,
        endLine: 10,
        exceptionClass: "ConnectionRefusedError",
        qualifiedClass: "ConnectionRefusedError",
        message: "[Errno 111] Connection refused",
        exceptionLine: 10,
        frames: [{ file: "/app/router.py", line: 5, func: "poll", logLine: 7 }],
      },
    ]);
  });

  it("maps Ray's RayTaskError(X) to X, and takes the remote frames when they follow", () => {
    const log = `Traceback (most recent call last):
  File "/app/run.py", line 5, in <module>
    ray.get(refs)
ray.exceptions.RayTaskError(ValueError): ray::f() (pid=1, ip=10.0.0.2)

Traceback (most recent call last):
  File "/app/run.py", line 9, in <module>
    ray.get(refs)
ray.exceptions.RayTaskError(RuntimeError): ray::RayWorkerWrapper.execute_method() (pid=5085, ip=10.0.0.2, actor_id=abc123)
  File "/usr/local/lib/python3.10/dist-packages/vllm/worker/worker_base.py", line 481, in execute_method
    raise e
RuntimeError: CUDA error: an illegal memory access was encountered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 4,
        exceptionClass: "ValueError",
        qualifiedClass: "ray.exceptions.RayTaskError(ValueError)",
        message: "ray::f() (pid=1, ip=10.0.0.2)",
        exceptionLine: 4,
        frames: [{ file: "/app/run.py", line: 5, func: "<module>", logLine: 2 }],
      },
      {
        startLine: 6,
        endLine: 14,
        exceptionClass: "RuntimeError",
        qualifiedClass: "RuntimeError",
        message:
          "CUDA error: an illegal memory access was encountered\n" +
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n" +
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        exceptionLine: 12,
        frames: [
          { file: "/app/run.py", line: 9, func: "<module>", logLine: 7 },
          { file: "/usr/local/lib/python3.10/dist-packages/vllm/worker/worker_base.py", line: 481, func: "execute_method", logLine: 10 },
        ],
      },
    ]);
  });

  it("caps message continuation lines", () => {
    const log = [
      "Traceback (most recent call last):",
      '  File "/a.py", line 1, in f',
      "    g()",
      "pydantic_core._pydantic_core.ValidationError: 7 validation errors for Req",
    ]
      .concat(["a", "b", "c", "d", "e", "f", "g"])
      .join("\n");
    const [t] = tb(log);
    expect(t!.message).toBe("7 validation errors for Req\na\nb\nc\nd\ne");
    expect(t!.exceptionClass).toBe("ValidationError");
    expect(t!.endLine).toBe(9);
  });

  it("reads exception groups", () => {
    const log = `  + Exception Group Traceback (most recent call last):
  |   File "/app/main.py", line 10, in <module>
  |     asyncio.run(main())
  | ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/app/main.py", line 3, in fetch
    |     raise ConnectionError("refused")
    | ConnectionError: refused
    +---------------- 2 ----------------
    | TimeoutError
    +------------------------------------`;
    expect(tb(log)).toEqual([
      {
        startLine: 1,
        endLine: 4,
        exceptionClass: "ExceptionGroup",
        qualifiedClass: "ExceptionGroup",
        message: "unhandled errors in a TaskGroup (2 sub-exceptions)",
        exceptionLine: 4,
        frames: [{ file: "/app/main.py", line: 10, func: "<module>", logLine: 2 }],
      },
      {
        startLine: 6,
        endLine: 9,
        exceptionClass: "ConnectionError",
        qualifiedClass: "ConnectionError",
        message: "refused",
        exceptionLine: 9,
        frames: [{ file: "/app/main.py", line: 3, func: "fetch", logLine: 7 }],
      },
    ]);
  });

  it("parses a traceback unwrapped from a JSON log record (all on one original line)", () => {
    const log =
      'x\n{"msg":"Exception in ASGI application","exc_info":"Traceback (most recent call last):\\n  File \\"/app/main.py\\", line 12, in handler\\n    raise KeyError(k)\\nKeyError: \'model\'"}';
    expect(tb(log)).toEqual([
      {
        startLine: 2,
        endLine: 2,
        exceptionClass: "KeyError",
        qualifiedClass: "KeyError",
        message: "'model'",
        exceptionLine: 2,
        frames: [{ file: "/app/main.py", line: 12, func: "handler", logLine: 2 }],
      },
    ]);
  });

  it("uses indentation as a hint on raw (not normalised) lines", () => {
    const raw = `Traceback (most recent call last):
  File "/a.py", line 2, in <module>
    Config: int = load()
NameError: name 'load' is not defined`;
    const lines: LogLine[] = raw.split("\n").map((text, i) => ({ line: i + 1, text }));
    expect(parseTracebacks(lines)).toEqual([
      {
        startLine: 1,
        endLine: 4,
        exceptionClass: "NameError",
        qualifiedClass: "NameError",
        message: "name 'load' is not defined",
        exceptionLine: 4,
        frames: [{ file: "/a.py", line: 2, func: "<module>", logLine: 2, source: ["Config: int = load()"] }],
      },
    ]);
  });

  it("finds nothing in logs without tracebacks", () => {
    expect(tb("INFO Started\nRuntimeError: not in a traceback\nTraceback (most recent call last):")).toEqual([]);
    expect(parseTracebacks([])).toEqual([]);
  });

  it("never throws and keeps its output consistent on arbitrary line soup", () => {
    const piece = fc.constantFrom(
      "Traceback (most recent call last):",
      '  File "/a.py", line 1, in f',
      '  File "/b.py", line 2',
      "    x()",
      "    ^^^^",
      "RuntimeError: boom",
      "KeyboardInterrupt",
      "ray.exceptions.RayTaskError(ValueError): v",
      "During handling of the above exception, another exception occurred:",
      "The above exception was the direct cause of the following exception:",
      "",
      "[rank0]: ",
      "[rank1]: ",
      "[2025-06-01 10:00:00 TP1] ",
      "  | ",
      "+-+---- 1 ----",
      "noise",
    );
    const line = fc.array(piece, { minLength: 1, maxLength: 3 }).map((a) => a.join(""));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (rows) => {
        const out = tb(rows.join("\n"));
        out.forEach((t, i) => {
          if (i > 0 && t.startLine < out[i - 1]!.startLine) throw new Error("unordered");
          if (t.chainedFrom !== undefined && !(t.chainedFrom >= 0 && t.chainedFrom < i)) throw new Error("bad chainedFrom");
          if (!(t.startLine <= t.exceptionLine && t.exceptionLine <= t.endLine)) throw new Error("bad line order");
          if (!t.exceptionClass) throw new Error("no class");
        });
      }),
      { numRuns: 1000 },
    );
  });
});
