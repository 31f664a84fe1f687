/**
 * Test support for the matcher stories (lib/match/matcher*.test.ts): a
 * matcher over the fixture dataset in `fixtures/records.ts`, what a lookup
 * found in compact form, and the messages and logs the stories paste, as the
 * programs print them.
 */
import { Matcher, type LookupResult, type MatchKind } from "../match/matcher";
import { buildMatcherData } from "../match/data/matcher-data";
import { FIXTURE_RECORDS, R, type FixtureName } from "./fixtures/records";
import { SGLANG_SRC as SG, VLLM_SRC as VL, frame, traceback } from "./fixtures/logs";

export const data = buildMatcherData(FIXTURE_RECORDS);
const matcher = new Matcher(data);
export const NAME = new Map(Object.entries(R).map(([name, r]) => [r.id, name as FixtureName]));

export type Expected = [record: FixtureName, kind: MatchKind, lines: number[]];

/** What the user sees, compactly: record, kind and matched line numbers, best first. */
export function found(result: LookupResult): Expected[] {
  return result.matches.map((m) => [NAME.get(m.entry.id) ?? m.entry.id, m.kind, m.lines.map((l) => l.line)] as Expected);
}

export function lookup(log: string): LookupResult {
  return matcher.lookup(log);
}

export function matchOf(result: LookupResult, name: FixtureName) {
  const m = result.matches.find((x) => x.entry.id === R[name].id);
  if (!m) throw new Error(`${name} was not found; found ${JSON.stringify(found(result))}`);
  return m;
}

// Messages as the programs print them.
export const PD = "PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.";
export const PD_LINE = `RuntimeError: ${PD}`;
export const KV_LINE =
  "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (10000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.";
/** The same error as an older vLLM printed it: the second sentence was shorter. */
export const OLDER_KV_LINE =
  "ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (10000). Try increasing `gpu_memory_utilization` when initializing the engine.";
export const CHECKPOINT_P1 =
  "The checkpoint you are trying to load has model type `qwen3_next` but Transformers does not recognize this architecture. This could be because of an issue with the checkpoint, or because your version of Transformers is out of date.";
export const CHECKPOINT_P2 =
  "You can update Transformers with the command `pip install --upgrade transformers`. If this does not work, and the checkpoint is very new, then there may not be a release version that supports this model yet. In this case, you can get the most up-to-date code by installing Transformers from source with the command `pip install git+https://github.com/huggingface/transformers.git`";
const MARLIN = "The input size is not aligned with the quantized weight shape. This can be caused by too large tensor parallel size.";
export const NOT_ENOUGH = "RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.";
export const TP_DIVISIBLE = "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3).";
export const LORA = "ValueError: LoRA rank 64 is greater than max_lora_rank 16.";
export const TRUST_1 =
  "ValueError: The repository for Qwen/Qwen-7B contains custom code which must be executed to correctly load the model. You can inspect the repository content at https://hf.co/Qwen/Qwen-7B.";
export const TRUST_2 = "Please pass the argument `trust_remote_code=True` to allow custom code to be run.";

/** The sglang PD-disaggregation crash as the scheduler prints it. */
export const PD_TRACEBACK = `[2025-06-01 10:00:00 TP0] Scheduler hit an exception: ${traceback(
  [
    frame(`${SG}/managers/scheduler.py`, 2620, "run_scheduler_process", "scheduler.event_loop_normal_disagg_prefill()"),
    frame(`${SG}/disaggregation/mooncake/conn.py`, 1344, "maybe_send_extra", "raise RuntimeError("),
  ],
  PD_LINE,
)}

[2025-06-01 10:00:00] Received sigquit from a child process. It usually means the child failed.`;

/** vLLM v1 start-up: the KV-cache error, then the engine's wrapper error raised while handling it. */
export const CHAINED = `${traceback(
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
export const marlinTraceback = (src: string, file: string, line: number) =>
  traceback(
    [
      frame(`${src}/model_executor/model_loader/loader.py`, 300, "load_model", "model = initialize_model(...)"),
      frame(`${src}/${file}`, line, "check_marlin_supports_shape", "raise ValueError("),
    ],
    `ValueError: ${MARLIN}`,
  );
