/**
 * Drift rules that weigh evidence beyond the wording, one table row each with the exact record, kind and
 * confidence expected: a generic full match does not stop a line being compared by wording, a pretty-printed
 * error body's `message` is an error line, a similar record from another project's copy of a check is low when the
 * traceback shows which project raised it, a retried traceback is one error, and a line the record explains whole
 * apart from a clause another release added is strong overlap (for the class the line names).
 */
import { describe, expect, it, vi } from "vitest";
import { Matcher } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import type { Confidence, MatchKind } from "./types";
import { R, fixtureRecord } from "../testing/fixtures/records";
import { frame, traceback } from "../testing/fixtures/logs";
import { raisedString } from "./find/drift-queries";

const HF = "/usr/lib/python3.10/site-packages/transformers";

const D = {
  /** vLLM's top_k check today (0 disables); older releases printed -1. */
  topK: fixtureRecord({
    id: "d1f7e00000000001",
    repo: "vllm-project/vllm",
    slug: "top-k-must-be-0-or-at-least-1",
    errorClass: "ValueError",
    errorMessage: "top_k must be 0 (disable), or at least 1, got {self.top_k}.",
    messagePattern: String.raw`top_k must be 0 \(disable\), or at least 1, got (.+?)\.`,
    filePath: "vllm/sampling_params.py",
    lineNumber: 525,
  }),
  /** An sglang copy of a transformers config check, one word doubled. */
  ropeSglang: fixtureRecord({
    id: "d1f7e00000000002",
    repo: "sgl-project/sglang",
    slug: "rope-scaling-two-fields-internvl",
    errorClass: "ValueError",
    errorMessage: "`rope_scaling` must be a dictionary with with two fields, `type` and `factor`, got {self.rope_scaling}",
    messagePattern: String.raw`` + "`rope_scaling` must be a dictionary with with two fields, `type` and `factor`, got (.+?)",
    filePath: "python/sglang/srt/configs/internvl.py",
    lineNumber: 210,
  }),
  /** Python's own words for a missing module attribute. */
  moduleAttr: fixtureRecord({
    id: "d1f7e00000000003",
    repo: "sgl-project/sglang",
    slug: "module-has-no-attribute",
    errorClass: "AttributeError",
    errorMessage: "module {__name__!r} has no attribute {name!r}",
    messagePattern: "module (.+?) has no attribute (.+?)",
    filePath: "python/sglang/srt/layers/__init__.py",
    lineNumber: 40,
  }),
  /** Today's tokenizer check, moved to another file, with a clause older releases lacked. */
  textInput: fixtureRecord({
    id: "d1f7e00000000004",
    repo: "huggingface/transformers",
    slug: "text-input-must-be-of-type-str",
    errorClass: "ValueError",
    errorMessage:
      "text input must be of type `str` (single example), `list[str]` (batch or single pretokenized example) or `list[list[str]]` (batch of pretokenized examples) or `list[tuple[list[str], list[str]]]` (batch of pretokenized sequence pairs).",
    messagePattern:
      String.raw`text input must be of type ` +
      "`str` \\(single example\\), `list\\[str\\]` \\(batch or single pretokenized example\\) or `list\\[list\\[str\\]\\]` \\(batch of pretokenized examples\\) or `list\\[tuple\\[list\\[str\\], list\\[str\\]\\]\\]` \\(batch of pretokenized sequence pairs\\)\\.",
    filePath: "src/transformers/tokenization_utils_tokenizers.py",
    lineNumber: 902,
  }),
  /** A sibling check of another tokenizer, in the old wording (`must of type`). */
  words: fixtureRecord({
    id: "d1f7e00000000005",
    repo: "huggingface/transformers",
    slug: "words-must-of-type-list-str",
    errorClass: "ValueError",
    errorMessage: "Words must of type `list[str]` (single pretokenized example), or `list[list[str]]` (batch of pretokenized examples).",
    messagePattern:
      "Words must of type `list\\[str\\]` \\(single pretokenized example\\), or `list\\[list\\[str\\]\\]` \\(batch of pretokenized examples\\)\\.",
    filePath: "src/transformers/models/layoutxlm/tokenization_layoutxlm.py",
    lineNumber: 440,
  }),
  /** Another check of the file the old tokenizer check was raised in, sharing the word `text`. */
  tensor: fixtureRecord({
    id: "d1f7e00000000006",
    repo: "huggingface/transformers",
    slug: "unable-to-create-tensor",
    errorClass: "ValueError",
    errorMessage:
      "Unable to create tensor, you should probably activate truncation and/or padding to have batched tensors with the same length. Perhaps your features have excessive nesting (inputs type `list` where type `int` is expected) or your text is too long.",
    messagePattern:
      "Unable to create tensor, you should probably activate truncation and/or padding to have batched tensors with the same length\\. Perhaps your features have excessive nesting \\(inputs type `list` where type `int` is expected\\) or your text is too long\\.",
    filePath: "src/transformers/tokenization_utils_base.py",
    lineNumber: 780,
  }),
  /** A lock timeout whose placeholders can absorb most words of another timeout. */
  lockTimeout: fixtureRecord({
    id: "d1f7e00000000007",
    repo: "sgl-project/sglang",
    slug: "timed-out-waiting-for-lock",
    errorClass: "RuntimeError",
    errorMessage: "Timed out after {self.timeout}s waiting for {self._lock_label} lock: {self.lock_path}. Retry later",
    messagePattern: "Timed out after (.+?)s waiting for (.+?) lock: (.+?)\\. Retry later",
    filePath: "python/sglang/srt/utils/cache_utils.py",
    lineNumber: 77,
  }),
  /** A model's private copy of the base tokenizer's old check, word for word. */
  rocBertCopy: fixtureRecord({
    id: "d1f7e00000000008",
    repo: "huggingface/transformers",
    slug: "roc-bert-input-is-not-valid",
    errorClass: "ValueError",
    errorMessage: "Input {text} is not valid. Should be a string, a list/tuple of strings or a list/tuple of integers.",
    messagePattern: String.raw`Input (.+?) is not valid\. Should be a string, a list/tuple of strings or a list/tuple of integers\.`,
    filePath: "src/transformers/models/roc_bert/tokenization_roc_bert.py",
    lineNumber: 483,
  }),
  /** A generic pattern (17 letters of literal text) with more of them than genericMustBe's 9. */
  topP: fixtureRecord({
    id: "d1f7e00000000009",
    repo: "vllm-project/vllm",
    slug: "top-p-must-be-in-0-1",
    errorClass: "ValueError",
    errorMessage: "top_p must be in (0, 1], got {self.top_p}.",
    messagePattern: String.raw`top_p must be in \(0, 1\], got (.+?)\.`,
    filePath: "vllm/sampling_params.py",
    lineNumber: 518,
  }),
  /** vLLM's sleep-mode check today; older releases said `is only supported on CUDA devices`. */
  sleepMode: fixtureRecord({
    id: "d1f7e0000000000a",
    repo: "vllm-project/vllm",
    slug: "sleep-mode-is-not-supported-on-current-platform",
    errorClass: "ValueError",
    errorMessage: "Sleep mode is not supported on current platform.",
    messagePattern: String.raw`Sleep mode is not supported on current platform\.`,
    filePath: "vllm/config/model.py",
    lineNumber: 539,
  }),
};
type Name = keyof typeof D | "genericMustBe";

