/**
 * The paste-a-log story, end to end through `Matcher.lookup` (and `Lookup.run`
 * for the no-match view), against the fixture dataset in `fixtures/records.ts`.
 * Every case says which records must be found, in which order, as which kind,
 * on which lines — and which must not be found.
 *
 * The last block, "known gaps", holds cases the matcher gets wrong today; each
 * test states the correct behaviour and fails until the matcher is fixed.
 */
import { describe, expect, it } from "vitest";
import { Matcher, type LookupResult, type MatchKind } from "./matcher";
import { buildMatcherData } from "./matcher-data";
import { Lookup } from "./lookup";
import { recordSchema } from "../record/schema";
import { RECORD_CHECKS } from "../dataset/checks";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";
import {
  NOISE_LINES,
  SGLANG_SRC as SG,
  VLLM_SRC as VL,
  frame,
  hardWrap,
  prefixLines,
  seeded,
  traceback,
  wordWrap,
} from "../testing/fixtures/logs";

const data = buildMatcherData(FIXTURE_RECORDS);
const matcher = new Matcher(data);
const NAME = new Map(Object.entries(R).map(([name, r]) => [r.id, name as FixtureName]));

type Expected = [record: FixtureName, kind: MatchKind, lines: number[]];

/** What the user sees, compactly: record, kind and matched line numbers, best first. */
function found(result: LookupResult): Expected[] {
  return result.matches.map((m) => [NAME.get(m.entry.id) ?? m.entry.id, m.kind, m.lines.map((l) => l.line)] as Expected);
}

function lookup(log: string): LookupResult {
  return matcher.lookup(log);
}

function matchOf(result: LookupResult, name: FixtureName) {
  const m = result.matches.find((x) => x.entry.id === R[name].id);
  if (!m) throw new Error(`${name} was not found; found ${JSON.stringify(found(result))}`);
  return m;
}

// Messages as the programs print them.
const PD = "PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.";
const PD_LINE = `RuntimeError: ${PD}`;
const KV_LINE =
  "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (10000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
/** The same error as an older vLLM printed it: the second sentence was shorter. */
const OLDER_KV_LINE =
  "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (10000). Try increasing `gpu_memory_utilization` when initializing the engine.";
const CHECKPOINT_P1 =
  "The checkpoint you are trying to load has model type `qwen3_next` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.";
const CHECKPOINT_P2 =
  "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`";
const MARLIN = "The input size is not aligned with the quantized weight shape. This can be caused by too large tensor parallel size.";
const NOT_ENOUGH = "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.";
const TP_DIVISIBLE = "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3).";
const LORA = "ValueError: LoRA rank 64 is greater than max_lora_rank 16.";
const TRUST_1 =
  "ValueError: The repository for Qwen/Qwen-7B contains custom code which must be executed to correctly load the model. You can inspect the repository content at https://hf.co/Qwen/Qwen-7B.";
const TRUST_2 = "Please pass the argument `trust_remote_code=True` to allow custom code to be run.";

/** The sglang PD-disaggregation crash as the scheduler prints it. */
const PD_TRACEBACK = `[2025-06-01 10:00:00 TP0] Scheduler hit an exception: ${traceback(
  [
    frame(`${SG}/managers/scheduler.py`, 2620, "run_scheduler_process", "scheduler.event_loop_normal_disagg_prefill()"),
    frame(`${SG}/disaggregation/mooncake/conn.py`, 1344, "maybe_send_extra", "raise RuntimeError("),
  ],
  PD_LINE,
)}

[2025-06-01 10:00:00] Received sigquit from a child process. It usually means the child failed.`;

/** vLLM v1 start-up: the KV-cache error, then the engine's wrapper error raised while handling it. */
const CHAINED = `${traceback(
  [
    frame(`${VL}/v1/engine/core.py`, 691, "run_engine_core", "engine_core = EngineCoreProc(*args, **kwargs)"),
    frame(`${VL}/v1/core/kv_cache_utils.py`, 702, "check_enough_kv_cache_memory", "raise ValueError("),
  ],
  KV_LINE,
)}

During handling of the above exception, another exception occurred:

${traceback(
  [
    frame("/usr/bin/vllm", 8, "<module>", "sys.exit(main())"),
    frame(`${VL}/v1/engine/utils.py`, 731, "wait_for_engine_startup", "raise RuntimeError("),
  ],
  "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_DP0': 1}",
)}`;

/** The same ValueError raised from sglang's or vLLM's copy of marlin_utils.py. */
const marlinTraceback = (src: string, file: string, line: number) =>
  traceback(
    [
      frame(`${src}/model_executor/model_loader/loader.py`, 300, "load_model", "model = initialize_model(...)"),
      frame(`${src}/${file}`, line, "check_marlin_supports_shape", "raise ValueError("),
    ],
    `ValueError: ${MARLIN}`,
  );

interface Story {
  story: string;
  log: string;
  /** Every match, best first: nothing more, nothing less. */
  expected: Expected[];
  /** Records a careless matcher could report here (shared text, generic shape) and must not. */
  mustNot: FixtureName[];
}

const ONE_LINE: Expected[] = [["pdDifferentTp", "full", [1]]];

