/**
 * Hostile input, through `Matcher.lookup`: patterns written to backtrack
 * exponentially or polynomially against lines built to trigger them, and a
 * huge single line against the fixture dataset in `fixtures/records.ts`. Each
 * lookup must finish quickly, without throwing, and still find what it should.
 */
import { describe, expect, it } from "vitest";
import { Matcher } from "./matcher";
import { buildMatcherData } from "./data/matcher-data";
import { R } from "../testing/fixtures/records";
import { KV_LINE, found, lookup } from "../testing/matcher-stories";

describe("hostile input", () => {
  /** Patterns written to backtrack exponentially or polynomially, plus one with a real key. */
  const HOSTILE = ["^(a+)+$", "(x|x)*y", "(.+?) (.+?) (.+?) (.+?)x", "(.+?)(.+?)(.+?)(.+?)(.+?)!", "RuntimeError: (a|aa)+b"].map(
    (messagePattern, i) => ({
      ...R.pdDifferentTp,
      id: (0xbad0 + i).toString(16).padStart(16, "0"),
      slug: `hostile-${i}`,
      messagePattern,
    }),
  );
  const hostile = new Matcher(buildMatcherData(HOSTILE));

  it("finishes quickly and does not throw on hostile patterns against hostile lines", () => {
    // `ERROR ` makes each line look like an error, so even the patterns without literal keys run on it.
    const log = [
      "ERROR " + "a".repeat(50_000) + "!",
      "ERROR " + "x".repeat(100_000),
      " ".repeat(20_000),
      "ERROR: a" + " ".repeat(20_000) + "b",
      "RuntimeError: " + "a".repeat(30_000),
    ].join("\n");
    const t0 = performance.now();
    const result = hostile.lookup(log);
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeLessThan(5000); // a hang detector, not a benchmark
    expect(result.lineCount).toBe(5);
    expect(result.matches.map((m) => [m.entry.pattern, m.lines.map((l) => l.line)])).toEqual([["(.+?)(.+?)(.+?)(.+?)(.+?)!", [1]]]);
  });

  it("keeps the real dataset quick on a huge single line", () => {
    const t0 = performance.now();
    const result = lookup("ValueError: " + "must be , got ".repeat(20_000) + KV_LINE);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(found(result).map(([name]) => name)).toContain("kvCacheMaxSeqLen");
  });
  it("does not freeze on four unbounded groups against a 240-character line of separators", () => {
    const m = new Matcher(buildMatcherData([{ ...R.pdDifferentTp, messagePattern: "(.+?) (.+?) (.+?) (.+?)x" }]));
    const t0 = performance.now();
    const result = m.lookup("ERROR " + "a ".repeat(115) + "b");
    const elapsed = performance.now() - t0;
    expect(result.matches).toEqual([]);
    expect(elapsed).toBeLessThan(5000); // a hang detector: a linear-time engine needs well under a millisecond
  });
});