const matcher = new Matcher(buildMatcherData([...Object.values(D), R.genericMustBe, R.trustRemoteCode, R.kvCacheMaxSeqLen]));
const NAME = new Map<string, Name>([
  ...Object.entries(D).map(([n, r]) => [r.id, n as Name] as const),
  [R.genericMustBe.id, "genericMustBe"],
]);

const answers = (log: string) =>
  matcher.lookup(log).matches.map((m) => ({ name: NAME.get(m.entry.id), kind: m.kind, confidence: m.confidence, reasons: m.reasons }));

const JQ_BODY = [
  "$ curl -s localhost:8000/v1/chat/completions -d @req.json | jq",
  "{",
  '  "object": "error",',
  '  "message": "top_k must be -1 (disable), or at least 1, got 0.",',
  '  "type": "BadRequestError",',
  '  "param": null,',
  '  "code": 400',
  "}",
].join("\n");

const RETRIED = [
  traceback(
    [frame(`${HF}/tokenization_utils_base.py`, 2856, "_call_one", "raise ValueError(")],
    "ValueError: text input must of type `str` (single example), `List[str]` (batch or single pretokenized example) or `List[List[str]]` (batch of pretokenized examples).",
  ),
  "2024-01-23 08:12:53,917 [ERROR] (TextEmbeddingCache) Failed to encode prompt",
  traceback([frame(`${HF}/tokenization_utils_base.py`, 2856, "_call_one", "raise ValueError(")], "ValueError: text inpu"),
].join("\n");

