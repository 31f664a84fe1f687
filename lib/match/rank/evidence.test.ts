import { describe, expect, it } from "vitest";
import { packageOf, packagePath, repoEvidence, SiteIndex, siteParts } from "./evidence";
import { buildMatcherData } from "../data/matcher-data";
import { FIXTURE_RECORDS } from "../../testing/fixtures/records";
import { ALL_RECORDS } from "../../../e2e/hostile/dataset";

const REPOS = ["vllm-project/vllm", "sgl-project/sglang", "huggingface/transformers"];
const why = (log: string) => Object.fromEntries([...repoEvidence(log, REPOS)].map(([repo, ev]) => [repo, ev.why]));

describe("which repository the whole log comes from", () => {
  it.each<[story: string, log: string, expected: Record<string, string[]>]>([
    [
      "vLLM's log format",
      "(EngineCore_0 pid=12) ERROR 06-30 13:53:19 [core.py:515] EngineCore failed to start.",
      { "vllm-project/vllm": ["vLLM's log format (INFO 06-30 13:53:10 [core.py:515])"] },
    ],
    [
      "vLLM's older log format, in a markdown code span",
      "`(RayWorkerVllm pid=1842765) ERROR 04-24 09:33:04 ray_utils.py:44] RuntimeError: Cannot find any model weights`",
      { "vllm-project/vllm": ["vLLM's older log format (ERROR 04-24 09:33:04 ray_utils.py:44])"] },
    ],
    [
      "vLLM's pydantic config validation",
      "pydantic_core._pydantic_core.ValidationError: 1 validation error for ModelConfig\n  Value error, Model architectures ['Qwen2ForCausalLM'] failed to be inspected.",
      { "vllm-project/vllm": ["vLLM's config validation (1 validation error for ModelConfig)"] },
    ],
    [
      "another project's pydantic config is no such evidence",
      "pydantic_core._pydantic_core.ValidationError: 2 validation errors for Config",
      {},
    ],
    [
      "a version pinned as pip writes it",
      "when using it with `vllm==0.4.0, torch==2.1.2` and transformers >= 4.45",
      { "vllm-project/vllm": ["the log names the vllm package"], "huggingface/transformers": ["the log names the transformers package"] },
    ],
    [
      "a comparison in code is no pin of a package (the word vllm is a mention)",
      "    if vllm == 1 and transformers >= 2:",
      { "vllm-project/vllm": ["the log mentions vllm"] },
    ],
    ["an issue's title names the project", "sglang\n\nValueError: x", { "sgl-project/sglang": ["the log mentions sglang"] }],
    [
      "a sentence ends with the name",
      "It fails when served with sglang.\nValueError: x",
      { "sgl-project/sglang": ["the log mentions sglang"] },
    ],
    [
      "prose names it in its usual spelling",
      "I'm using vLLM 0.6.2 and SGLang",
      {
        "vllm-project/vllm": ["the log mentions vllm"],
        "sgl-project/sglang": ["the log mentions sglang"],
      },
    ],
    ["part of another name or a path is no mention", "my_vllm_fork vllm-ascend /opt/sglang/x sglang.srt vllm_config", {}],
    ["transformers is never a mention: messages say `the Transformers library`", "not a registered model in the Transformers library", {}],
    [
      "a pin read back from its operator, however long the text before it",
      `${"x".repeat(100)} vllm==0.4.0 ${"aa==1 ".repeat(50)}`,
      { "vllm-project/vllm": ["the log names the vllm package"] },
    ],
    [
      "sglang's log format and how it was started",
      "python -m sglang.launch_server --model x\n[2025-06-01 10:00:00 TP3] Scheduler hit an exception",
      { "sgl-project/sglang": ["started with `python -m sglang.launch_server`", "sglang's log format ([2025-06-01 10:00:00 TP0])"] },
    ],
  ])("%s", (_story, log, expected) => {
    expect(why(log)).toEqual(expected);
  });
});

describe("the site index's parts", () => {
  it("are the same from each entry's package-relative file as from the entries", () => {
    for (const records of [FIXTURE_RECORDS, ALL_RECORDS]) {
      const entries = buildMatcherData(records).entries;
      const files = entries.map((e) => packagePath(e.filePath, packageOf(e.repo)) ?? "");
      expect(siteParts(files)).toEqual(new SiteIndex(entries).parts());
    }
  });
});
