/**
 * Messages that do not stand on one line of their own, through
 * `Matcher.lookup` against the fixture dataset in `fixtures/records.ts`: hard
 * wrapped by a terminal or an issue tracker (mid-word or at spaces, keys cut
 * by the wrap), multi-line messages with logger headers or process tags, and
 * ranks printing them interleaved — and what must not be joined into one match.
 *
 * The last block, "known gaps", holds cases the matcher once got wrong; each
 * test states the correct behaviour, and they all pass now.
 */
import { describe, expect, it } from "vitest";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";
import type { ErrorRecord } from "../record/schema";
import { buildMatcherData } from "./data/matcher-data";
import { Matcher } from "./matcher";
import { VLLM_SRC as VL, frame, hardWrap, prefixLines, traceback, wordWrap } from "../testing/fixtures/logs";
import { CHECKPOINT_P1, CHECKPOINT_P2, KV_LINE, OLDER_KV_LINE, TRUST_1, TRUST_2, found, lookup } from "../testing/matcher-stories";

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

  // Line 1 is the older message (a partial match), line 3 the current one; line 2 stands between them.
  it.each([
    ["another log record", "INFO 06-01 10:00:01 [launcher.py:40] retrying"],
    ["a traceback frame line", `  File "${VL}/v1/engine/core.py", line 691, in run_engine_core`],
  ])("does not let a placeholder swallow %s between two messages", (_what, between) => {
    const result = lookup([OLDER_KV_LINE, between, KV_LINE].join("\n"));
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

describe("blanks a wrapped match must keep", () => {
  // Without blanks, the pattern's ` or ` after a capture matches the `or` of `for`: the capture then takes the sentence
  // after the file name, and a record of another message would match in full.
  const weights: ErrorRecord = {
    ...R.tokenizerLoad,
    id: "a1c3e5f7000000e1",
    slug: "no-weights-file",
    errorMessage: "{path} does not appear to have a file named {weights} or {safe_weights}.",
    messagePattern: "(.+?) does not appear to have a file named (.+?) or (.+?)\\.",
  };
  const m = new Matcher(buildMatcherData([...FIXTURE_RECORDS, weights]));
  const wrapped = [
    "OSError:",
    "D:\\models\\models--org--model\\snapshots\\1d0c4ebf6ff58a5caecab40fa1406526bca4b5b9\\tex",
    "t_encoder does not appear to have a file named config.json. Checkout",
    "'https://huggingface.co/D:\\models\\models--org--model\\snapshots\\1d0c4ebf6ff58a5caeca",
    "b40fa1406526bca4b5b9\\text_encoder/main' for available files.",
  ];

  it("does not match a pattern whose blank beside a capture the text lacks (` or ` in `for`)", () => {
    const full = m.lookup(wrapped.join("\n")).matches.filter((x) => x.entry.id === weights.id && x.kind === "full");
    expect(full).toEqual([]);
  });

  it("still matches it where the text has the blanks, wrapped at a space", () => {
    const log = ["OSError: D:\\models\\text_encoder does not appear to have a file named", "model.bin or model.safetensors."].join("\n");
    const hit = m.lookup(log).matches.find((x) => x.entry.id === weights.id);
    expect([hit?.kind, hit?.lines.map((l) => l.line)]).toEqual(["full", [1, 2]]);
  });
});
