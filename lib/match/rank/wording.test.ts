import { describe, expect, it } from "vitest";
import { agreementOf, compareWording, firstSentence, isName, templateTokens, tokens, WordWeights } from "./wording";

/** Weights over a few messages, so a word's rarity is what it would be in a small dataset. */
const weights = new WordWeights([
  ["trtllm", "mla", "backend", "only", "supported", "blackwell", "gpus"],
  ["using", "requires", "accelerate", "pip", "install"],
  ["using", "higgs", "quantization", "requires", "accelerate"],
  ["user", "specified", "max_model_len", "greater", "derived"],
]);
const compare = (record: string, line: string) => compareWording(templateTokens(record), tokens(line), weights);

/** The line contradicts the record by exactly these names, and what they take shows in the agreement. */
function expectConflicts(record: string, line: string, names: { record: string; line: string; negation?: true }[]) {
  const m = compare(record, line);
  expect(m.conflict.names).toEqual(names);
  expect(m.conflict.record > 0).toBe(names.length > 0);
  expect(agreementOf(m) < (2 * m.recordCoverage * m.lineCoverage) / (m.recordCoverage + m.lineCoverage) - 1e-9).toBe(names.length > 0);
}

describe("names that contradict", () => {
  it.each<[story: string, record: string, line: string, names: { record: string; line: string }[]]>([
    [
      "an acronym swapped for another",
      "TRTLLM MLA backend is only supported on Blackwell GPUs.",
      "TRTLLM MHA backend is only supported on Blackwell GPUs.",
      [{ record: "MLA", line: "MHA" }],
    ],
    [
      "a quoted word swapped for identifiers",
      "Using `higgs` quantization requires Accelerate: `pip install accelerate`",
      "Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install accelerate`",
      [{ record: "higgs", line: "low_cpu_mem_usage" }],
    ],
    [
      "a clause reworded: the record's side is more than a name",
      "User-specified max_model_len ({n}) is greater than the derived one. To allow overriding this maximum, set VLLM_ALLOW_LONG_MAX_MODEL_LEN=1.",
      "User-specified max_model_len (65536) is greater than the derived one. Set a smaller max_model_len.",
      [],
    ],
    [
      "a name added, none removed",
      "TRTLLM backend is only supported on Blackwell GPUs.",
      "TRTLLM MHA backend is only supported on Blackwell GPUs.",
      [],
    ],
    [
      "a name the other side uses elsewhere",
      "Blackwell GPUs only: TRTLLM backend is not supported on SM90.",
      "SM90 GPUs only: TRTLLM backend is not supported on Blackwell.",
      [],
    ],
    [
      "a value in a placeholder",
      "The {backend} backend is only supported on Blackwell GPUs.",
      "The MHA backend is only supported on Blackwell GPUs.",
      [],
    ],
  ])("%s", (_story, record, line, names) => expectConflicts(record, line, names));

  it.each([
    ["device_map", true],
    ["SM100", true],
    ["MHA", true],
    ["TRTLLM", true],
    ["CuteDSL", true],
    ["ValueError", false],
    ["backend", false],
    ["Blackwell", false],
    ["`", false],
  ])("%s is a name: %s", (text, expected) => {
    expect(isName(text)).toBe(expected);
  });
});

describe("statements that say the opposite", () => {
  it.each<[story: string, record: string, line: string, names: { record: string; line: string; negation?: true }[]]>([
    [
      "the record's `not` the line lacks, between the same words",
      "Got {request} but LoRA is not enabled!",
      "Got a request but LoRA is enabled!",
      [{ record: "is not enabled", line: "is enabled", negation: true }],
    ],
    [
      "the line's `not` the record lacks",
      "The package seems to be installed.",
      "The package seems to be not installed.",
      [{ record: "be installed", line: "be not installed", negation: true }],
    ],
    [
      "a negation moved, not dropped: `doesn't` against `not`",
      "The package doesn't seem to be installed.",
      "The package seems to be not installed.",
      [],
    ],
    [
      "a negation only in a placeholder's value (one that may hold prose): the record's words alone say it",
      "Got {reason} but LoRA is not enabled!",
      "Got model does not support LoRA but LoRA is enabled!",
      [{ record: "is not enabled", line: "is enabled", negation: true }],
    ],
    ["a `not` among other changed words: a clause reworded, no flip", "LoRA is not enabled here.", "LoRA is surely enabled here.", []],
    ["both sides negative", "LoRA is not enabled.", "LoRA is not enabled.", []],
    [
      "a negation in a sentence only the line has hides no flip",
      "Got {request} but LoRA is not enabled!",
      "Got a request but LoRA is enabled! Do not load it twice.",
      [{ record: "is not enabled", line: "is enabled", negation: true }],
    ],
    [
      "a negation moved, with a typographic apostrophe",
      "The package doesn’t seem to be installed.",
      "The package seems to be not installed.",
      [],
    ],
  ])("%s", (_story, record, line, names) => expectConflicts(record, line, names));
});

describe("first sentences", () => {
  it.each<[text: string, first: string | null]>([
    [
      "Model X does not support LoRA, but LoRA is enabled. Support for this model may be added in the future.",
      "Model X does not support LoRA, but LoRA is enabled.",
    ],
    ["Model X does not support LoRA! Please open an issue.", "Model X does not support LoRA!"],
    ["One sentence only.", null],
    ["Version 2.3.3 or newer is required. ok", null],
    ["Short. Then a long second sentence follows here.", null],
    ["Loaded config.json. Next is from model.safetensors", "Loaded config.json."],
  ])("%s", (text, first) => {
    expect(firstSentence(text)).toBe(first);
  });
});

