/**
 * The ranking rules of `rank.ts`, one story each, on fixture entries with
 * hand-made tracebacks: full over partial; specific over generic; the final
 * exception over lines around it; class, file and repository evidence; then
 * more literal text; ties by line, then id.
 */
import { describe, expect, it } from "vitest";
import { rankMatches, type Unranked } from "./rank";
import { buildMatcherData, type MatcherEntry } from "./matcher-data";
import type { MatchKind } from "./matcher";
import type { Frame, Traceback } from "../log/traceback";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";
import { SGLANG_SRC, VLLM_SRC } from "../testing/fixtures/logs";

const ENTRIES = new Map(buildMatcherData(FIXTURE_RECORDS).entries.map((e) => [e.id, e]));
const NAME = new Map(Object.entries(R).map(([name, r]) => [r.id, name as FixtureName]));

function entry(name: FixtureName, overrides: Partial<MatcherEntry> = {}): MatcherEntry {
  return { ...ENTRIES.get(R[name].id)!, ...overrides };
}

function found(name: FixtureName | MatcherEntry, kind: MatchKind, lines: number[]): Unranked {
  return {
    entry: typeof name === "string" ? entry(name) : name,
    kind,
    lines: lines.map((line) => ({ line, text: "", start: 0, end: 0, captures: [] })),
    occurrences: lines.length,
  };
}

function tb(
  exceptionLine: number,
  exceptionClass: string,
  frames: [file: string, line: number][],
  extra: Partial<Traceback> = {},
): Traceback {
  return {
    startLine: exceptionLine - 1 - frames.length * 2,
    endLine: exceptionLine,
    exceptionClass,
    qualifiedClass: exceptionClass,
    message: "",
    exceptionLine,
    frames: frames.map(([file, line], i): Frame => ({ file, line, func: "f", logLine: exceptionLine - frames.length * 2 + i * 2 })),
    ...extra,
  };
}

const order = (ranked: ReturnType<typeof rankMatches>) => ranked.map((m) => NAME.get(m.entry.id) ?? m.entry.id);