const STORIES: Story[] = [
  { story: "a plain one-line error", log: PD_LINE, expected: ONE_LINE, mustNot: ["genericModelNotSupported", "genericMustBe"] },
  {
    story: "ANSI colours (real ESC), around the class and around the placeholder value",
    log: `\x1b[1;31mRuntimeError:\x1b[0m PD Disaggregation does NOT support PD different TP sizes for non-MLA \x1b[33mMAMBA\x1b[0m hybrid models yet.`,
    expected: ONE_LINE,
    mustNot: [],
  },
  { story: "pasted ANSI remnants ^[[31m and a bare [0m whose ESC was lost", log: `^[[31m${PD_LINE} [0m`, expected: ONE_LINE, mustNot: [] },
  {
    story: "CRLF line endings",
    log: `INFO 06-01 10:00:00 [launcher.py:28] starting\r\n${PD_LINE}\r\nINFO 06-01 10:00:01 [launcher.py:40] shutting down\r\n`,
    expected: [["pdDifferentTp", "full", [2]]],
    mustNot: [],
  },
  { story: "an sglang [timestamp TP3] prefix", log: `[2025-06-01 10:00:00 TP3] ${PD_LINE}`, expected: ONE_LINE, mustNot: [] },
  { story: "a torchrun [rank0]: prefix", log: `[rank0]: ${PD_LINE}`, expected: ONE_LINE, mustNot: [] },
  {
    story: "a vLLM engine-core prefix",
    log: `(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ${PD_LINE}`,
    expected: ONE_LINE,
    mustNot: [],
  },
  { story: "a Ray worker prefix", log: `(RayWorkerWrapper pid=5085) ${PD_LINE}`, expected: ONE_LINE, mustNot: [] },
  { story: "a docker compose prefix", log: `sglang-1  | ${PD_LINE}`, expected: ONE_LINE, mustNot: [] },
  { story: "a GitHub Actions timestamp", log: `2025-06-01T10:00:00.1234567Z ${PD_LINE}`, expected: ONE_LINE, mustNot: [] },
  {
    story: "a log pasted inside a markdown ``` fence",
    log: "My server crashed on start:\n\n```\n" + PD_LINE + "\n```\n",
    expected: [["pdDifferentTp", "full", [4]]],
    mustNot: [],
  },
  { story: "a markdown > quote", log: `> I get this:\n> ${PD_LINE}`, expected: [["pdDifferentTp", "full", [2]]], mustNot: [] },
  { story: "a line wrapped in backticks", log: "`" + PD_LINE + "`", expected: ONE_LINE, mustNot: [] },
  { story: "a bold class, **RuntimeError**: msg", log: `**RuntimeError**: ${PD}`, expected: ONE_LINE, mustNot: [] },
  {
    story: "a JSON structured log line whose message holds escaped quotes",
    log:
      "INFO 06-01 10:00:00 [api_server.py:1] starting\n" +
      JSON.stringify({
        level: "error",
        logger: "vllm.config",
        message: 'ValueError: Expected "tokenizer_mode" to be a valid tokenizer mode ("auto", "slow", "mistral" or "custom"), got "fast".',
      }),
    expected: [["tokenizerMode", "full", [2]]],
    mustNot: ["genericMustBe"],
  },
  {
    story: "a message hard-wrapped at spaces by an issue tracker (72 columns)",
    log: wordWrap(KV_LINE, 72).join("\n"),
    expected: [["kvCacheMaxSeqLen", "full", [1, 2, 3, 4]]],
    mustNot: ["noCacheMemory"],
  },
  {
    story: "a message hard-wrapped mid-word by an 80-column terminal",
    log: hardWrap(`ERROR 10-25 13:08:43 [core.py:708] ${KV_LINE}`, 80).join("\n"),
    expected: [["kvCacheMaxSeqLen", "full", [1, 2, 3, 4]]],
    mustNot: ["noCacheMemory"],
  },
  {
    story: "a full Python traceback: the final exception line",
    log: PD_TRACEBACK,
    expected: [["pdDifferentTp", "full", [6]]],
    mustNot: [],
  },
  {
    story: "a chained traceback: the final exception ranks first",
    log: CHAINED,
    expected: [
      ["engineCoreInit", "full", [15]],
      ["kvCacheMaxSeqLen", "full", [6]],
    ],
    mustNot: ["noCacheMemory"],
  },
  {
    story: "a multi-line message pasted whole",
    log: `ValueError: ${CHECKPOINT_P1}\n\n${CHECKPOINT_P2}`,
    expected: [["checkpointArch", "full", [1, 2, 3]]],
    mustNot: [],
  },
  {
    story: "a multi-line message pasted as its first line only: partial, below a full match",
    log: `ValueError: ${CHECKPOINT_P1}\nINFO 06-01 10:00:01 [launcher.py:40] retrying\n${PD_LINE}`,
    expected: [
      ["pdDifferentTp", "full", [3]],
      ["checkpointArch", "partial", [1]],
    ],
    mustNot: [],
  },
  {
    story: "a two-line message (no blank line) pasted whole",
    log: `${TRUST_1}\n${TRUST_2}`,
    expected: [["trustRemoteCode", "full", [1, 2]]],
    mustNot: ["genericMustBe"],
  },
  {
    story: "an older, shorter version of a message: partial",
    log: OLDER_KV_LINE,
    expected: [["kvCacheMaxSeqLen", "partial", [1]]],
    mustNot: ["noCacheMemory"],
  },
  {
    story: "interleaved tracebacks of two ranks raising the same error: one match, both lines",
    log: [
      "[rank0]: Traceback (most recent call last):",
      "[rank1]: Traceback (most recent call last):",
      `[rank0]:   File "${SG}/model_executor/model_runner.py", line 1290, in init_memory_pool`,
      `[rank1]:   File "${SG}/model_executor/model_runner.py", line 1290, in init_memory_pool`,
      "[rank0]:     raise RuntimeError(",
      "[rank1]:     raise RuntimeError(",
      `[rank0]: ${NOT_ENOUGH}`,
      `[rank1]: ${NOT_ENOUGH}`,
    ].join("\n"),
    expected: [["notEnoughMemory", "full", [7, 8]]],
    mustNot: [],
  },
  {
    story: "interleaved tracebacks of two ranks raising different errors: both found",
    log: [
      "[rank0]: Traceback (most recent call last):",
      "[rank1]: Traceback (most recent call last):",
      `[rank0]:   File "${SG}/model_executor/model_runner.py", line 1290, in init_memory_pool`,
      `[rank1]:   File "${VL}/config/model.py", line 1012, in verify_with_parallel_config`,
      "[rank0]:     raise RuntimeError(",
      "[rank1]:     raise ValueError(",
      `[rank0]: ${NOT_ENOUGH}`,
      `[rank1]: ${TP_DIVISIBLE}`,
    ].join("\n"),
    // Both are final exceptions raised where their records say: more literal text breaks the tie.
    expected: [
      ["tpDivisible", "full", [8]],
      ["notEnoughMemory", "full", [7]],
    ],
    mustNot: ["genericMustBe"],
  },
  {
    story: "generic patterns matching alongside specific ones: specific first, then the generic that explains more of its line",
    log: [
      "[2025-06-01 10:00:00] ValueError: chunked_prefill_size must be a multiple of page_size (64), got 100.",
      "ValueError: Model architectures ['FooForCausalLM'] are not supported for now. Supported architectures: dict_keys(['LlamaForCausalLM'])",
    ].join("\n"),
    expected: [
      ["archNotSupported", "full", [2]],
      ["chunkedPrefillPageSize", "full", [1]],
      ["genericMustBe", "full", [1]],
      ["genericModelNotSupported", "full", [2]],
    ],
    mustNot: [],
  },
  {
    story: "the same message in two repos, raised from sglang's file: sglang first",
    log: marlinTraceback(SG, "layers/quantization/marlin_utils.py", 164),
    expected: [
      ["marlinSglang", "full", [6]],
      ["marlinVllm", "full", [6]],
    ],
    mustNot: [],
  },
  {
    story: "the same message in two repos, raised from vLLM's file: vLLM first",
    log: marlinTraceback(VL, "model_executor/layers/quantization/utils/marlin_utils.py", 190),
    expected: [
      ["marlinVllm", "full", [6]],
      ["marlinSglang", "full", [6]],
    ],
    mustNot: [],
  },
  {
    story: "a case-insensitive (?i) pattern, in any case",
    log: [
      "RuntimeError: CUDA error: an illegal memory access was encountered",
      "RuntimeError: cuda error: an illegal memory access was encountered",
      "RUNTIMEERROR: CUDA ERROR: AN ILLEGAL MEMORY ACCESS WAS ENCOUNTERED",
    ].join("\n"),
    expected: [["cudaIllegalAccess", "full", [1, 2, 3]]],
    mustNot: [],
  },
  {
    story: "named groups (?P<n>\\d+)",
    log: "UserWarning: Input length of input_ids is 5000, but `max_length` is set to 4096. This can lead to unexpected behavior. You should consider increasing `max_length` or, better yet, setting `max_new_tokens`.",
    expected: [["inputLength", "full", [1]]],
    mustNot: [],
  },
  { story: "an empty log", log: "", expected: [], mustNot: [] },
  {
    story: "a log with no errors",
    log: NOISE_LINES.join("\n"),
    expected: [],
    mustNot: [],
  },
];

