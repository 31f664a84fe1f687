/**
 * The paste-a-log story, end to end through `Matcher.lookup` (and `Lookup.run`
 * for the no-match view), against the fixture dataset in `fixtures/records.ts`.
 * Every case says which records must be found, in which order, as which kind,
 * on which lines — and which must not be found.
 *
 * The messages and logs pasted live in `lib/testing/matcher-stories.ts`;
 * captures and case-insensitive patterns are in `matcher-captures.test.ts`,
 * wrapped and multi-line messages (and their known gaps) in
 * `matcher-wrapped.test.ts`, hostile patterns and lines in `matcher-hostile.test.ts`.
 */
import { describe, expect, it } from "vitest";
import { Lookup } from "./lookup";
import { recordSchema } from "../record/schema";
import { RECORD_CHECKS } from "../dataset/checks";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";
import { NOISE_LINES, SGLANG_SRC as SG, VLLM_SRC as VL, hardWrap, seeded, wordWrap } from "../testing/fixtures/logs";
import {
  CHAINED,
  CHECKPOINT_P1,
  CHECKPOINT_P2,
  KV_LINE,
  LORA,
  NAME,
  NOT_ENOUGH,
  OLDER_KV_LINE,
  PD,
  PD_LINE,
  PD_TRACEBACK,
  TP_DIVISIBLE,
  TRUST_1,
  TRUST_2,
  data,
  found,
  lookup,
  marlinTraceback,
  matchOf,
  type Expected,
} from "../testing/matcher-stories";

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
