/**
 * Version drift, one story per kind: a log from another release than the
 * one a record was analysed at, and the exact record, kind and confidence
 * the lookup must answer with. Then the pastes people really make: nested
 * quotes, Python-escaped JSON bodies, full-width punctuation.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { innerMessage } from "../log/json-line";
import { buildMatcherData } from "./data/matcher-data";
import { WordingIndex } from "./find/wording-index";
import type { Confidence, MatchKind } from "./types";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";
import { SGLANG_SRC, VLLM_SRC, frame, traceback } from "../testing/fixtures/logs";
import type { ErrorRecord } from "../record/schema";

/** A record whose message is built from a variable, as vLLM's max_model_len error is (`{msg} To allow overriding …`). */
const BUILT: ErrorRecord = {
  ...R.maxModelLen,
  id: "a1c3e5f7000000b1",
  slug: "max-model-len-built-from-msg",
  errorMessage: "{msg} To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1. {warning}",
  messagePattern: String.raw`(.+?) To allow overriding this maximum, set the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1\. (.+?)`,
  sourceCodeStart: 1640,
  lineNumber: 1652,
  sourceCode: [
    "        if max_model_len > derived_max_model_len:",
    "            msg = (",
    '                f"User-specified max_model_len ({max_model_len}) is greater "',
    '                f"than the derived max_model_len ({max_len_key}="',
    '                f"{derived_max_model_len} or model_max_length="',
    '                f"{model_max_length} in model\'s config.json)."',
    "            )",
    "            warning = (",
    '                "VLLM_ALLOW_LONG_MAX_MODEL_LEN must be used with extreme caution. "',
    '                "If the model uses relative position encoding (RoPE), positions "',
    '                "exceeding derived_max_model_len lead to nan."',
    "            )",
    "            raise ValueError(",
    '                f"{msg} To allow overriding this maximum, set "',
    '                f"the env var VLLM_ALLOW_LONG_MAX_MODEL_LEN=1. {warning}"',
    "            )",
  ].join("\n"),
  sourceCodeEnd: 1655,
};

// Without maxModelLen, whose whole message is the first sentence of BUILT's.
const records = [...FIXTURE_RECORDS.filter((r) => r.id !== R.maxModelLen.id), BUILT];
const matcher = new Matcher(buildMatcherData(records));
const NAME = new Map<string, string>([
  ...Object.entries(R).map(([name, r]) => [r.id, name] as [string, string]),
  [BUILT.id, "builtFromMsg"],
]);

/** The first answer: record, kind, confidence. */
function first(log: string): [string | undefined, MatchKind | undefined, Confidence | undefined] {
  const m = matcher.lookup(log).matches[0];
  return [m && NAME.get(m.entry.id), m?.kind, m?.confidence];
}

const MARLIN_SG = `${SGLANG_SRC}/layers/quantization/marlin_utils.py`;