describe("word keys", () => {
  it("drop a plural or third-person s, and leave identifiers and -ss, -us (status, and so GPUs) and -is words alone", () => {
    expect(tokens("It seems GPUs process the status of this flash_attn weights: 2 args").map((t) => t.key)).toEqual([
      "it",
      "seem",
      "gpus",
      "process",
      "the",
      "status",
      "of",
      "this",
      "flash_attn",
      "weight",
      ":",
      "2",
      "arg",
    ]);
  });

  it("let a reworded record and line share the word: `doesn't seem to be installed` against `seems to be not installed`", () => {
    const m = compare("The package doesn't seem to be installed.", "The package seems to be not installed.");
    expect(m.diff.filter((d) => d.op === "=").map((d) => d.text.trim())).toContain("seems to be");
  });
});

describe("placeholder values", () => {
  /** The line's text each placeholder took, by its name. */
  const values = (record: string, line: string) =>
    Object.fromEntries(
      compare(record, line)
        .diff.filter((d) => d.name !== undefined)
        .map((d) => [d.name, d.text.trim()]),
    );

  it.each<[story: string, record: string, line: string, taken: Record<string, string>]>([
    [
      "a count takes the number, not the reworded verb after it",
      "Tensor parallel size {self.tp_size} is greater than the number of experts {self.num_experts}",
      "Tensor parallel size (16) cannot be larger than the number of available GPUs (8)",
      { "self.tp_size": "(16)", "self.num_experts": "(8)" },
    ],
    [
      "nor does a count: `{max_input_chars} characters` does not explain `7691 in the messages`",
      "you requested {n} tokens (more than {max_input_chars} characters, which is the limit)",
      "you requested 8203 tokens (7691 in the messages, which is the limit)",
      { n: "8203", max_input_chars: "7691" },
    ],
    [
      "a message or an exception may hold prose",
      "Failed to load the model: {e}. Check the path.",
      "Failed to load the model: the file is not a valid checkpoint. Check the path.",
      { e: "the file is not a valid checkpoint" },
    ],
    [
      "a quoted value holds anything up to its closing quote",
      "Unknown backend '{backend}' for this model",
      "Unknown backend 'the one in the config' for this model",
      { backend: "the one in the config" },
    ],
    ["a count may be None", "max_num_seqs ({max_num_seqs}) must be set", "max_num_seqs (None) must be set", { max_num_seqs: "None" }],
    [
      "a name may be a path or a dotted name",
      "Cannot load {model_name} with dtype {dtype} here",
      "Cannot load Qwen/Qwen2-7B-Instruct with dtype torch.float16 here",
      { model_name: "Qwen/Qwen2-7B-Instruct", dtype: "torch.float16" },
    ],
    [
      "…and a type's repr is one name",
      "Expected a tensor, got {input_type} instead",
      "Expected a tensor, got <class 'list'> instead",
      { input_type: "<class 'list'>" },
    ],
  ])("%s", (_story, record, line, taken) => {
    expect(values(record, line)).toEqual(taken);
  });
});

describe("placeholder values without prose", () => {
  it("leave a name's placeholder one run without blanks: `{attn_type}` does not take `sliding window yet.`", () => {
    const m = compare("FlexAttention does not support {attn_type} attention", "FlexAttention does not support sliding window yet.");
    expect(m.diff.find((d) => d.name === "attn_type")?.text.trim()).toMatch(/^\S+$/);
    expect(m.lineCoverage).toBeLessThan(0.75);
  });

  it("leave the clause a release added beside a name unexplained: `{dtype}` does not take `float16 in the V1 engine`", () => {
    const m = compare(
      "Unsupported dtype {dtype} for the selected backend.",
      "Unsupported dtype float16 in the V1 engine for the selected backend.",
    );
    const taken = m.diff.find((d) => d.name === "dtype")?.text ?? "";
    expect(taken).not.toMatch(/\b(?:in|the)\b/);
    expect(
      m.diff
        .filter((d) => d.op === "+")
        .map((d) => d.text)
        .join(""),
    ).toMatch(/\bin the\b/);
  });
});

describe("sentences of a record", () => {
  it("say what the record's best-found sentence explains of the line on its own", () => {
    const m = compare(
      "World size ({world_size}) is larger than the number of available GPUs ({gpu_count}) in this node. If this is intentional, set --nnodes.",
      "Tensor parallel size (16) cannot be larger than the number of available GPUs (8)",
    );
    // The first sentence: most of it found, and all the line explains comes from it.
    expect(m.clause.coverage).toBeGreaterThan(m.recordCoverage);
    expect(m.clause.line).toBeCloseTo(m.lineCoverage, 9);
    // The agreement is the whole record's until the index judges the sentence alone (WordingIndex.find).
    expect(agreementOf(m)).toBeCloseTo((2 * m.recordCoverage * m.lineCoverage) / (m.recordCoverage + m.lineCoverage), 9);
    expect(agreementOf({ ...m, sentenceAgreement: 0.9 })).toBe(0.9);
  });

  it("count a line explained by two sentences once in each, never the whole line in both", () => {
    const m = compare(
      "Model {name} is not supported. Upgrade transformers to load it.",
      "Model foo is not supported. Upgrade transformers.",
    );
    expect(m.clause.line).toBeGreaterThan(0);
    expect(m.clause.line).toBeLessThan(m.lineCoverage);
  });
});
