/**
 * Messages a release rewrote, as vLLM's config checks reach users: inside
 * pydantic's validation report, and with the record's first sentence
 * reworded and its advice dropped. The exact record, kind and confidence
 * the lookup must answer with, and the look-alike it must not prefer.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { Lookup } from "./lookup";
import { buildMatcherData } from "./data/matcher-data";
import { WordingIndex } from "./find/wording-index";
import { agreementOf, harmonic } from "./rank/wording";
import { FIXTURE_RECORDS, MODELOPT_FP8_REGULAR, fixtureRecord } from "../testing/fixtures/records";
import { VLLM_SRC, frame, traceback } from "../testing/fixtures/logs";

/** Today's message: the world size against the node's GPUs, then advice. */
const WORLD_SIZE = fixtureRecord({
  id: "a1c3e5f7000000c1",
  repo: "vllm-project/vllm",
  slug: "world-size-larger-than-available-gpus",
  errorClass: "ValueError",
  errorMessage:
    "World size ({self.world_size}) is larger than the number of available GPUs ({gpu_count}) in this node. If this is intentional and you are using:\n- ray, set '--distributed-executor-backend ray'.\n- multiprocessing, set '--nnodes' appropriately.",
  messagePattern: String.raw`World size \((.+?)\) is larger than the number of available GPUs \((.+?)\) in this node\. If this is intentional and you are using:\n- ray, set '--distributed-executor-backend ray'\.\n- multiprocessing, set '--nnodes' appropriately\.`,
  filePath: "vllm/config/parallel.py",
  lineNumber: 852,
});
/** A look-alike: the same subject and comparison, about experts. */
const EXPERTS = fixtureRecord({
  id: "a1c3e5f7000000c2",
  repo: "sgl-project/sglang",
  slug: "tensor-parallel-size-greater-than-experts",
  errorClass: "ValueError",
  errorMessage: "Tensor parallel size {self.tp_size} is greater than the number of experts {self.num_experts}.",
  messagePattern: String.raw`Tensor parallel size (.+?) is greater than the number of experts (.+?)\.`,
  filePath: "python/sglang/srt/models/mixtral.py",
  lineNumber: 120,
});
const data = buildMatcherData([...FIXTURE_RECORDS, WORLD_SIZE, EXPERTS]);
const matcher = new Matcher(data);
const NAME = new Map([
  [WORLD_SIZE.id, "worldSize"],
  [EXPERTS.id, "experts"],
]);
const answers = (log: string) => matcher.lookup(log).matches.map((m) => [NAME.get(m.entry.id) ?? m.entry.slug, m.kind, m.confidence]);

const OLD_CHECK = "Tensor parallel size (16) cannot be larger than the number of available GPUs (8)";
const REPORT = [
  "pydantic_core._pydantic_core.ValidationError: 1 validation error for VllmConfig",
  `  Value error, ${OLD_CHECK} [type=value_error, input_value=ArgsKwargs((), {'model_config': ModelConfig(model='x')}), input_type=ArgsKwargs]`,
  "    For further information visit https://errors.pydantic.dev/2.11/v/value_error",
].join("\n");

describe("a check a release rewrote, reported by pydantic", () => {
  it.each<[story: string, log: string]>([
    ["the check's line alone, as an issue quotes it", `Value error, ${OLD_CHECK}`],
    ["pydantic's whole report, its type tail and help link", REPORT],
    [
      "the report at the end of a traceback",
      traceback([frame(`${VLLM_SRC}/engine/arg_utils.py`, 1200, "create_engine_config", "config = VllmConfig(")], REPORT),
    ],
  ])("%s: the record's first sentence, reworded, is the answer", (_story, log) => {
    // Only the first sentence is there, reworded (`Tensor parallel size` for `World size`, `cannot be larger` for `is larger`):
    // an answer, not a sure one. The look-alike shares its subject, not its object, and may follow.
    const got = answers(log);
    expect(got[0]).toEqual(["worldSize", "similar", "low"]);
    expect(got.slice(1).every(([name]) => name === "experts")).toBe(true);
  });

  it("points at the failed check's own line, after `Value error, `, and says the record was found by one sentence", () => {
    const log = traceback([frame(`${VLLM_SRC}/engine/arg_utils.py`, 1200, "create_engine_config", "config = VllmConfig(")], REPORT);
    const m = matcher.lookup(log).matches[0]!;
    expect(m.lines.map((l) => [l.line, l.text.slice(l.start, l.start + 21)])).toEqual([[5, "Tensor parallel size "]]);
    expect(m.reasons.some((r) => r.startsWith("one sentence of the record, judged alone: "))).toBe(true);
  });

  it("reads the failed check's message, not pydantic's frame, as the message to compare", () => {
    const m = matcher.lookup(REPORT).matches[0]!;
    expect(m.diff?.map((d) => d.text).join("")).not.toMatch(/type=value_error|validation error|errors\.pydantic\.dev/);
  });
});

