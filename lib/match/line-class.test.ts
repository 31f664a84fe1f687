/**
 * The class a line names, when no traceback frames it: an issue title, a
 * sentence of prose (`No, I still get RuntimeError: LoRA is not enabled`), a
 * lone log line. It is read as a traceback's class is: the message starts
 * after it, and it decides between records whose wording fits alike.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import { classesBefore, namedMessageStart } from "../log/looks-like-error";
import { pickSimilar } from "./find/drift-queries";
import { FIXTURE_RECORDS, MODELOPT_FP8_REGULAR, fixtureRecord } from "../testing/fixtures/records";

/** vLLM V1's check: the old message plus advice, a RuntimeError. */
const LORA_OFF = fixtureRecord({
  id: "a1c3e5f7000000d1",
  repo: "vllm-project/vllm",
  slug: "lora-is-not-enabled",
  errorClass: "RuntimeError",
  errorMessage: "LoRA is not enabled. Use --enable-lora to enable LoRA.",
  messagePattern: String.raw`LoRA is not enabled\. Use --enable-lora to enable LoRA\.`,
  filePath: "vllm/v1/worker/lora_model_runner_mixin.py",
  lineNumber: 70,
});
/** A request-side look-alike, a ValueError, whose message ends with the same words. */
const LORA_REQUEST = fixtureRecord({
  id: "a1c3e5f7000000d2",
  repo: "vllm-project/vllm",
  slug: "got-lora-request-but-lora-is-not-enabled",
  errorClass: "ValueError",
  errorMessage: "Got lora_request {lora_request} but LoRA is not enabled!",
  messagePattern: String.raw`Got lora_request (.+?) but LoRA is not enabled!`,
  filePath: "vllm/v1/engine/input_processor.py",
  lineNumber: 120,
});
/** Today's ModelOpt FP8 check, rewritten since the release that printed the log below. */
const FP8_ONLY = MODELOPT_FP8_REGULAR;
/** Another check of the same config, naming ModelOpt where the line names ModelOptFp8Config. */
const MODELOPT_METHODS = fixtureRecord({
  id: "a1c3e5f7000000d4",
  repo: "sgl-project/sglang",
  slug: "modelopt-currently-only-supports",
  errorClass: "ValueError",
  errorMessage:
    "ModelOpt currently only supports: FP8, NVFP4 quantizations in sglang. Please check the quantization config for your model's configuration.",
  messagePattern: String.raw`ModelOpt currently only supports: FP8, NVFP4 quantizations in sglang\. Please check the quantization config for your model's configuration\.`,
  filePath: "python/sglang/srt/layers/quantization/modelopt_quant.py",
  lineNumber: 150,
});

const NAME = new Map([
  [LORA_OFF.id, "loraOff"],
  [LORA_REQUEST.id, "loraRequest"],
  [FP8_ONLY.id, "fp8Only"],
  [MODELOPT_METHODS.id, "modeloptMethods"],
]);
const matcher = new Matcher(buildMatcherData([...FIXTURE_RECORDS, LORA_OFF, LORA_REQUEST, FP8_ONLY, MODELOPT_METHODS]));
const answers = (log: string) => matcher.lookup(log).matches.map((m) => ({ name: NAME.get(m.entry.id) ?? m.entry.slug, m }));

