/**
 * Messages pasted without their traceback's frame around them: quoted in a
 * sentence of an issue, or printed bare by the program that caught them
 * (no class, no error word). The exact record, kind and confidence the
 * lookup must answer with.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import { namedMessageStart, quotedException } from "../log/looks-like-error";
import { FIXTURE_RECORDS, fixtureRecord } from "../testing/fixtures/records";

/** transformers' generation check, with backticks and a final period the pastes below lack. */
const NUM_RETURN = fixtureRecord({
  id: "a1c3e5f7000000e1",
  repo: "huggingface/transformers",
  slug: "num-return-sequences-has-to-be-smaller-or-equal-to-num-beams",
  errorClass: "ValueError",
  errorMessage: "`num_return_sequences` ({self.num_return_sequences}) has to be smaller or equal to `num_beams` ({self.num_beams}).",
  messagePattern: String.raw`\`num_return_sequences\` \((.+?)\) has to be smaller or equal to \`num_beams\` \((.+?)\)\.`,
  filePath: "src/transformers/generation/configuration_utils.py",
  lineNumber: 697,
});
/** The 4-bit quantizer's check as today's release words it; an older one said "requires the latest version of bitsandbytes". */
const BNB_4BIT = fixtureRecord({
  id: "a1c3e5f7000000e2",
  repo: "huggingface/transformers",
  slug: "bnb-4bit-requires-bitsandbytes",
  errorClass: "ImportError",
  errorMessage: "Using `bitsandbytes` 4-bit quantization requires bitsandbytes: `pip install -U bitsandbytes>={BITSANDBYTES_MIN_VERSION}`",
  messagePattern: String.raw`Using \`bitsandbytes\` 4-bit quantization requires bitsandbytes: \`pip install -U bitsandbytes>=(.+?)\``,
  filePath: "src/transformers/quantizers/quantizer_bnb_4bit.py",
  lineNumber: 62,
});

const NAME = new Map([
  [NUM_RETURN.id, "numReturn"],
  [BNB_4BIT.id, "bnb4bit"],
]);
const matcher = new Matcher(buildMatcherData([...FIXTURE_RECORDS, NUM_RETURN, BNB_4BIT]));
const first = (log: string) => {
  const m = matcher.lookup(log).matches[0];
  return m && { name: NAME.get(m.entry.id) ?? m.entry.slug, kind: m.kind, confidence: m.confidence, line: m.lines[0] };
};

const OLD_BNB = "Using `bitsandbytes` 4-bit quantization requires the latest version of bitsandbytes: `pip install -U bitsandbytes`";

describe("an exception quoted inside a line", () => {
  it.each<[line: string, message: string | null]>([
    ['I get the error "ValueError: x (15) has to be small" when I run it', "x (15) has to be small"],
    [
      "Worker failed with error 'ValueError: LoRA rank 32 is greater than max_lora_rank 16', please check",
      "LoRA rank 32 is greater than max_lora_rank 16",
    ],
    ["it says `KeyError: 'model_type'` every time", "'model_type'"],
    ['the paste ends inside the quote: "RuntimeError: CUDA error: device-side assert', "CUDA error: device-side assert"],
    ["error 'ValueError: The model's max seq len (32768) is larger', please check", "The model's max seq len (32768) is larger"],
    ["error “ValueError: x is bad” here", "x is bad"],
    ["ValueError: not quoted", null],
    ['a "quoted" word, no class', null],
  ])("%j quotes %j", (line, message) => {
    expect(quotedException(line)?.text ?? null).toBe(message);
  });

  it("is compared by its own message, not by the sentence around it", () => {
    const line =
      'Hi. I want to ask why do I get the error "ValueError: num_return_sequences (15) has to be smaller or equal to num_beams (5)" when I run "python src/multi_caption_generator.py" trying to generate 15 captions?';
    const got = first(line);
    expect(got).toMatchObject({ name: "numReturn", kind: "similar", confidence: "medium" });
    expect(got?.line?.start).toBe(line.indexOf("num_return_sequences"));
  });

  it("is compared too when the line starts with a class of its own (a wrapper's message)", () => {
    const line =
      "RuntimeError: Worker failed with error 'ValueError: num_return_sequences (15) has to be smaller or equal to num_beams (5)', please check the logs";
    expect(quotedException(line, namedMessageStart(line))?.cls).toBe("ValueError");
    expect(first(line)).toMatchObject({ name: "numReturn", kind: "similar" });
  });
});

describe("a message printed bare, without its class or an error word", () => {
  it("is compared by wording when it holds a record's literal text that its pattern does not match", () => {
    expect(first(`${OLD_BNB}\n\n  File "/app/execution.py", line 323, in execute`)).toMatchObject({
      name: "bnb4bit",
      kind: "similar",
      confidence: "medium",
    });
  });

  it("counts the texts of such lines, not their repeats", () => {
    const progress = Array.from({ length: 70 }, () => "Using `bitsandbytes` 4-bit quantization requires step 1 of the setup");
    expect(first([OLD_BNB, ...progress].join("\n"))?.name).toBe("bnb4bit");
  });

  it("is not a frame's source line: that quotes code, not a message", () => {
    const log = [
      "Traceback (most recent call last):",
      '  File "/app/loader.py", line 12, in load',
      '    logger.warning("Using `bitsandbytes` 4-bit quantization requires the latest version of bitsandbytes")',
      "KeyError: 'weights'",
    ].join("\n");
    expect(matcher.lookup(log).matches.map((m) => NAME.get(m.entry.id))).not.toContain("bnb4bit");
  });

  it("is not, in a long log where many lines hold such text: only its error lines are compared there", () => {
    const noise = Array.from({ length: 70 }, (_, i) => `Using \`bitsandbytes\` 4-bit quantization requires step ${i} of the setup`);
    expect(first([OLD_BNB, ...noise.slice(0, 10)].join("\n"))?.name).toBe("bnb4bit");
    expect(first([OLD_BNB, ...noise].join("\n"))).toBeUndefined();
  });
});