describe("version drift", () => {
  it.each<[story: string, log: string, expected: [FixtureName | "builtFromMsg", MatchKind, Confidence]]>([
    [
      "a word changed (stored → kept), the rest as written",
      "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be kept in KV cache (10000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
      ["kvCacheMaxSeqLen", "similar", "medium"],
    ],
    [
      "a clause added (a newer release names the device), in sglang's log",
      "[2025-06-01 10:00:00 TP0] ValueError: The input size is not aligned with the quantized weight shape on device cuda:0. This can be caused by too large tensor parallel size.",
      ["marlinSglang", "similar", "medium"],
    ],
    [
      "a clause removed: the first sentence still matches as a partial pattern",
      "ValueError: No available memory for the cache blocks. Please check your configuration.",
      ["noCacheMemory", "partial", "medium"],
    ],
    [
      "a message built from a variable, from an older release that worded the rest differently",
      "ValueError: User-specified max_model_len (65536) is greater than the derived max_model_len (max_position_embeddings=32768 or model_max_length=None in model's config.json). Set a smaller max_model_len.",
      ["builtFromMsg", "similar", "medium"],
    ],
    [
      "the message rewritten, the last frame still at the record's raise statement",
      traceback(
        [
          frame(`${SGLANG_SRC}/model_executor/model_runner.py`, 300, "load_model", "self.model = get_model()"),
          frame(MARLIN_SG, 164, "check_marlin_supports_shape", "raise ValueError("),
        ],
        "ValueError: weight shape (4096, 128) cannot be tiled for Marlin with tp_size=8",
      ),
      ["marlinSglang", "raise-site", "medium"],
    ],
    [
      "the message reworded, and the traceback at the record's raise site: wording and site agree",
      traceback(
        [frame(MARLIN_SG, 164, "check_marlin_supports_shape", "raise ValueError(")],
        "ValueError: The input size isn't aligned with the quantized weight's shape. Too large a tensor parallel size can cause this.",
      ),
      ["marlinSglang", "similar", "high"],
    ],
    [
      "a message wrapped over lines by the terminal is compared as one block",
      [
        "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens",
        "that can be kept in KV cache (10000). Try increasing `gpu_memory_utilization` or",
        "decreasing `max_model_len` when initializing the engine.",
      ].join("\n"),
      ["kvCacheMaxSeqLen", "similar", "medium"],
    ],
  ])("%s", (_story, log, expected) => {
    expect(first(log)).toEqual(expected);
  });

  it("orders two repositories' same message by the repository the log comes from", () => {
    const line =
      "ValueError: The input size is not aligned with the quantized weight shape. This can be caused by too large tensor parallel size.";
    expect(first(`INFO 06-30 13:53:10 [core.py:515] starting\nERROR 06-30 13:53:11 [core.py:520] ${line}`)[0]).toBe("marlinVllm");
    expect(first(`$ python -m sglang.launch_server --model x\n${line}`)[0]).toBe("marlinSglang");
    const m = matcher.lookup(`$ python -m sglang.launch_server --model x\n${line}`).matches[0]!;
    expect(m.reasons).toContain("the log comes from sgl-project/sglang: started with `python -m sglang.launch_server`");
  });

  it("never answers from a few common words: sharing `must be … got` is no similar match", () => {
    const result = matcher.lookup("ValueError: tensor_parallel_size must be a divisor of the number of GPUs, got 3.");
    expect(result.matches.map((m) => [NAME.get(m.entry.id), m.kind, m.confidence])).toEqual([["genericMustBe", "full", "low"]]);
  });

  it("carries a word diff against the record's message on a similar match", () => {
    const m = matcher.lookup(
      "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be kept in KV cache (10000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    ).matches[0]!;
    expect(m.diff!.filter((d) => d.op !== "=")).toEqual([
      { op: "-", text: " stored" },
      { op: "+", text: " kept" },
    ]);
    expect(m.diff!.filter((d) => d.name).map((d) => [d.name, d.text])).toEqual([
      ["max_model_len", "32768"],
      ["estimated_max_len", "10000"],
    ]);
    expect(m.coverage!.record).toBeGreaterThan(0.9);
  });

  it("does not answer a line a pattern fully matched by wording too, nor read a traceback header as a message", () => {
    const twin = {
      ...R.loraRank,
      id: "a1c3e5f7000000b2",
      slug: "lora-alpha-greater",
      errorMessage: "LoRA alpha {lora_alpha} is greater than max_lora_rank {max_lora_rank}.",
      messagePattern: String.raw`LoRA alpha (.+?) is greater than max_lora_rank (.+?)\.`,
    };
    const m = new Matcher(buildMatcherData([R.loraRank, twin]));
    for (const log of [
      "Traceback (most recent call last):\nValueError: LoRA rank 64 is greater than max_lora_rank 16.",
      "ERROR worker died\nLoRA rank 64 is greater than max_lora_rank 16.",
    ]) {
      expect(m.lookup(log).matches.map((x) => [x.entry.id, x.kind])).toEqual([[R.loraRank.id, "full"]]);
    }
  });

  it("answers nothing for a log of errors the dataset does not hold", () => {
    const log = traceback(
      [frame(`${VLLM_SRC}/distributed/parallel_state.py`, 1012, "init", "torch.distributed.barrier()")],
      "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error",
    );
    expect(matcher.lookup(log).matches).toEqual([]);
  });
});

/** Records of one file, for a message rewritten with its raise line (only the file and the class still say which). */
const CONFIG_PY = "vllm/transformers_utils/config.py";
const configRecord = (id: string, slug: string, errorMessage: string, messagePattern: string): ErrorRecord => ({
  ...R.noCacheMemory,
  id,
  slug,
  filePath: CONFIG_PY,
  errorMessage,
  messagePattern,
});
const CONFIG_FORMAT = configRecord(
  "a1c3e5f7000000c1",
  "config-format-not-detected",
  "Could not detect config format for no config file found. With config_format 'auto', ensure your model has either config.json (HF format) or params.json (Mistral format).",
  String.raw`Could not detect config format for no config file found\. With config_format 'auto', ensure your model has either config\.json \(HF format\) or params\.json \(Mistral format\)\.`,
);
const CONFIG_PARSER = configRecord(
  "a1c3e5f7000000c2",
  "config-parser-subclass",
  "The config parser must be a subclass of `ConfigParserBase`.",
  String.raw`The config parser must be a subclass of \`ConfigParserBase\`\.`,
);
/** Two sglang backends' checks: the same sentence but for the backend's name (MLA, MHA). */
const sglangRecord = (id: string, slug: string, errorMessage: string): ErrorRecord => ({
  ...R.marlinSglang,
  id,
  slug,
  errorMessage,
  messagePattern: errorMessage.replace(/[.()/]/g, "\\$&"),
});
const MLA = sglangRecord(
  "a1c3e5f7000000d1",
  "trtllm-mla-blackwell",
  "TRTLLM MLA backend is only supported on Blackwell GPUs (SM100/SM12x). Please use a different backend.",
);
const MHA_DECODE = sglangRecord(
  "a1c3e5f7000000d2",
  "trtllm-mha-decode",
  "TRTLLM MHA backend for decode is only supported on Hopper (SM90), Blackwell (SM100) and (SM120) GPUs. Please use a different decode backend.",
);

/** vLLM's device check, whose message a later release continued with advice. */
const INFER_DEVICE: ErrorRecord = {
  ...R.noCacheMemory,
  id: "a1c3e5f7000000f1",
  slug: "infer-device-type",
  filePath: "vllm/config/device.py",
  errorClass: "RuntimeError",
  errorMessage:
    "Failed to infer device type, please set the environment variable `VLLM_LOGGING_LEVEL=DEBUG` to turn on verbose logging to help debug the issue.",
  messagePattern: String.raw`Failed to infer device type, please set the environment variable \`VLLM_LOGGING_LEVEL=DEBUG\` to turn on verbose logging to help debug the issue\.`,
};

/** transformers' accelerate checks: one rewritten around `device_map`, one for a quantization method. */
const accelerateRecord = (id: string, slug: string, errorClass: string, errorMessage: string): ErrorRecord => ({
  ...R.noCacheMemory,
  id,
  slug,
  repo: "huggingface/transformers",
  filePath: "src/transformers/integrations/accelerate.py",
  errorClass,
  errorMessage,
  messagePattern: errorMessage.replace(/[.()`]/g, "\\$&"),
});
const DEVICE_MAP = accelerateRecord(
  "a1c3e5f7000000e1",
  "device-map-requires-accelerate",
  "ValueError",
  "Using a `device_map`, `tp_plan`, `torch.device` context manager or setting `torch.set_default_device(device)` requires `accelerate`. You can install it with `pip install accelerate`",
);
const HIGGS = accelerateRecord(
  "a1c3e5f7000000e2",
  "higgs-requires-accelerate",
  "ImportError",
  "Using `higgs` quantization requires Accelerate: `pip install accelerate`",
);

describe("the traceback's file, and names that contradict", () => {
  const m = new Matcher(
    buildMatcherData([...FIXTURE_RECORDS, CONFIG_FORMAT, CONFIG_PARSER, MLA, MHA_DECODE, DEVICE_MAP, HIGGS, INFER_DEVICE]),
  );
  const answers = (log: string) => m.lookup(log).matches.map((x) => [x.entry.slug, x.kind, x.confidence]);
  // Pasted from the last frame on: the header was cut off.
  const rewritten = (cls: string, message: string) =>
    [
      frame(
        `${VLLM_SRC}/transformers_utils/config.py`,
        201,
        "get_config",
        'raise ValueError(f"No supported config format found in {model}")',
      ),
      `${cls}: ${message}`,
    ].join("\n");

  it("answers a message rewritten with its raise line by the record of the same file and class whose wording is clearly closest, with low confidence", () => {
    const log = rewritten("ValueError", "No supported config format found in org/some-model");
    expect(answers(log)).toEqual([["config-format-not-detected", "similar", "low"]]);
    expect(m.lookup(log).matches[0]!.reasons).toContain(
      "a frame is in the record's file: vllm/transformers_utils/config.py, line 201, in get_config",
    );
  });

  it("answers nothing from the file alone: another class, or no shared wording", () => {
    expect(answers(rewritten("RuntimeError", "No supported config format found in org/some-model"))).toEqual([]);
    expect(answers(rewritten("ValueError", "Repository not reachable: org/some-model"))).toEqual([]);
  });

  it("answers a message rewritten around the same rare name, and a record contradicting the line's names is no stronger", () => {
    const line = "Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install accelerate`";
    const byName = [
      ["device-map-requires-accelerate", "similar", "low"],
      ["higgs-requires-accelerate", "similar", "low"],
    ];
    expect(answers(`ValueError: ${line}`)).toEqual(byName);
    expect(answers(`ImportError: ${line}`)).toEqual(byName);
    // The wording index puts it first too, so a limit never cuts it for a record the line contradicts.
    const data = buildMatcherData([...FIXTURE_RECORDS, DEVICE_MAP, HIGGS]);
    const index = new WordingIndex(data.entries);
    expect(index.find(line, { limit: 1, minSharedRareWords: 4.8 }).map((c) => data.entries[c.entry]!.id)).toEqual([DEVICE_MAP.id]);
    // In a traceback the class is evidence too, but a contradicted name weighs more: HIGGS raises ImportError as the
    // line does, and names `higgs` where the line names `device_map` (the accelerate check moved and changed class).
    const raised = traceback([frame(`${VLLM_SRC}/model_loader/loader.py`, 84, "load", "load_model()")], `ImportError: ${line}`);
    expect(answers(raised)).toEqual(byName);
    expect(m.lookup(raised).matches[1]!.reasons).toContain("raised as ImportError, the record's class");
  });

  it("answers a message the record continues: the line is how the record's message begins", () => {
    const log = rewritten("RuntimeError", "Failed to infer device type");
    expect(answers(log)).toEqual([["infer-device-type", "similar", "low"]]);
    expect(m.lookup(log).matches[0]!.diff!.map((d) => d.op)).toEqual(["=", "-"]);
    // Words in another order, or a line the record does not open with, are no prefix.
    expect(answers(rewritten("RuntimeError", "Device type: failed to infer"))).toEqual([]);
    expect(answers(rewritten("RuntimeError", "Unable to infer device type"))).toEqual([]);
  });

  it("lets a module constant (`{CUDA_GRAPH_CAPTURE_FAILED_MSG}`) stand for text of any length, and an empty value go unmatched by the pattern", () => {
    const capture = (name: string): ErrorRecord => ({
      ...R.marlinSglang,
      id: "a1c3e5f7000000f2",
      slug: "capture-cuda-graph-failed",
      errorClass: "Exception",
      errorMessage: `Capture cuda graph failed: {e}\n{${name}}`,
      messagePattern: String.raw`Capture cuda graph failed: (.+?)\n(.+?)`,
    });
    // str(e) was empty: the pattern's `(.+?)` cannot match, the wording does.
    const log = traceback(
      [frame(`${SGLANG_SRC}/model_executor/cuda_graph_runner.py`, 393, "__init__", "raise Exception(")],
      [
        "Exception: Capture cuda graph failed: ",
        "Possible solutions:",
        "1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)",
        "2. set --cuda-graph-max-bs to a smaller value (e.g., 16)",
        "3. disable torch compile by not using --enable-torch-compile",
      ].join("\n"),
    );
    const lookup = (r: ErrorRecord) => new Matcher(buildMatcherData([...FIXTURE_RECORDS, r])).lookup(log).matches;
    expect(lookup(capture("CUDA_GRAPH_CAPTURE_FAILED_MSG")).map((x) => [x.entry.slug, x.kind, x.confidence])).toEqual([
      ["capture-cuda-graph-failed", "similar", "medium"],
    ]);
    // A variable's value is short: it explains a few words, not the whole advice.
    expect(lookup(capture("details"))).toEqual([]);
    // The index offers a record whose every word the line holds, however long the line (here it weighs far more).
    const data = buildMatcherData([...FIXTURE_RECORDS, capture("CUDA_GRAPH_CAPTURE_FAILED_MSG")]);
    const message = log.slice(log.indexOf("Capture cuda")).split("\n").join(" ");
    expect(new WordingIndex(data.entries).find(message).map((c) => data.entries[c.entry]!.slug)).toEqual(["capture-cuda-graph-failed"]);
  });

  it("answers a message whose opening words a later release kept word for word, and never from a shared link", () => {
    const offload: ErrorRecord = {
      ...DEVICE_MAP,
      id: "a1c3e5f7000000f3",
      slug: "offload-folder",
      errorMessage:
        "The current `device_map` had weights offloaded to the disk, which needed to be re-saved. This is either because the weights are not in `safetensors` format, or because the model uses an internal weight format different than the one saved. Please provide an `offload_folder` for them in `from_pretrained`.",
      messagePattern: "The current `device_map` had weights offloaded to the disk, which needed to be re-saved\\..*",
    };
    const docs: ErrorRecord = {
      ...DEVICE_MAP,
      id: "a1c3e5f7000000f4",
      slug: "chat-template-docs",
      errorMessage:
        "Cannot use chat template functions without a template: see https://huggingface.co/docs/transformers/main/en/chat_templating",
      messagePattern: "Cannot use chat template functions without a template: see (.+?)",
    };
    const lm = new Matcher(buildMatcherData([...FIXTURE_RECORDS, offload, docs]));
    const ask = (log: string) => lm.lookup(log).matches.map((x) => [x.entry.slug, x.kind, x.confidence]);
    expect(
      ask(
        "ValueError: The current `device_map` had weights offloaded to the disk. Please provide an `offload_folder` for them. Alternatively, make sure you have `safetensors` installed if the model you are using offers the weights in this format.",
      ),
    ).toEqual([["offload-folder", "similar", "low"]]);
    expect(
      ask("ValueError: Quantization config is missing: read https://huggingface.co/docs/transformers/main/en/quantization first"),
    ).toEqual([]);
  });

  it("shares no name through an acronym: a one-record dataset's `PD` line is not its record's error", () => {
    const pd: ErrorRecord = {
      ...R.marlinSglang,
      id: "a1c3e5f7000000f5",
      slug: "pd-different-tp",
      errorMessage: "PD Disaggregation does NOT support PD different TP sizes for non-MLA {st.upper()} hybrid models yet.",
      messagePattern: String.raw`PD Disaggregation does NOT support PD different TP sizes for non-MLA (.+?) hybrid models yet\.`,
    };
    const one = new Matcher(buildMatcherData([pd]));
    expect(one.lookup("ERROR 10-25 13:08:43 [core.py:708] PD Disaggregation transfer failed for hybrid models").matches).toEqual([]);
  });

  it("reads the message of an API error body, lets a quoted value run to its quote, and a paste's last word be cut short", () => {
    const lora: ErrorRecord = {
      ...R.marlinSglang,
      id: "a1c3e5f7000000f6",
      slug: "lora-not-enabled",
      errorMessage:
        "LoRA adapter '{first_adapter}' was requested, but LoRA is not enabled. Please launch the server with --enable-lora flag and preload adapters using --lora-paths or /load_lora_adapter endpoint.",
      messagePattern: String.raw`LoRA adapter '(.+?)' was requested, but LoRA is not enabled\. Please launch the server with --enable-lora flag and preload adapters using --lora-paths or /load_lora_adapter endpoint\.`,
    };
    const command: ErrorRecord = {
      ...R.marlinSglang,
      id: "a1c3e5f7000000f7",
      slug: "command-failed",
      errorMessage: "Command `{' '.join(command)}` failed with the following error:\n\n{e.output.decode()}",
      messagePattern: "Command `(.+?)` failed with the following error:\\n\\n(.+?)",
    };
    const lm = new Matcher(buildMatcherData([...FIXTURE_RECORDS, lora, command]));
    const ask = (log: string) => lm.lookup(log).matches.map((x) => [x.entry.slug, x.kind, x.confidence]);
    const path = "/home/user/.cache/finetune/8a87e184fc432f3a_z0p29t_-mnt-data-models-Qwen-Qwen3-0___6B_2026-04-07_08-50-43";
    expect(ask(`BadRequestError: Error code: 400 - {'object': 'error', 'message': "LoRA adapter '${path}' was reque`)).toEqual([
      ["lora-not-enabled", "similar", "low"],
    ]);
    expect(innerMessage(`Error code: 400 - {'object': 'error', 'message': "LoRA adapter 'x' was requested", 'code': 400}`)).toBe(
      "LoRA adapter 'x' was requested",
    );
    // A quoted value stops at its quote: a line with no closing backtick is not explained by the placeholder.
    expect(
      ask(
        "subprocess.CalledProcessError: Command '['cmake', '--build', '.', '-j=1', '--target=_moe_C', '--target=_C']' returned non-zero exit status 1. error: subprocess-exited-with-error",
      ),
    ).toEqual([]);
  });

  it("answers a message a release continued with sentences the record lacks, by its first sentence, and not a record saying the opposite", () => {
    const lora = (id: string, slug: string, errorMessage: string, messagePattern: string): ErrorRecord => ({
      ...R.noCacheMemory,
      id,
      slug,
      filePath: "vllm/v1/worker/lora_model_runner_mixin.py",
      errorMessage,
      messagePattern,
    });
    const UNSUPPORTED = lora(
      "a1c3e5f7000000f3",
      "lora-unsupported",
      "{model} does not support LoRA yet.",
      String.raw`(.+?) does not support LoRA yet\.`,
    );
    const NOT_ENABLED = lora(
      "a1c3e5f7000000f4",
      "lora-not-enabled",
      "Got {lora_request} but LoRA is not enabled!",
      String.raw`Got (.+?) but LoRA is not enabled!`,
    );
    const loraMatcher = new Matcher(buildMatcherData([...FIXTURE_RECORDS, UNSUPPORTED, NOT_ENABLED]));
    const answers = (log: string) => loraMatcher.lookup(log).matches.map((x) => [x.entry.slug, x.kind, x.confidence]);
    const message = "Model GemmaForCausalLM does not support LoRA, but LoRA is enabled.";
    const log = `ValueError: ${message} Support for this model may be added in the future. If this is important to you, please open an issue on github.`;
    const found = answers(log);
    expect(found[0]).toEqual(["lora-unsupported", "similar", "low"]);
    expect(found.slice(1)).not.toContainEqual(["lora-unsupported", "similar", "low"]);
    // Reported against the whole line: the added sentences are in the diff, as the log's alone.
    const diff = loraMatcher.lookup(log).matches[0]!.diff!;
    expect(diff[diff.length - 1]).toEqual({
      op: "+",
      text: " Support for this model may be added in the future. If this is important to you, please open an issue on github.",
    });
    // The first sentence alone is the same answer; a line with no sentence the record is like, none.
    expect(answers(`ValueError: ${message}`)[0]).toEqual(["lora-unsupported", "similar", "low"]);
    expect(answers("ValueError: Adapters are loading. Support for this model may be added in the future.")).toEqual([]);
    // Saying the opposite of a record is said in its reasons.
    const opposite = loraMatcher.lookup("ValueError: Got LoRARequest(lora_name='a') but LoRA is enabled!").matches;
    expect(opposite[0]?.reasons).toContain('the line says "is enabled" where the record says "is not enabled": maybe the opposite error');
    expect(opposite[0]?.confidence).toBe("low");
  });

  it("answers a record whose whole message the line holds, with a clause more (an older check covered two things)", () => {
    // A transformers check like the accelerate ones, in the GPTQ quantizer.
    const OPTIMUM: ErrorRecord = {
      ...accelerateRecord(
        "a1c3e5f7000000f5",
        "gptq-requires-optimum",
        "ImportError",
        "Loading a GPTQ quantized model requires optimum (`pip install optimum`)",
      ),
      filePath: "src/transformers/quantizers/quantizer_gptq.py",
    };
    const gptqMatcher = new Matcher(buildMatcherData([...FIXTURE_RECORDS, OPTIMUM]));
    const answers = (log: string) => gptqMatcher.lookup(log).matches.map((x) => [x.entry.slug, x.kind, x.confidence]);
    const old =
      "Loading GPTQ quantized model requires optimum library : `pip install optimum` and auto-gptq library 'pip install auto-gptq'";
    expect(answers(`ImportError: ${old}`)).toEqual([["gptq-requires-optimum", "similar", "low"]]);
    // In the index, found as a whole record even where no one sentence would be rich enough (a dataset where its words are common).
    const data = buildMatcherData([...FIXTURE_RECORDS, OPTIMUM]);
    const whole = (line: string) =>
      new WordingIndex(data.entries).find(line, { minSharedRareWords: 100 }).map((c) => data.entries[c.entry]!.slug);
    expect(whole(old)).toEqual(["gptq-requires-optimum"]);
    expect(whole(`${old}, and the tokenizer, the processor, the feature extractor and the image preprocessing all failed`)).toEqual([]);
    // The record's words among much more the record does not explain: no answer.
    expect(
      answers(
        "ImportError: Loading GPTQ quantized model requires optimum library : `pip install optimum`, and the tokenizer, the processor, the feature extractor, the image preprocessing, the audio pipeline and its resampling all failed with auto-gptq library 'pip install auto-gptq'",
      ),
    ).toEqual([]);
  });

  it("never calls overlap strong when the line names another thing where the record names its subject", () => {
    const log = "ValueError: TRTLLM MHA backend is only supported on Blackwell GPUs (SM100). Please use a different backend.";
    // The record that says MHA, though it words the rest differently, comes before the one that says MLA.
    expect(answers(log)).toEqual([
      ["trtllm-mha-decode", "similar", "low"],
      ["trtllm-mla-blackwell", "similar", "low"],
    ]);
    const mla = m.lookup(log).matches.find((x) => x.entry.id === MLA.id)!;
    expect([mla.kind, mla.confidence]).toEqual(["similar", "low"]);
    expect(mla.reasons).toContain("the line names MHA where the record names MLA: maybe another error");
    // The same line naming MLA: no conflict, strong overlap.
    const same = m.lookup(log.replace("MHA", "MLA")).matches[0]!;
    expect([same.entry.id, same.kind, same.confidence]).toEqual([MLA.id, "similar", "medium"]);
  });
});

describe("messier pastes", () => {
  it.each<[story: string, log: string, record: FixtureName, captures: string[][]]>([
    [
      "nested quote prefixes",
      "> > > > > ValueError: LoRA rank 64 is greater than max_lora_rank 16.",
      "loraRank",
      [
        ["lora_rank", "64"],
        ["max_lora_rank", "16"],
      ],
    ],
    [
      "an API body with Python's \\' escape (not JSON's)",
      `{"object":"error","message":"The model\\'s max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (10000). Try increasing \`gpu_memory_utilization\` or decreasing \`max_model_len\` when initializing the engine.","type":"BadRequestError","code":400}`,
      "kvCacheMaxSeqLen",
      [
        ["max_model_len", "32768"],
        ["estimated_max_len", "10000"],
      ],
    ],
    [
      "full-width punctuation next to the message",
      "报错：ValueError：LoRA rank 64 is greater than max_lora_rank 16。",
      "loraRank",
      [
        ["lora_rank", "64"],
        ["max_lora_rank", "16"],
      ],
    ],
  ])("%s", (_story, log, record, captures) => {
    const m = matcher.lookup(log).matches[0]!;
    expect([NAME.get(m.entry.id), m.kind, m.confidence]).toEqual([record, "full", "high"]);
    expect(m.lines.flatMap((l) => l.captures).map((c) => [c.name, c.value])).toEqual(captures);
  });

  it("a paste lowercased whole (an issue title) is compared by wording", () => {
    const log =
      "valueerror: the model's max seq len (32768) is larger than the maximum number of tokens that can be stored in kv cache (10000). try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
    const m = matcher.lookup(log).matches[0]!;
    expect([NAME.get(m.entry.id), m.kind, m.confidence]).toEqual(["kvCacheMaxSeqLen", "similar", "medium"]);
  });

  it("a list the log wrapped inside its brackets", () => {
    const log = [
      "ValueError: Model architectures ['Glm4ForCausalLM', 'Glm4vForConditionalGeneration',",
      " 'Glm4MoeForCausalLM'] are not supported for now. Supported architectures: dict_keys(['LlamaForCausalLM'])",
    ].join("\n");
    const m = matcher.lookup(log).matches[0]!;
    expect([NAME.get(m.entry.id), m.kind]).toEqual(["archNotSupported", "full"]);
    expect(m.lines.map((l) => l.line)).toEqual([1, 2]);
  });
});