describe("the fixture dataset", () => {
  it("holds twenty complete, valid records with unique ids", () => {
    expect(FIXTURE_RECORDS).toHaveLength(20);
    expect(new Set(FIXTURE_RECORDS.map((r) => r.id)).size).toBe(20);
    for (const r of FIXTURE_RECORDS) {
      expect(recordSchema.safeParse(r).success).toBe(true);
      const errors = RECORD_CHECKS.flatMap((c) =>
        c
          .check(r)
          .filter((f) => (f.level ?? "error") === "error")
          .map((f) => `${r.slug} ${c.name}: ${f.field} ${f.message}`),
      );
      expect(errors).toEqual([]);
    }
    expect(data.entries).toHaveLength(20);
  });

  it("has exactly the two generic patterns it was built with", () => {
    expect(data.entries.filter((e) => e.generic).map((e) => NAME.get(e.id))).toEqual(["genericMustBe", "genericModelNotSupported"]);
  });
});

describe("paste a log, get the known errors it contains", () => {
  it.each(STORIES)("$story", ({ log, expected, mustNot }) => {
    const result = lookup(log);
    expect(found(result)).toEqual(expected);
    const ids = result.matches.map((m) => m.entry.id);
    for (const name of mustNot) expect(ids, `${name} must not be found`).not.toContain(R[name].id);
  });

  it("the terminal-wrap story really breaks mid-word at every break", () => {
    const lines = hardWrap(`ERROR 10-25 13:08:43 [core.py:708] ${KV_LINE}`, 80);
    expect(lines).toHaveLength(4);
    for (let i = 0; i + 1 < lines.length; i++) {
      expect(lines[i]!.endsWith(" ") || lines[i + 1]!.startsWith(" ")).toBe(false);
    }
  });

  it("explains a traceback's final exception: the final exception, the class, the raise statement and the repository", () => {
    const m = lookup(PD_TRACEBACK).matches[0]!;
    expect(m.reasons).toEqual([
      "the whole pattern matched",
      "final exception of the traceback at line 1",
      "raised as RuntimeError, the record's class",
      "the frame sglang/srt/disaggregation/mooncake/conn.py, line 1344, in maybe_send_extra prints the record's raise statement",
      "the log comes from sgl-project/sglang: 2 traceback frames in sglang/; sglang's log format ([2025-06-01 10:00:00 TP0])",
    ]);
  });

  it("ranks the chained traceback's final exception above the one it was raised during, and says which is which", () => {
    const result = lookup(CHAINED);
    expect(result.tracebacks.map((t) => [t.startLine, t.exceptionLine, t.chainedFrom])).toEqual([
      [1, 6, undefined],
      [10, 15, 0],
    ]);
    const [first, second] = result.matches;
    expect(first!.reasons).toContain("final exception of the traceback at line 10");
    expect(first!.reasons).toContain(
      "the frame vllm/v1/engine/utils.py, line 731, in wait_for_engine_startup prints the record's raise statement",
    );
    expect(second!.reasons).toContain("an exception in the traceback at line 1");
    expect(second!.reasons).toContain(
      "the frame vllm/v1/core/kv_cache_utils.py, line 702, in check_enough_kv_cache_memory prints the record's raise statement",
    );
    expect(first!.score).toBeGreaterThan(second!.score);
  });

  it("flags generic matches in their reasons, and only them", () => {
    const result = lookup("ValueError: chunked_prefill_size must be a multiple of page_size (64), got 100.");
    expect(matchOf(result, "genericMustBe").reasons).toEqual([
      "the whole pattern matched",
      "generic pattern: only 9 letters of literal text, it may match unrelated errors",
      "the line names ValueError, the record's class",
    ]);
    expect(matchOf(result, "chunkedPrefillPageSize").reasons).toEqual([
      "the whole pattern matched",
      "the line names ValueError, the record's class",
    ]);
  });

  it("says a partial match is partial, with how much literal text it rests on", () => {
    const result = lookup(`ValueError: ${CHECKPOINT_P1}`);
    expect(matchOf(result, "checkpointArch").reasons).toEqual([
      "part of the pattern matched (90 letters of literal text)",
      "the line names ValueError, the record's class",
    ]);
  });

  it("credits the repository whose file raised a message both repositories carry", () => {
    const result = lookup(marlinTraceback(SG, "layers/quantization/marlin_utils.py", 164));
    const sglang = matchOf(result, "marlinSglang");
    expect(sglang.reasons).toContain(
      "the frame sglang/srt/layers/quantization/marlin_utils.py, line 164, in check_marlin_supports_shape prints the record's raise statement",
    );
    expect(sglang.reasons).toContain("the log comes from sgl-project/sglang: 2 traceback frames in sglang/");
    expect(matchOf(result, "marlinVllm").reasons.some((r) => r.includes("frame") || r.includes("log comes from"))).toBe(false);
    expect(result.matches[0]!.entry.id).toBe(sglang.entry.id);
  });

  it("looks up an empty log without matches or tracebacks", () => {
    const result = lookup("");
    expect(result.matches).toEqual([]);
    expect(result.tracebacks).toEqual([]);
    expect(result.stopped).toBeUndefined();
  });

  it("finds the planted errors of a 50 MB log at their line numbers", () => {
    const random = seeded(50);
    const target = 50 * 1024 * 1024;
    const lines: string[] = [];
    let size = 0;
    while (size < target) {
      const l = NOISE_LINES[Math.floor(random() * NOISE_LINES.length)]!;
      lines.push(l);
      size += l.length + 1;
    }
    const n = lines.length;
    // Spread over the log, the last line included, and a two-line message across lines.
    const memoryAt = [10, Math.floor(n / 3), Math.floor((2 * n) / 3), n];
    for (const at of memoryAt) lines[at - 1] = `[2025-06-01 10:00:00 TP0] ${NOT_ENOUGH}`;
    const loraAt = Math.floor(n / 2) + 1;
    lines[loraAt - 1] = LORA;
    const trustAt = Math.floor(n / 4);
    lines[trustAt - 1] = TRUST_1;
    lines[trustAt] = TRUST_2;
    const log = lines.join("\n") + "\n";
    expect(log.length).toBeGreaterThanOrEqual(target);

    const result = lookup(log);
    expect(result.lineCount).toBe(n);
    // Three unrelated errors, each fully matched: which comes first is the ranking's business, not this story's.
    expect(found(result).sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
      ["loraRank", "full", [loraAt]],
      ["notEnoughMemory", "full", memoryAt],
      ["trustRemoteCode", "full", [trustAt, trustAt + 1]],
    ]);
    expect(result.matches.every((m) => m.confidence === "high")).toBe(true);
  });
});

