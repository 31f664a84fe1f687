import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { lineSearchQuery, lineSearchUrl, MAX_PHRASE_CHARS, recordSearchQuery, recordSearchUrl, searchLabel } from "./upstream-search";

const rec = (errorMessage: string, extra: Partial<{ errorClass: string; filePath: string }> = {}) => ({
  repo: "vllm-project/vllm",
  errorClass: extra.errorClass ?? "ValueError",
  filePath: extra.filePath ?? "vllm/config/model.py",
  errorMessage,
});

describe("recordSearchQuery: the message's most distinctive literal run, quoted", () => {
  it.each([
    ["no placeholders", "CUDA out of memory. Tried to allocate more", '"CUDA out of memory. Tried to allocate more"'],
    ["f-string placeholders dropped, longest run kept", "Model {model!r} does not support the {task} task", '"does not support the"'],
    [
      "quotes around a placeholder trimmed",
      "Unknown quantization method '{method}'. Must be one of {methods}.",
      '"Unknown quantization method"',
    ],
    ["printf placeholders", "Expected %d GPUs but found only %s", '"GPUs but found only"'],
    ["a double quote splits the phrase", 'Invalid value "{v}" for option max_model_len here', '"for option max_model_len here"'],
    ["backticks stay inside", "Pass `--trust-remote-code` to load {name}", '"Pass `--trust-remote-code` to load"'],
    ["non-ASCII text kept as is", "模型 {name} 不支持张量并行 with this config", '"不支持张量并行 with this config"'],
    ["a later line wins when it says more", "Error:\n  the tokenizer has no chat template set", '"the tokenizer has no chat template set"'],
    ["literal braces are text", "Expected {{'type': 'json'}} got {x} from the server side", `"Expected {'type': 'json'} got"`],
  ])("%s", (_, message, expected) => {
    expect(recordSearchQuery(rec(message))).toBe(expected);
  });

  it("cuts a very long message at a word boundary, within the phrase limit", () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const q = recordSearchQuery(rec(words));
    expect(q.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS + 2);
    expect(q).toMatch(/^"word0 word1 .* word\d+"$/);
  });

  it("falls back to the class and the file's name when the message is all placeholders", () => {
    expect(recordSearchQuery(rec("{msg}"))).toBe("ValueError model.py");
    expect(recordSearchQuery(rec("{a}: {b!r} ({c})", { errorClass: "KeyError", filePath: "sglang/srt/utils.py" }))).toBe(
      "KeyError utils.py",
    );
    expect(recordSearchQuery(rec("%s"))).toBe("ValueError model.py");
  });

  /** Text without template syntax of its own, around the placeholder. */
  const literal = fc.string().filter((s) => !/[{}%]/.test(s));

  it("never carries a placeholder's expression into the query (fuzz)", () => {
    fc.assert(
      fc.property(literal, literal, (a, b) => {
        const q = recordSearchQuery(rec(`${a}{secret_value}${b}`));
        return !q.includes("secret_value") && !q.includes("{");
      }),
    );
  });
});

describe("recordSearchUrl", () => {
  it("is an issue search in the record's repository, URL-encoded", () => {
    expect(recordSearchUrl(rec("Model {m} does not support the {t} task"))).toBe(
      "https://github.com/vllm-project/vllm/issues?q=is%3Aissue%20%22does%20not%20support%20the%22",
    );
  });

  it("encodes everything a hostile message could use to break out of the query", () => {
    const url = recordSearchUrl(rec("<script>alert(1)</script>&q=x#frag {x} javascript:evil()"));
    const q = new URL(url).searchParams.get("q");
    expect(q).toBe('is:issue "script>alert(1)</script>&q=x#frag"');
    expect(url.slice(url.indexOf("?q=") + 3)).not.toMatch(/[<>"#& ]/);
    expect(new URL(url).hash).toBe("");
  });

  it("names the repository in its label", () => {
    expect(searchLabel("huggingface/transformers")).toBe("Search huggingface/transformers issues for this error");
  });
});

describe("lineSearchQuery: from an exception line as a log printed it", () => {
  it.each([
    [
      "values masked, the longest literal run kept",
      "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 79.15 GiB total capacity)",
      '"CUDA out of memory. Tried to allocate"',
    ],
    [
      "quoted values masked",
      "KeyError: 'model.layers.0.weight' not found in the checkpoint shards",
      '"not found in the checkpoint shards"',
    ],
    ["paths masked", "FileNotFoundError: /data/models/llama/config.json does not exist on this node", '"does not exist on this node"'],
    [
      "hex addresses masked",
      "RuntimeError: illegal memory access at 0x7f3a2b00 while running the CUDA kernel",
      '"while running the CUDA kernel"',
    ],
    ["words with digits kept whole", "ValueError: Glm4ForCausalLM is not supported for now", '"Glm4ForCausalLM is not supported for now"'],
  ])("%s", (_, line, expected) => {
    expect(lineSearchQuery(line)).toBe(expected);
  });

  it("falls back to the class (and the file) when the message is nothing but values", () => {
    expect(lineSearchQuery("KeyError: 'model.embed_tokens'", "vllm/model_executor/models/utils.py")).toBe("KeyError utils.py");
    expect(lineSearchQuery("ray.exceptions.RayTaskError(RuntimeError): 42")).toBe("RayTaskError");
  });

  it("builds the URL in the repository given", () => {
    expect(lineSearchUrl("sgl-project/sglang", "RuntimeError: PD Disaggregation does NOT support this")).toBe(
      "https://github.com/sgl-project/sglang/issues?q=" + encodeURIComponent('is:issue "PD Disaggregation does NOT support this"'),
    );
  });
});