describe("where a line's message starts, and the classes it names", () => {
  it.each<[line: string, start: string | null]>([
    ["ValueError: bad config", "bad config"],
    ["No, I still get RuntimeError: LoRA is not enabled", "LoRA is not enabled"],
    ["Worker exited with torch.cuda.OutOfMemoryError: CUDA out of memory.", "CUDA out of memory."],
    ["[Bug] ValueError: ModelOptFp8Config only supports static FP8", "ModelOptFp8Config only supports static FP8"],
    // A class inside quotes belongs to the wrapper's own message.
    ["Worker failed with error 'ValueError: LoRA rank 32 is greater than max_lora_rank 16'", null],
    ["Exception in worker VllmWorkerProcess while processing method add_lora.", null],
    ["plain text without a class", null],
    ["(ValueError: foo bar baz)", "foo bar baz)"],
    ["Exception: Python's own class", "Python's own class"],
  ])("%j starts its message at %j", (line, start) => {
    expect(line.slice(namedMessageStart(line))).toBe(start ?? line);
  });

  it.each<[line: string, at: string | null, classes: string[]]>([
    ["RuntimeError: x", null, ["RuntimeError"]],
    ["ray.exceptions.RayTaskError(ValueError): ray::Worker.execute()", null, ["RayTaskError", "ValueError"]],
    ["first ValueError: then KeyError: 'k'", null, ["ValueError", "KeyError"]],
    ["Exception: Python's own class", null, ["Exception"]],
    ["an error 'KeyError: x' quoted", null, []],
    // …but the class right before the message a match starts at counts, quoted or not.
    ["No, I still get 'ValueError: LoRA is not enabled' when I run it", "LoRA", ["ValueError"]],
    ["ValueError: x, then later RuntimeError: y", "x, then", ["ValueError"]],
    ["no class here: none", null, []],
  ])("%j names %j before %j", (line, at, classes) => {
    expect(classesBefore(line, at === null ? line.length : line.indexOf(at))).toEqual(classes);
  });
});

describe("the class a line names, without a traceback", () => {
  it("decides between records whose wording fits alike, and says so", () => {
    const [top, next] = answers("No, I still get RuntimeError: LoRA is not enabled");
    expect(top?.name).toBe("loraOff");
    expect(top?.m.kind).toBe("similar");
    expect(top?.m.reasons).toContain("the line names RuntimeError, the record's class");
    expect(next?.name).toBe("loraRequest");
    expect(next?.m.reasons.some((r) => r.includes("the line names"))).toBe(false);
  });

  it("lets the wording decide when the line names the other class", () => {
    expect(answers("No, I still get ValueError: LoRA is not enabled")[0]?.name).toBe("loraRequest");
  });

  it("compares only the message after the class, not the prose before it", () => {
    const [top] = answers("No, I still get RuntimeError: LoRA is not enabled");
    expect(top?.m.diff?.filter((d) => d.op === "+").map((d) => d.text.trim())).toEqual([]);
  });

  it("looks again by the first sentence when every record found by the whole message is contradicted by name", () => {
    const got = answers(
      "[Bug] ValueError: ModelOptFp8Config only supports static FP8 quantization in SGLang. For FP4 quantization, use ModelOptFp4Config. Check the quantization config for your model's configuration.",
    );
    expect(got.map((a) => a.name)).toEqual(["fp8Only", "modeloptMethods"]);
    expect(got[1]?.m.reasons).toContain("the line names ModelOptFp8Config where the record names ModelOpt: maybe another error");
  });
});

describe("which of the records alike by wording are compared (pickSimilar)", () => {
  const c = (name: string, cls: string, contradicted = false) => ({ name, cls, conflict: { record: contradicted ? 0.2 : 0 } });
  const pick = (found: ReturnType<typeof c>[], classes: string[]) => pickSimilar(found, (x) => x.cls, classes, 2).map((x) => x.name);

  it.each<[story: string, found: ReturnType<typeof c>[], classes: string[], kept: string[]]>([
    ["no class named: the best by wording", [c("a", "ValueError"), c("b", "ValueError"), c("c", "RuntimeError")], [], ["a", "b"]],
    [
      "the class named keeps its record, though two others fit better",
      [c("a", "ValueError"), c("b", "ValueError"), c("c", "RuntimeError")],
      ["RuntimeError"],
      ["c", "a"],
    ],
    [
      "a record the line contradicts by name stays last, whatever its class",
      [c("a", "ImportError", true), c("b", "ValueError"), c("c", "ValueError")],
      ["ImportError"],
      ["b", "c"],
    ],
    ["fewer than asked: all of them", [c("a", "KeyError")], ["KeyError"], ["a"]],
  ])("%s", (_story, found, classes, kept) => {
    expect(pick(found, classes)).toEqual(kept);
  });
});
