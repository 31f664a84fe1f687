import { describe, expect, it } from "vitest";
import type { SiteEvidence } from "../rank/evidence";
import { similarWording } from "./similar-wording";
import { apply, judging, wording } from "./test-judging";

const site = (over: Partial<SiteEvidence>): SiteEvidence => ({
  file: true,
  line: false,
  source: false,
  distinctive: false,
  last: true,
  where: "vllm/config.py, line 100",
  ...over,
});

describe("similar-wording", () => {
  it.each([
    { story: "at its own line, strong overlap", s: site({ line: true }), strong: true, specific: true, twins: 1, confidence: "high" },
    { story: "at its own line, weak overlap", s: site({ line: true }), strong: false, specific: true, twins: 1, confidence: "medium" },
    {
      story: "a distinctive printed statement alone",
      s: site({ source: true, distinctive: true }),
      strong: false,
      specific: false,
      twins: 2,
      confidence: "high",
    },
    {
      story: "a bare printed statement other records of the class share",
      s: site({ source: true }),
      strong: true,
      specific: true,
      twins: 2,
      confidence: "medium",
    },
    {
      story: "a bare printed statement no other record shares",
      s: site({ source: true }),
      strong: true,
      specific: true,
      twins: 1,
      confidence: "high",
    },
    { story: "no raise site, strong overlap, specific", s: undefined, strong: true, specific: true, twins: 1, confidence: "medium" },
    { story: "no raise site, strong overlap, generic", s: undefined, strong: true, specific: false, twins: 1, confidence: "low" },
    { story: "no raise site, weak overlap", s: undefined, strong: false, specific: true, twins: 1, confidence: "low" },
  ] as const)("$story: $confidence", ({ s, strong, specific, twins, confidence }) => {
    const raiseSite = !!s && (s.line || s.source);
    const j = judging({
      f: { kind: "similar", wording: wording() },
      site: s,
      raiseSite,
      strong,
      specific,
      run: { sameClassInFile: () => twins },
    });
    apply(similarWording, j);
    expect(j.confidence).toBe(confidence);
    expect(j.rankedAs).toBe(raiseSite ? "raise-site" : undefined);
  });

  it("says how much of each side the wording explains, and a sentence judged alone", () => {
    const w = wording({ recordCoverage: 0.5, lineCoverage: 0.5, sentenceAgreement: 0.9, clause: { coverage: 0.95, weight: 3, line: 0.8 } });
    expect(apply(similarWording, judging({ f: { kind: "similar", wording: w } })).reasons).toEqual([
      "similar wording, not a pattern match: 50 % of the record's message is in the line, which it explains 50 % of",
      "one sentence of the record, judged alone: 95 % of it is in the line, which it explains 80 % of; the rest of the record is not there",
    ]);
  });

  it("leaves other kinds alone", () => {
    expect(apply(similarWording, judging({ confidence: "high" })).confidence).toBe("high");
  });
});
