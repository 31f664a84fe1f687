import { describe, expect, it } from "vitest";
import { sentenceGoesOn, sentenceGoesOnRule } from "./sentence-goes-on";
import { apply, judging, line } from "./test-judging";

/** `text` with the match over `matched`, its first occurrence. */
const at = (text: string, matched: string) => line(text, { start: text.indexOf(matched), end: text.indexOf(matched) + matched.length });

describe("sentence-goes-on", () => {
  const record = "Only 'auto' tool_choice is supported in response API";
  it.each([
    [`{'message': "${record} with Harmony None"}`, true],
    [`NotImplementedError: ${record}`, false], // the line ends with the message
    [`{'message': "${record}", 'code': 400}`, false], // a quote closes it
    [`NotImplementedError: ${record}. Use 'auto'.`, false], // a new sentence
    [`NotImplementedError: ${record} 42`, false], // a value, not a word
    [`NotImplementedError: ${record} Please retry`, false], // a capital: another sentence glued on
  ])("%s: %s", (text, goesOn) => {
    expect(sentenceGoesOn(at(text, record))).toBe(goesOn);
  });

  it.each([
    { story: "a full match whose sentence goes on", raiseSite: false, confidence: "medium", reasons: 1 },
    { story: "the same at its raise site", raiseSite: true, confidence: "high", reasons: 1 },
  ] as const)("$story: $confidence", ({ raiseSite, confidence, reasons }) => {
    const text = `{'message': "${record} with Harmony None"}`;
    const j = apply(sentenceGoesOnRule, judging({ f: { kind: "full", lines: [at(text, record)] }, raiseSite, confidence: "high" }));
    expect(j.confidence).toBe(confidence);
    expect(j.reasons.length).toBe(reasons);
  });

  it("leaves a full match whose line ends with the message, and other kinds, alone", () => {
    const ends = apply(sentenceGoesOnRule, judging({ f: { kind: "full", lines: [line(record)] }, confidence: "high" }));
    expect([ends.confidence, ends.reasons]).toEqual(["high", []]);
    const similar = apply(
      sentenceGoesOnRule,
      judging({ f: { kind: "similar", lines: [at(`${record} with Harmony`, record)] }, confidence: "high" }),
    );
    expect([similar.confidence, similar.reasons]).toEqual(["high", []]);
  });
});