describe("one sentence of a record judged as a record", () => {
  it("answers a plain line that rewords the record's first sentence, though it lacks most of the record", () => {
    expect(answers(`ValueError: ${OLD_CHECK}`)[0]).toEqual(["worldSize", "similar", "low"]);
  });

  it("needs half the sentence: a line sharing only its subject is no answer", () => {
    expect(answers("ValueError: The world size is wrong for this node.")).toEqual([]);
  });

  it("needs the sentence to explain half the line: a reworded sentence amid a longer story is no answer", () => {
    const line = `ValueError: ${OLD_CHECK}; the scheduler, tokenizer, detokenizer and metrics exporter processes were then terminated by their supervisor`;
    expect(answers(line).map(([name]) => name)).not.toContain("worldSize");
  });

  it("ranks the record by how well the sentence alone and the line agree, not by the whole record's coverage", () => {
    const index = new WordingIndex(data.entries);
    // As the matcher asks (lib/match/matcher.ts): candidates sharing the most rare words are aligned too.
    const c = index
      .find(OLD_CHECK, { minSharedRareWords: 4.8, minSentenceRareWords: 1.6 })
      .find((x) => data.entries[x.entry]!.id === WORLD_SIZE.id)!;
    expect(c.agreement).toBeCloseTo(harmonic(c.clause.coverage, c.clause.line!), 9);
    expect(c.agreement).toBeGreaterThan(agreementOf({ ...c, sentenceAgreement: undefined }));
    // Without the option (the guesses of the no-match view), the sentence is not judged alone.
    expect(index.find(OLD_CHECK, { minSharedRareWords: 4.8 }).map((x) => data.entries[x.entry]!.id)).not.toContain(WORLD_SIZE.id);
  });
});

describe("a message found by its first sentence", () => {
  const copy = fixtureRecord({
    id: "a1c3e5f7000000c4",
    repo: "sgl-project/sglang",
    slug: "fp8-config-static-only-diffusion",
    errorClass: "ValueError",
    errorMessage: "ModelOptFp8Config only supports static FP8 quantization in SGLang diffusion.",
    messagePattern: String.raw`ModelOptFp8Config only supports static FP8 quantization in SGLang diffusion\.`,
    filePath: "python/sglang/multimodal_gen/runtime/layers/quantization/modelopt_quant.py",
    lineNumber: 90,
  });
  const rewritten = MODELOPT_FP8_REGULAR;
  const m = new Matcher(buildMatcherData([...FIXTURE_RECORDS, copy, rewritten]));

  it("ranks it by how well it agrees with that sentence, not with the sentences a release added after it", () => {
    const log =
      "ValueError: ModelOptFp8Config only supports static FP8 quantization in SGLang. For FP4 quantization, use ModelOptFp4Config. Check the quantization config for your model's configuration.";
    const [best] = m.lookup(log).matches;
    expect([best?.entry.slug, best?.kind, best?.confidence]).toEqual([copy.slug, "similar", "low"]);
    // Reported against the whole line, which it explains less than half of.
    expect(best!.coverage!.line).toBeLessThan(0.5);
  });
});

describe("a paste cut at the last frame's raise statement", () => {
  const DETOK = "python/sglang/srt/managers/detokenizer_manager.py";
  const decodeStatus = fixtureRecord({
    id: "a1c3e5f7000000d1",
    repo: "sgl-project/sglang",
    slug: "decode-status-not-found",
    errorClass: "RuntimeError",
    errorMessage: "Decode status not found for request {rid}. It may be due to the request being evicted from the decode status.",
    messagePattern: String.raw`Decode status not found for request (.+?)\. It may be due to the request being evicted from the decode status\.`,
    filePath: DETOK,
    lineNumber: 366,
  });
  const other = fixtureRecord({
    id: "a1c3e5f7000000d2",
    repo: "sgl-project/sglang",
    slug: "detokenizer-bad-batch",
    errorClass: "ValueError",
    errorMessage: "Invalid batch output type {type(recv_obj)} for the detokenizer.",
    messagePattern: String.raw`Invalid batch output type (.+?) for the detokenizer\.`,
    filePath: DETOK,
    lineNumber: 210,
  });
  const secondRuntime = fixtureRecord({ ...decodeStatus, id: "a1c3e5f7000000d3", slug: "detokenizer-state-lost", lineNumber: 400 });
  /** The user trimmed the chain's header and the paste stops mid-word in the last frame. */
  const log = (cut: string) => `[2026-02-20 01:04:15] DetokenizerManager hit an exception: Traceback (most recent call last):
  File "/home/user/sglang/${DETOK}", line 309, in _decode_batch_token_id_output
    s = self.decode_status[rid]
        ~~~~~~~~~~~~~~~~~~^^^^^
KeyError: 'x'

During handling of the above exception, another exception occurred:

  File "/home/user/sglang/${DETOK}", line 311, in _decode_batch_token_id_output
    ${cut}`;
  const lookup = (records: typeof FIXTURE_RECORDS, text: string) =>
    new Matcher(buildMatcherData([...FIXTURE_RECORDS, ...records])).lookup(text).matches;

  it("answers the one record of the frame's file whose class the cut name begins, with low confidence, and says why", () => {
    const [m, ...rest] = lookup([decodeStatus, other], log("raise Runt"));
    expect([m?.entry.slug, m?.kind, m?.confidence, rest.length]).toEqual([decodeStatus.slug, "raise-site", "low", 0]);
    expect(m!.reasons).toContain("the paste ends in the traceback's last frame, at `raise Runt`: no exception line to compare");
    expect(m!.reasons).toContain("the raise statement, cut at `Runt`, may name RuntimeError, the record's class");
    expect(m!.reasons).toContain("no message match: the traceback's last frame is in the record's file");
  });

  it.each<[story: string, records: (typeof FIXTURE_RECORDS)[number][], cut: string]>([
    ["two records of the file the cut name may be", [decodeStatus, secondRuntime], "raise Runt"],
    ["no record of the file raises a class the name begins", [other], "raise Runt"],
    ["the class cut too short to name one", [decodeStatus], "raise Ru"],
  ])("answers nothing when %s", (_story, records, cut) => {
    expect(lookup(records, log(cut))).toEqual([]);
  });

  it("lists the cut raise statement, not the KeyError it was raised during, as the error when nothing matched", () => {
    const summary = new Lookup(buildMatcherData(FIXTURE_RECORDS)).run(log("raise Runt"));
    expect(summary.errorLines).toEqual([{ line: 10, text: "raise Runt" }]);
  });
});
