/**
 * What a match reports about the line it matched, through `Matcher.lookup`
 * against the fixture dataset in `fixtures/records.ts`: each capture's value,
 * span and placeholder name in the cleaned line (one line, several groups,
 * named groups, wrapped and multi-line messages), and case-insensitive `(?i)`
 * patterns, whose case folding must neither shift a line nor leak into a
 * case-sensitive record with the same pattern text.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import { R } from "../testing/fixtures/records";
import { wordWrap } from "../testing/fixtures/logs";
import { KV_LINE, NAME, PD, PD_LINE, TRUST_1, TRUST_2, found, lookup } from "../testing/matcher-stories";

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

  it.each([
    ["a number with a dot", "ValueError: temperature must be positive, got 1.5e-3.", "1.5e-3", 53],
    [
      "a dotted name, the message quoted in a body",
      "{'message': 'top_p must be in (0, 1], got torch.float16.', 'code': 400}",
      "torch.float16",
      56,
    ],
    ["no dot that ends the message: as the pattern matched", "ValueError: version must be 2.x, got v1.2", "v1", 40],
  ])("runs a lazy last group before the message's full stop to the dot that ends the message: %s", (_story, line, value, end) => {
    const m = new Matcher(buildMatcherData([R.genericMustBe])).lookup(line).matches[0]!;
    expect([m.kind, m.lines[0]!.captures.at(-1)!.value, m.lines[0]!.end]).toEqual(["full", value, end]);
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