describe("each record appears once, with every line it matched", () => {
  it("joins matches at lines 3 and 40 into one match", () => {
    const log = ["INFO 06-01 10:00:00 [launcher.py:28] starting", "INFO retrying", LORA, ...Array(36).fill("INFO waiting"), LORA].join(
      "\n",
    );
    const result = lookup(log);
    expect(found(result)).toEqual([["loraRank", "full", [3, 40]]]);
    expect(result.matches[0]!.occurrences).toBe(2);
  });

  it("counts every occurrence but keeps the lines of the first twenty", () => {
    const log = Array.from({ length: 25 }, (_, i) => `[2025-06-01 10:00:${String(i).padStart(2, "0")}] ${LORA}`).join("\n");
    const m = lookup(log).matches[0]!;
    expect(m.occurrences).toBe(25);
    expect(m.lines.map((l) => l.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("reports a record found fully in one place and partly in another once, as full", () => {
    const log = [OLDER_KV_LINE, ...Array(5).fill("INFO 06-01 10:00:01 [launcher.py:40] retrying"), KV_LINE].join("\n");
    const result = lookup(log);
    expect(found(result)).toEqual([["kvCacheMaxSeqLen", "full", [7]]]);
    expect(result.matches[0]!.occurrences).toBe(2);
  });
});

describe("captures: value, span and name in the cleaned line", () => {
  it("gives one group's value, span and placeholder name, after prefix and colours are cleaned away", () => {
    const m = lookup(`[2025-06-01 10:00:00 TP3] \x1b[31m${PD_LINE}\x1b[0m`).matches[0]!;
    expect(m.lines).toEqual([
      {
        line: 1,
        text: PD_LINE,
        start: 14,
        end: 14 + PD.length,
        captures: [{ group: 1, name: "st.upper()", value: "MAMBA", start: 83, end: 88 }],
      },
    ]);
    expect(PD_LINE.slice(83, 88)).toBe("MAMBA");
  });

  it("gives several groups' values and spans", () => {
    const text =
      "ValueError: User-specified max_model_len (65536) is greater than the derived max_model_len (max_position_embeddings=32768 or model_max_length=None in model's config.json). This may lead to incorrect model outputs or CUDA errors.";
    const m = lookup(`(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ${text}`).matches[0]!;
    expect(NAME.get(m.entry.id)).toBe("maxModelLen");
    expect(m.lines).toEqual([
      {
        line: 1,
        text,
        start: 12,
        end: text.length,
        captures: [
          { group: 1, name: "max_model_len", value: "65536", start: 42, end: 47 },
          { group: 2, name: "max_len_key", value: "max_position_embeddings", start: 92, end: 115 },
          { group: 3, name: "derived_max_model_len", value: "32768", start: 116, end: 121 },
          { group: 4, name: "model_max_length", value: "None", start: 142, end: 146 },
        ],
      },
    ]);
  });

  it("gives the names and values of named groups", () => {
    const text =
      "UserWarning: Input length of input_ids is 5000, but `max_length` is set to 4096. This can lead to unexpected behavior. You should consider increasing `max_length` or, better yet, setting `max_new_tokens`.";
    const [line] = lookup(text).matches[0]!.lines;
    expect(line!.captures).toEqual([
      { group: 1, value: "input_ids", start: 29, end: 38 },
      { group: 2, name: "n", value: "5000", start: 42, end: 46 },
      { group: 3, name: "max_length", value: "4096", start: 75, end: 79 },
    ]);
    expect(line!.captures[0]).not.toHaveProperty("name");
  });

  it("puts each capture of a wrapped message on the line it sits on", () => {
    const wrapped = wordWrap(KV_LINE, 72);
    const m = lookup(wrapped.join("\n")).matches[0]!;
    expect(m.lines.map((l) => ({ line: l.line, start: l.start, end: l.end, captures: l.captures }))).toEqual([
      { line: 1, start: 12, end: wrapped[0]!.length, captures: [{ group: 1, name: "max_model_len", value: "32768", start: 37, end: 42 }] },
      {
        line: 2,
        start: 0,
        end: wrapped[1]!.length,
        captures: [{ group: 2, name: "estimated_max_len", value: "10000", start: 49, end: 54 }],
      },
      { line: 3, start: 0, end: wrapped[2]!.length, captures: [] },
      { line: 4, start: 0, end: wrapped[3]!.length, captures: [] },
    ]);
    expect(wrapped[1]!.slice(49, 54)).toBe("10000");
  });

  it("runs a trailing lazy group to the end of the message, never one character", () => {
    const text =
      "ValueError: Model architectures ['Glm4ForCausalLM'] are not supported for now. Supported architectures: dict_keys(['LlamaForCausalLM', 'Qwen2ForCausalLM'])";
    // The mined shape ends in a lazy group, which alone would capture "d".
    const lazy = {
      ...R.archNotSupported,
      messagePattern: String.raw`Model architectures (.+?) are not supported for now\. Supported architectures: (.+?)`,
    };
    const m = new Matcher(buildMatcherData([lazy])).lookup(`[2025-06-01 10:00:00 TP0] ${text}`).matches[0]!;
    expect(m.kind).toBe("full");
    expect(m.lines[0]!.captures.map((c) => [c.name, c.value])).toEqual([
      ["architectures", "['Glm4ForCausalLM']"],
      ["all_supported_archs", "dict_keys(['LlamaForCausalLM', 'Qwen2ForCausalLM'])"],
    ]);
  });

  it("gives captures of a multi-line message on their own lines", () => {
    const m = lookup(`${TRUST_1}\n${TRUST_2}`).matches[0]!;
    expect(m.lines).toEqual([
      {
        line: 1,
        text: TRUST_1,
        start: 12,
        end: TRUST_1.length,
        captures: [
          { group: 1, name: "repo", value: "Qwen/Qwen-7B", start: 31, end: 43 },
          { group: 2, name: "repo", value: "Qwen/Qwen-7B", start: 173, end: 185 },
        ],
      },
      { line: 2, text: TRUST_2, start: 0, end: TRUST_2.length, captures: [] },
    ]);
  });
});

describe("no match: error-looking lines and similar records", () => {
  const lookupAll = new Lookup(data);

  it("lists the final exception, not its frames nor an ERROR line, and the closest records as guesses with a word diff", () => {
    const log = [
      "Traceback (most recent call last):",
      '  File "/usr/lib/python3/dist-packages/vllm/worker.py", line 3, in run',
      "    raise ValueError(msg)",
      "ValueError: The KV cache has no free blocks left; raise gpu_memory_utilization",
      "ERROR 06-01 10:00:01 [engine.py:2] engine died",
    ].join("\n");
    const summary = lookupAll.run(log);
    expect(summary.matches).toEqual([]);
    expect(summary.errorLines).toEqual([
      { line: 4, text: "ValueError: The KV cache has no free blocks left; raise gpu_memory_utilization" },
    ]);
    expect(summary.similar.map((s) => [NAME.get(s.id), s.line])).toEqual([["noCacheMemory", 4]]);
    const guess = summary.similar[0]!;
    expect(guess.similarity).toBeGreaterThan(0.2);
    expect(guess.similarity).toBeLessThan(0.5);
    expect(guess.diff).toEqual([
      { op: "-", text: "No available memory for" },
      { op: "=", text: "The" },
      { op: "+", text: " KV" },
      { op: "=", text: " cache" },
      { op: "+", text: " has no free" },
      { op: "=", text: " blocks" },
      { op: "-", text: ". Try increasing `" },
      { op: "+", text: " left; raise" },
      { op: "=", text: " gpu_memory_utilization" },
      { op: "-", text: "` when initializing the engine." },
    ]);
  });

  it("without a traceback, lists the lines that read as errors", () => {
    const log = [
      "INFO 06-01 10:00:00 [api_server.py:1] starting",
      "ERROR 06-01 10:00:01 [engine.py:2] engine died",
      "ERROR 06-01 10:00:01 [engine.py:3] could not open the socket",
      "INFO 06-01 10:00:02 [api_server.py:9] bye",
    ].join("\n");
    expect(lookupAll.run(log).errorLines).toEqual([{ line: 3, text: "could not open the socket" }]);
  });

  it("lists nothing for a log with no error-looking line", () => {
    const summary = lookupAll.run(NOISE_LINES.join("\n"));
    expect(summary).toMatchObject({ matches: [], lineCount: NOISE_LINES.length, errorLines: [], similar: [], tracebacks: 0 });
  });

  it("does not look for similar records when something matched", () => {
    const summary = lookupAll.run(`${PD_LINE}\nValueError: Not enough free memory for the KV cache blocks`);
    expect(summary.matches.map((m) => NAME.get(m.id))).toEqual(["pdDifferentTp"]);
    expect(summary.similar).toEqual([]);
  });
});

describe("hostile input", () => {
  /** Patterns written to backtrack exponentially or polynomially, plus one with a real key. */
  const HOSTILE = ["^(a+)+$", "(x|x)*y", "(.+?) (.+?) (.+?) (.+?)x", "(.+?)(.+?)(.+?)(.+?)(.+?)!", "RuntimeError: (a|aa)+b"].map(
    (messagePattern, i) => ({
      ...R.pdDifferentTp,
      id: (0xbad0 + i).toString(16).padStart(16, "0"),
      slug: `hostile-${i}`,
      messagePattern,
    }),
  );
  const hostile = new Matcher(buildMatcherData(HOSTILE));

  it("finishes quickly and does not throw on hostile patterns against hostile lines", () => {
    // `ERROR ` makes each line look like an error, so even the patterns without literal keys run on it.
    const log = [
      "ERROR " + "a".repeat(50_000) + "!",
      "ERROR " + "x".repeat(100_000),
      " ".repeat(20_000),
      "ERROR: a" + " ".repeat(20_000) + "b",
      "RuntimeError: " + "a".repeat(30_000),
    ].join("\n");
    const t0 = performance.now();
    const result = hostile.lookup(log);
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeLessThan(5000); // a hang detector, not a benchmark
    expect(result.lineCount).toBe(5);
    expect(result.matches.map((m) => [m.entry.pattern, m.lines.map((l) => l.line)])).toEqual([["(.+?)(.+?)(.+?)(.+?)(.+?)!", [1]]]);
  });

  it("keeps the real dataset quick on a huge single line", () => {
    const t0 = performance.now();
    const result = lookup("ValueError: " + "must be , got ".repeat(20_000) + KV_LINE);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(found(result).map(([name]) => name)).toContain("kvCacheMaxSeqLen");
  });
  it("does not freeze on four unbounded groups against a 240-character line of separators", () => {
    const m = new Matcher(buildMatcherData([{ ...R.pdDifferentTp, messagePattern: "(.+?) (.+?) (.+?) (.+?)x" }]));
    const t0 = performance.now();
    const result = m.lookup("ERROR " + "a ".repeat(115) + "b");
    const elapsed = performance.now() - t0;
    expect(result.matches).toEqual([]);
    expect(elapsed).toBeLessThan(5000); // a hang detector: a linear-time engine needs well under a millisecond
  });
});

describe("hard-wrapped messages", () => {
  it.each([
    ["[2025-06-01 10:00:00 TP0] ", "a space, then mid-word"],
    ["(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ", "mid-word, a space, mid-word"],
  ])("finds a message wrapped by an 80-column terminal whose breaks fall both mid-word and at a space (prefix %j: %s)", (prefix) => {
    const lines = hardWrap(prefix + KV_LINE, 80);
    expect(lines).toHaveLength(4);
    expect(found(lookup(lines.join("\n")))).toEqual([["kvCacheMaxSeqLen", "full", [1, 2, 3, 4]]]);
  });

  it("finds a wrapped message whose literal key is cut by the wrap", () => {
    const lines = hardWrap(
      "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.",
      80,
    );
    expect(lines[0]!.endsWith("No avail")).toBe(true);
    expect(found(lookup(lines.join("\n")))).toEqual([["noCacheMemory", "full", [1, 2, 3]]]);
  });

  it("finds a long message hard-wrapped over five lines", () => {
    const text =
      "OSError: Can't load tokenizer for 'meta-llama/Llama-3.1-8B'. If you were trying to load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same name. Otherwise, make sure 'meta-llama/Llama-3.1-8B' is the correct path to a directory containing all relevant files for a LlamaTokenizerFast tokenizer.";
    const lines = wordWrap(text, 72);
    expect(lines).toHaveLength(5);
    expect(found(lookup(lines.join("\n")))).toEqual([["tokenizerLoad", "full", [1, 2, 3, 4, 5]]]);
  });

  it("does not let a placeholder swallow another log record between two messages", () => {
    // Line 1 is the older message (a partial match), line 3 the current one; line 2 is another log record.
    const log = [OLDER_KV_LINE, "INFO 06-01 10:00:01 [launcher.py:40] retrying", KV_LINE].join("\n");
    const result = lookup(log);
    expect(found(result)).toEqual([["kvCacheMaxSeqLen", "full", [3]]]);
    expect(result.matches[0]!.lines[0]!.captures).toEqual([
      { group: 1, name: "max_model_len", value: "32768", start: 37, end: 42 },
      { group: 2, name: "estimated_max_len", value: "10000", start: 120, end: 125 },
    ]);
  });

  it("does not let a placeholder swallow a traceback frame line between two messages", () => {
    const log = [OLDER_KV_LINE, `  File "${VL}/v1/engine/core.py", line 691, in run_engine_core`, KV_LINE].join("\n");
    const result = lookup(log);
    expect(found(result)).toEqual([["kvCacheMaxSeqLen", "full", [3]]]);
    expect(result.matches[0]!.lines[0]!.captures).toEqual([
      { group: 1, name: "max_model_len", value: "32768", start: 37, end: 42 },
      { group: 2, name: "estimated_max_len", value: "10000", start: 120, end: 125 },
    ]);
  });

  it("does not join a traceback's header, frame, source line and exception into one generic match", () => {
    const log = traceback(
      [
        frame(
          `${VL}/config/parallel.py`,
          120,
          "__post_init__",
          'assert self.world_size % self.pipeline_parallel_size == 0, "world size must be divisible"',
        ),
      ],
      "AssertionError: world_size=6, got pipeline_parallel_size=4.",
    );
    expect(found(lookup(log))).toEqual([]);
  });

  it("does not join two separate error lines into one generic match", () => {
    const log = [
      "ERROR 06-01 10:00:00 [engine.py:1] tensor_parallel_size must be a power of two",
      "RuntimeError: failed to initialize the engine after 3 retries, got no healthy workers.",
    ].join("\n");
    expect(found(lookup(log))).toEqual([]);
  });
});

describe("multi-line messages and interleaved processes", () => {
  it.each([
    ["an sglang logger header on the first line only", "[2025-06-01 10:00:00 TP0] "],
    ["a vLLM logger header on the first line only", "ERROR 06-01 10:00:00 [registry.py:1] "],
    ["a torchrun rank tag on the first line only", "[rank0]: "],
  ])("finds a two-line message with %s", (_, prefix) => {
    expect(found(lookup(`${prefix}${TRUST_1}\n${TRUST_2}`))).toEqual([["trustRemoteCode", "full", [1, 2]]]);
  });

  it("finds a multi-line message whose every line, blank ones too, carries the process tag", () => {
    const log = prefixLines("(RayWorkerWrapper pid=5085) ", `ValueError: ${CHECKPOINT_P1}\n\n${CHECKPOINT_P2}`);
    expect(found(lookup(log))).toEqual([["checkpointArch", "full", [1, 2, 3]]]);
  });

  it("pairs the lines of a multi-line message by rank when two ranks print it interleaved", () => {
    const log = [`[rank0]: ${TRUST_1}`, `[rank1]: ${TRUST_1}`, `[rank0]: ${TRUST_2}`, `[rank1]: ${TRUST_2}`].join("\n");
    const result = lookup(log);
    const [m] = result.matches;
    expect(result.matches).toHaveLength(1);
    expect(m!.kind).toBe("full");
    expect(m!.occurrences).toBe(2);
    expect(m!.lines.map((l) => l.line).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it("finds a two-line message whose first line was also hard-wrapped (issue tracker, 72 columns)", () => {
    const lines = [...wordWrap(TRUST_1, 72), ...wordWrap(TRUST_2, 72)];
    expect(lines).toHaveLength(5);
    expect(found(lookup(lines.join("\n")))).toEqual([["trustRemoteCode", "full", [1, 2, 3, 4, 5]]]);
  });

  it("finds a two-paragraph message whose paragraphs were also hard-wrapped (100 columns)", () => {
    const lines = [...wordWrap(`ValueError: ${CHECKPOINT_P1}`, 100), "", ...wordWrap(CHECKPOINT_P2, 100)];
    expect(lines).toHaveLength(8);
    expect(found(lookup(lines.join("\n")))).toEqual([["checkpointArch", "full", [1, 2, 3, 4, 5, 6, 7, 8]]]);
  });
});

describe("case-insensitive patterns", () => {
  it("finds a (?i) record after lines holding İ (whose lower case is two characters)", () => {
    const log = "Kullanıcı: İİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİİ\nRuntimeError: CUDA error: an illegal memory access was encountered";
    expect(found(lookup(log))).toEqual([["cudaIllegalAccess", "full", [2]]]);
  });

  it("does not let a case-sensitive record and a (?i) record with the same pattern text share flags", () => {
    const message = "CUDA out of memory. Reduce the batch or the context length";
    const pattern = String.raw`CUDA out of memory\. Reduce the batch or the context length`;
    const exact = {
      ...R.cudaIllegalAccess,
      id: "c000000000000001",
      repo: "sgl-project/sglang",
      slug: "cuda-oom-exact",
      errorMessage: message,
      messagePattern: pattern,
    };
    const folded = {
      ...R.cudaIllegalAccess,
      id: "c000000000000002",
      slug: "cuda-oom-folded",
      errorMessage: message,
      messagePattern: `(?i)${pattern}`,
    };
    const m = new Matcher(buildMatcherData([exact, folded]));
    const ids = (log: string) => m.lookup(log).matches.map((x) => x.entry.id);
    expect(ids(`RuntimeError: ${message}`)).toEqual(["c000000000000001", "c000000000000002"]);
    // Same matcher, next paste: only the (?i) record fits lower case.
    expect(ids(`RuntimeError: ${message.toLowerCase()}`)).toEqual(["c000000000000002"]);
    expect(ids(`RuntimeError: CUDA out of memory. REDUCE THE BATCH OR THE CONTEXT LENGTH`)).toEqual(["c000000000000002"]);
  });
});

describe("known gaps", () => {
  it.each<[string, string, "hard" | "word", number, FixtureName, number[]]>([
    [
      "a one-key record, its key cut at a space (72 columns)",
      "[2025-06-01 10:00:00 TP0] ValueError: LoRA rank 64 is greater than max_lora_rank 16.",
      "word",
      72,
      "loraRank",
      [1, 2],
    ],
    [
      "a (?i) record, its key cut mid-word (60 columns)",
      "[2025-06-01 10:00:00 TP0] RuntimeError: CUDA error: an illegal memory access was encountered",
      "hard",
      60,
      "cudaIllegalAccess",
      [1, 2],
    ],
    [
      "a record whose key straddles the first break (60 columns)",
      "[2025-06-01 10:00:00 TP0] RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {'EngineCore_DP0': 1}",
      "word",
      60,
      "engineCoreInit",
      [1, 2, 3],
    ],
    [
      "a record both of whose keys are cut (80 columns, six lines)",
      "(EngineCore_DP0 pid=738) ERROR 10-25 13:08:43 [core.py:708] OSError: Can't load tokenizer for 'meta-llama/Llama-3.1-8B'. If you were trying to load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same name. Otherwise, make sure 'meta-llama/Llama-3.1-8B' is the correct path to a directory containing all relevant files for a LlamaTokenizerFast tokenizer.",
      "word",
      80,
      "tokenizerLoad",
      [1, 2, 3, 4, 5, 6],
    ],
  ])("finds a wrapped message whose literal keys the wrap cut: %s", (_, text, wrap, width, name, lines) => {
    const wrapped = wrap === "hard" ? hardWrap(text, width) : wordWrap(text, width);
    expect(wrapped).toHaveLength(lines.length);
    expect(found(lookup(wrapped.join("\n")))).toEqual([[name, "full", lines]]);
  });

  it("finds a word-wrapped message whose middle row is short because a long identifier went to the next row", () => {
    const wrapped = wordWrap(
      "[2025-06-01 10:00:00 TP0] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.",
      60,
    );
    expect(wrapped[1]).toBe("for the cache blocks. Try increasing");
    expect(found(lookup(wrapped.join("\n")))).toEqual([["noCacheMemory", "full", [1, 2, 3]]]);
  });
});