describe("rankMatches", () => {
  it("puts a full match above a partial one, even a generic full above a specific partial", () => {
    const ranked = rankMatches([found("checkpointArch", "partial", [1]), found("genericMustBe", "full", [2])], []);
    expect(order(ranked)).toEqual(["genericMustBe", "checkpointArch"]);
    expect(ranked[1]!.reasons).toEqual(["part of the pattern matched (90 letters of literal text)"]);
  });

  it("puts a specific match above a generic one, whatever the traceback says for the generic", () => {
    const trace = tb(10, "ValueError", [[`${VLLM_SRC}/config/utils.py`, 88]]);
    const ranked = rankMatches([found("genericMustBe", "full", [10]), found("loraRank", "full", [20])], [trace]);
    expect(order(ranked)).toEqual(["loraRank", "genericMustBe"]);
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "generic pattern: only 9 letters of literal text, it may match unrelated errors",
      "final exception of the traceback at line 7",
      "raised as ValueError, the record's class",
      "a frame is in vllm/config/utils.py at line 88",
    ]);
  });

  it("puts the final exception of a traceback above a line elsewhere with more literal text", () => {
    const ranked = rankMatches(
      [found("checkpointArch", "full", [3]), found("loraRank", "full", [10])],
      [tb(10, "RuntimeError", [["/app/main.py", 1]])],
    );
    expect(order(ranked)).toEqual(["loraRank", "checkpointArch"]);
    expect(ranked[0]!.reasons).toEqual(["the whole pattern matched", "final exception of the traceback at line 7"]);
  });

  it("puts a chained traceback's final exception above the one it was raised during, however well that one is explained", () => {
    const first = tb(6, "ValueError", [[`${VLLM_SRC}/v1/core/kv_cache_utils.py`, 702]]);
    const last = tb(15, "KeyError", [["/app/main.py", 1]], { chainedFrom: 0 });
    const ranked = rankMatches([found("kvCacheMaxSeqLen", "full", [6]), found("notEnoughMemory", "full", [15])], [first, last]);
    expect(order(ranked)).toEqual(["notEnoughMemory", "kvCacheMaxSeqLen"]);
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "an exception in the traceback at line 3",
      "raised as ValueError, the record's class",
      "a frame is in vllm/v1/core/kv_cache_utils.py at line 702",
    ]);
  });

  it("puts an exception of a traceback, even not the final one, above a line outside any", () => {
    const ranked = rankMatches(
      [found("checkpointArch", "full", [40]), found("loraRank", "full", [6])],
      [tb(6, "ValueError", []), tb(15, "KeyError", [], { chainedFrom: 0 })],
    );
    expect(order(ranked)).toEqual(["loraRank", "checkpointArch"]);
  });

  it("on the same exception line, prefers the record whose file raised it, then the one whose class it is", () => {
    const trace = tb(6, "ValueError", [[`${SGLANG_SRC}/layers/quantization/marlin_utils.py`, 164]]);
    const ranked = rankMatches([found("marlinVllm", "full", [6]), found("marlinSglang", "full", [6])], [trace]);
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    expect(ranked[0]!.reasons).toContain("a frame is in sglang/srt/layers/quantization/marlin_utils.py at line 164");
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "final exception of the traceback at line 3",
      "raised as ValueError, the record's class",
    ]);
  });

  it("counts a frame at the record's line above a frame elsewhere in the same file", () => {
    const atLine = tb(6, "ValueError", [[`${SGLANG_SRC}/layers/quantization/marlin_utils.py`, 164]]);
    const elsewhere = tb(16, "ValueError", [[`${VLLM_SRC}/model_executor/layers/quantization/utils/marlin_utils.py`, 12]]);
    const ranked = rankMatches([found("marlinVllm", "full", [16]), found("marlinSglang", "full", [6])], [atLine, elsewhere]);
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    // Same letters, and the id would put vLLM first: only the line can have decided.
    expect(ranked[0]!.reasons).toContain("a frame is in sglang/srt/layers/quantization/marlin_utils.py at line 164");
    expect(ranked[1]!.reasons).toContain("a frame is in vllm/model_executor/layers/quantization/utils/marlin_utils.py");
  });

  it("does not count a frame that shares only the file name (every project has a utils.py)", () => {
    const trace = tb(6, "ValueError", [["/home/me/myproject/marlin_utils.py", 164]]);
    const [m] = rankMatches([found("marlinSglang", "full", [6])], [trace]);
    expect(m!.reasons.some((r) => r.startsWith("a frame is in"))).toBe(false);
  });

  it("credits frames that run through the record's repository when no frame is in its file", () => {
    const trace = tb(6, "ValueError", [[`${SGLANG_SRC}/managers/scheduler.py`, 10]]);
    const ranked = rankMatches([found("marlinVllm", "full", [6]), found("marlinSglang", "full", [6])], [trace]);
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    expect(ranked[0]!.reasons).toContain("frames run through sglang");
  });

  it("takes the best evidence among a record's lines", () => {
    const early = tb(6, "KeyError", [["/app/x.py", 1]]);
    const later = tb(20, "RuntimeError", [[`${SGLANG_SRC}/model_executor/model_runner.py`, 1290]]);
    const [m] = rankMatches([found("notEnoughMemory", "full", [6, 20])], [early, later]);
    expect(m!.reasons).toEqual([
      "the whole pattern matched",
      `final exception of the traceback at line ${later.startLine}`,
      "raised as RuntimeError, the record's class",
      "a frame is in sglang/srt/model_executor/model_runner.py at line 1290",
    ]);
  });

  it("puts more literal text first when nothing else differs", () => {
    const ranked = rankMatches(
      [found("loraRank", "full", [1]), found("tokenizerLoad", "full", [2]), found("notEnoughMemory", "full", [3])],
      [],
    );
    expect(order(ranked)).toEqual(["tokenizerLoad", "notEnoughMemory", "loraRank"]);
  });

  it("breaks ties by the earlier line, then by id", () => {
    const a = entry("marlinVllm");
    const b = entry("marlinSglang");
    expect(order(rankMatches([found(b, "full", [1]), found(a, "full", [2])], []))).toEqual(["marlinSglang", "marlinVllm"]);
    expect(order(rankMatches([found(b, "full", [1]), found(a, "full", [1])], []))).toEqual(["marlinVllm", "marlinSglang"]);
  });

  it("carries kind, lines and occurrences through, with a positive score", () => {
    const input = found("loraRank", "full", [3, 40]);
    const [m] = rankMatches([input], []);
    expect(m).toMatchObject({ kind: "full", lines: input.lines, occurrences: 2, reasons: ["the whole pattern matched"] });
    expect(m!.score).toBeGreaterThan(0);
  });

  it("ranks nothing as nothing", () => {
    expect(rankMatches([], [tb(3, "ValueError", [])])).toEqual([]);
  });
});