describe("drift with evidence beyond the wording", () => {
  it.each<[story: string, log: string, first: [Name, MatchKind, Confidence], reason?: RegExp]>([
    [
      "a line only a generic pattern fully matched is still compared by wording: the specific record outranks it",
      "ValueError: top_k must be -1 (disable), or at least 1, got 0.",
      ["topK", "similar", "medium"],
    ],
    [
      "a pretty-printed error body's message field, with no error word of its own, is an error line",
      JQ_BODY,
      ["topK", "similar", "medium"],
    ],
    [
      "a line the record explains whole, the record adding a clause (and `List` for `list`): strong, ahead of a sibling in the old wording",
      RETRIED,
      ["textInput", "similar", "medium"],
    ],
  ])("%s", (_story, log, expected) => {
    const [a] = answers(log);
    expect([a?.name, a?.kind, a?.confidence]).toEqual(expected);
  });

  it.each<[story: string, line: string, compared: boolean]>([
    [
      "its placeholders took phrases: another record's wording may hide in them",
      "ValueError: top_k must be -1 (disable), or at least 1, got 0.",
      true,
    ],
    ["its placeholders took values only: it answers the line", "ValueError: batch_size must be 8, got torch.Size([2, 4096]).", false],
  ])("a line a generic pattern fully matched, %s (compared by wording: %s)", (_story, line, compared) => {
    const find = vi.spyOn(matcher.wordingIndex(), "find");
    const found = matcher.lookup(line).matches.map((m) => [NAME.get(m.entry.id), m.kind]);
    expect(found[found.length - 1]).toEqual(["genericMustBe", "full"]);
    expect(find.mock.calls.some(([text]) => text.includes("must be"))).toBe(compared);
    find.mockRestore();
  });

  it("the generic full match stays, below the specific record", () => {
    expect(answers("ValueError: top_k must be -1 (disable), or at least 1, got 0.").map((a) => [a.name, a.kind, a.confidence])).toEqual([
      ["topK", "similar", "medium"],
      ["genericMustBe", "full", "low"],
    ]);
  });

  it("of two generic full matches, the one whose literal text explains more wins, not the one whose placeholder took the line's head", () => {
    // A vLLM 400 body nested in a LiteLLM error nested in an openai repr: genericMustBe's leading `{name}` takes
    // everything up to `top_p`, 138 characters that any text could fill.
    const log = `openai.BadRequestError: Error code: 400 - {'error': {'message': "OpenAIException - Error code: 400 - {'object': 'error', 'message': 'top_p must be in (0, 1], got 0.0.', 'type': 'BadRequestError', 'param': None, 'code': 400}", 'type': None, 'param': None, 'code': 400}}`;
    expect(answers(log).map((a) => [a.name, a.kind, a.confidence])).toEqual([
      ["topP", "full", "low"],
      ["genericMustBe", "full", "low"],
    ]);
  });

  describe("a raise statement quoted outside a traceback says its message", () => {
    const QUOTE = [
      "As it is coded in /vllm/config.py",
      "```Python",
      "        if self.enable_sleep_mode and not current_platform.is_cuda():",
      '            raise ValueError("Sleep mode is only supported on CUDA devices.")',
      "```",
      "oot platforms cannot support sleep mode.",
    ].join("\n");

    it("its string is compared by wording: the record of the rewritten check answers", () => {
      const [a] = answers(QUOTE);
      expect([a?.name, a?.kind]).toEqual(["sleepMode", "similar"]);
      expect(matcher.lookup(QUOTE).matches[0]?.lines[0]).toMatchObject({ line: 4, start: 18, end: 63 });
    });

    it("a frame's printed raise is no such quote: the traceback's own message is what is compared", () => {
      const log = traceback(
        [
          frame(
            "/usr/lib/python3.10/site-packages/vllm/config.py",
            612,
            "__post_init__",
            'raise ValueError("Sleep mode is only supported on CUDA devices.")',
          ),
        ],
        "ValueError: boom",
      );
      expect(answers(log)).toEqual([]);
    });

    it.each<[string[], string | null]>([
      [
        ['raise ValueError("No available memory for the cache blocks. "', '"Try increasing `gpu_memory_utilization`.")'],
        "No available memory for the cache blocks. Try increasing `gpu_memory_utilization`.",
      ],
      [['raise ValueError(f"Invalid key_type: {key_type}")'], "Invalid key_type:"],
      [["raise RuntimeError('can\\'t load')"], "can't load"],
      [["raise ValueError(msg)"], null],
      [["raise"], null],
    ])("%j raises %j", (texts, said) => {
      const lines = texts.map((text, k) => ({ line: k + 1, text }));
      expect(raisedString(lines, 0)?.text ?? null).toBe(said);
    });
  });

  it("a `message` field outside an error body is not an error line", () => {
    const log = ["{", '  "role": "user",', '  "message": "top_k must be -1 (disable), or at least 1, got 0.",', '  "tokens": 12', "}"].join(
      "\n",
    );
    expect(answers(log).map((a) => a.name)).not.toContain("topK");
  });

  it("a retried traceback cut short is the same error: no other record of its raise file answers its stub", () => {
    expect(answers(RETRIED).map((a) => a.name)).not.toContain("tensor");
  });

  it("similar wording of another project's copy, the traceback raised in a third package: low, and says where it was raised", () => {
    const log = traceback(
      [
        frame(`${HF}/configuration_utils.py`, 560, "from_pretrained", "return cls.from_dict(config_dict, **kwargs)"),
        frame(`${HF}/models/llama/configuration_llama.py`, 182, "_rope_scaling_validation", "raise ValueError("),
      ],
      "ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'factor': 8.0, 'rope_type': 'llama3'}",
    );
    const a = answers(log).find((x) => x.name === "ropeSglang");
    expect([a?.name, a?.kind, a?.confidence]).toEqual(["ropeSglang", "similar", "low"]);
    expect(a?.reasons).toContain(
      "the traceback's last frame is in transformers/models/llama/configuration_llama.py, not in sgl-project/sglang: maybe that project's own check",
    );
  });

  it("the same copy, the traceback through sglang's own frames: not low", () => {
    const log = traceback(
      [frame("/sgl-workspace/sglang/python/sglang/srt/configs/internvl.py", 215, "__init__", "raise ValueError(")],
      "ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'factor': 8.0}",
    );
    const a = answers(log).find((x) => x.name === "ropeSglang");
    expect([a?.name, a?.kind]).toEqual(["ropeSglang", "similar"]);
    expect(a?.confidence).not.toBe("low");
  });

  it("`module 'x' has no attribute 'y'` mirrors Python's own message: low", () => {
    const [a] = answers("AttributeError: module 'vllm.lora' has no attribute 'LoRAManager'");
    expect([a?.name, a?.kind, a?.confidence]).toEqual(["moduleAttr", "full", "low"]);
  });

  it("a line a record of another class explains whole but for its added clause is no strong overlap: placeholders explain any words", () => {
    const log = "Timed out waiting for lock: input socket";
    const [a] = answers(`TimeoutError: ${log}`);
    expect([a?.name, a?.kind, a?.confidence]).toEqual(["lockTimeout", "similar", "low"]);
    // The same line naming the record's class: the added clause is all that differs.
    const [b] = answers(`RuntimeError: ${log}`);
    expect([b?.name, b?.kind, b?.confidence]).toEqual(["lockTimeout", "similar", "medium"]);
  });

  it.each<[where: string, file: string, confidence: Confidence]>([
    ["the base tokenizer, never the model's folder: medium, maybe the model's copy", `${HF}/tokenization_utils.py`, "medium"],
    ["the model's own folder", `${HF}/models/roc_bert/tokenization_roc_bert.py`, "high"],
  ])("a model's copy of a shared check, the traceback raised it in %s", (_where, file, confidence) => {
    const log = traceback(
      [
        frame(
          file,
          442,
          "get_input_ids",
          'f"Input {text} is not valid. Should be a string, a list/tuple of strings or a list/tuple of integers."',
        ),
      ],
      "ValueError: Input <|endoftext|> is not valid. Should be a string, a list/tuple of strings or a list/tuple of integers.",
    );
    const [a] = answers(log);
    expect([a?.name, a?.kind, a?.confidence]).toEqual(["rocBertCopy", "full", confidence]);
    if (confidence === "medium")
      expect(a?.reasons).toContain(
        "the traceback raised it in transformers/tokenization_utils.py, never entering models/roc_bert/: maybe this model's copy of a shared check",
      );
  });

  describe("a bare printed `raise X(` is raise-site evidence only when one record of the file raises X", () => {
    const FLEX = "vllm/v1/attention/backends/flex_attention.py";
    const flex = (id: string, slug: string, errorMessage: string, messagePattern: string, lineNumber: number) =>
      fixtureRecord({
        id,
        repo: "vllm-project/vllm",
        slug,
        errorClass: "NotImplementedError",
        errorMessage,
        messagePattern,
        filePath: FLEX,
        lineNumber,
      });
    const attnType = flex(
      "d1f7e00000000011",
      "flex-attention-attn-type",
      "FlexAttention does not support {attn_type} attention",
      "FlexAttention does not support (.+?) attention",
      640,
    );
    const kvSharing = flex(
      "d1f7e00000000012",
      "flex-attention-kv-sharing",
      "FlexAttention does not support kv sharing yet.",
      String.raw`FlexAttention does not support kv sharing yet\.`,
      660,
    );
    const log = traceback(
      [frame(`/usr/lib/python3.12/site-packages/${FLEX}`, 650, "__init__", "raise NotImplementedError(")],
      "NotImplementedError: FlexAttention does not support sliding window yet.",
    );
    const firstOf = (records: (typeof attnType)[]) => {
      const m = new Matcher(buildMatcherData([...records, R.genericMustBe, R.kvCacheMaxSeqLen])).lookup(log).matches[0];
      return [m?.entry.slug, m?.kind, m?.confidence];
    };
    it("two records of the file raise NotImplementedError: the printed line could be either's, so medium", () => {
      expect(firstOf([attnType, kvSharing])).toEqual(["flex-attention-attn-type", "similar", "medium"]);
    });
    it("similar wording raised at the printed raise outranks a record the frame's line number alone points at", () => {
      const atFrameLine = flex(
        "d1f7e00000000013",
        "flex-block-mask-torch-650",
        "Block mask creation needs torch {version} or newer.",
        "Block mask creation needs torch (.+?) or newer\\.",
        650,
      );
      const ms = new Matcher(buildMatcherData([attnType, atFrameLine, R.genericMustBe])).lookup(log).matches;
      expect(ms.slice(0, 2).map((m) => [m.entry.slug, m.kind, m.confidence])).toEqual([
        ["flex-attention-attn-type", "similar", "medium"],
        ["flex-block-mask-torch-650", "raise-site", "medium"],
      ]);
    });
    it("the file's only NotImplementedError: the printed line is its raise statement, so high", () => {
      expect(firstOf([attnType])).toEqual(["flex-attention-attn-type", "similar", "high"]);
    });
  });
});
