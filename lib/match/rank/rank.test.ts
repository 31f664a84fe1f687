/**
 * The ranking rules together, as `rank.ts` walks them (lib/match/rules; each
 * rule has its own table test beside it), one story each, on fixture
 * entries with hand-made tracebacks: a table of confidence per kind and
 * evidence; confidence first (a specific partial above a generic full);
 * then the kind; the final exception over lines around it; the raise
 * statement printed, the line, the file; the repository the log shows;
 * the match explaining more of its line; more literal text; ties by line,
 * then id.
 */
import { describe, expect, it } from "vitest";
import { rankMatches, type Unranked } from "./rank";
import { buildMatcherData, type MatcherEntry } from "../data/matcher-data";
import type { MatchKind } from "../types";
import type { WordingMatch } from "./wording";
import { wording as wordingOf } from "../rules/test-judging";
import type { Frame, Traceback } from "../../log/traceback";
import { FIXTURE_RECORDS, R, type FixtureName } from "../../testing/fixtures/records";
import { SGLANG_SRC, VLLM_SRC } from "../../testing/fixtures/logs";

const ENTRIES = new Map(buildMatcherData(FIXTURE_RECORDS).entries.map((e) => [e.id, e]));
const NAME = new Map(Object.entries(R).map(([name, r]) => [r.id, name as FixtureName]));

function entry(name: FixtureName, overrides: Partial<MatcherEntry> = {}): MatcherEntry {
  return { ...ENTRIES.get(R[name].id)!, ...overrides };
}

function found(name: FixtureName | MatcherEntry, kind: MatchKind, lines: number[], wording?: Partial<WordingMatch>): Unranked {
  const f: Unranked = {
    entry: typeof name === "string" ? entry(name) : name,
    kind,
    lines: lines.map((line) => ({ line, text: "x".repeat(100), start: 0, end: 100, captures: [] })),
    occurrences: lines.length,
  };
  if (wording) f.wording = wordingOf(wording);
  return f;
}

function tb(
  exceptionLine: number,
  exceptionClass: string,
  frames: [file: string, line: number, source?: string[]][],
  extra: Partial<Traceback> = {},
): Traceback {
  return {
    startLine: exceptionLine - 1 - frames.length * 2,
    endLine: exceptionLine,
    exceptionClass,
    qualifiedClass: exceptionClass,
    message: "",
    exceptionLine,
    frames: frames.map(([file, line, source], i): Frame => ({
      file,
      line,
      func: "f",
      logLine: exceptionLine - frames.length * 2 + i * 2,
      ...(source ? { source } : {}),
    })),
    ...extra,
  };
}

const order = (ranked: ReturnType<typeof rankMatches>) => ranked.map((m) => NAME.get(m.entry.id) ?? m.entry.id);

/** The raise statement's first line as the fixtures' source has it, as a traceback prints it. */
const RAISE = (cls: string) => [`raise ${cls}(`];
/** A record's own message line, as Python 3.13 prints it under the frame. */
const OWN = (name: FixtureName) => [`f${JSON.stringify(R[name].errorMessage.split("\n")[0])}`];
/** A record whose message mirrors Python's own `AttributeError`: it says nothing of where it came from. */
const PY_ATTRIBUTE = buildMatcherData([
  {
    ...R.genericMustBe,
    id: "a1c3e5f700000099",
    slug: "object-has-no-attribute",
    errorClass: "AttributeError",
    errorMessage: "'{type(model).__name__}' object has no attribute '{name}'",
    messagePattern: String.raw`'(.+?)' object has no attribute '(.+?)'`,
    filePath: "vllm/worker/model_runner.py",
  },
]).entries[0]!;
const STRONG = { recordCoverage: 0.8, lineCoverage: 0.75 };
const WEAK = { recordCoverage: 0.55, lineCoverage: 0.5 };
const SG_MARLIN = `${SGLANG_SRC}/layers/quantization/marlin_utils.py`;

describe("confidence", () => {
  const marlinAt = (source?: string[], line = 164) => [tb(6, "ValueError", [[SG_MARLIN, line, source]])];
  it.each<
    [
      story: string,
      name: FixtureName | MatcherEntry,
      kind: MatchKind,
      wording: Partial<WordingMatch> | undefined,
      tracebacks: Traceback[],
      expected: string,
    ]
  >([
    ["a specific full match is high", "loraRank", "full", undefined, [], "high"],
    ["a generic full match is low", "genericMustBe", "full", undefined, [], "low"],
    ["a message that mirrors Python's own is low", PY_ATTRIBUTE, "full", undefined, [], "low"],
    [
      "…unless the traceback shows the record's raise site",
      PY_ATTRIBUTE,
      "full",
      undefined,
      [tb(6, "AttributeError", [[`${VLLM_SRC}/worker/model_runner.py`, 88]])],
      "high",
    ],
    ["a specific partial match is medium", "checkpointArch", "partial", undefined, [], "medium"],
    ["a specific partial match at its raise site is high", "marlinSglang", "partial", undefined, marlinAt(RAISE("ValueError")), "high"],
    ["a generic partial match is low", "genericMustBe", "partial", undefined, [], "low"],
    ["similar wording with strong overlap is medium", "marlinSglang", "similar", STRONG, [], "medium"],
    ["weak similarity is low", "marlinSglang", "similar", WEAK, [], "low"],
    ["similar wording at the record's raise site is high", "marlinSglang", "similar", WEAK, marlinAt(OWN("marlinSglang"), 170), "high"],
    ["similar wording where only the file agrees is low", "marlinSglang", "similar", WEAK, marlinAt(undefined, 10), "low"],
    [
      "the raise statement printed in the last frame, alone, is medium",
      "marlinSglang",
      "raise-site",
      undefined,
      marlinAt(OWN("marlinSglang"), 170),
      "medium",
    ],
    [
      "the raise site in an earlier frame, alone, is low",
      "marlinSglang",
      "raise-site",
      undefined,
      [
        tb(6, "ValueError", [
          [SG_MARLIN, 164, OWN("marlinSglang")],
          ["/app/x.py", 3],
        ]),
      ],
      "low",
    ],
  ])("%s", (_story, name, kind, wording, tracebacks, expected) => {
    const [m] = rankMatches([found(name, kind, [6], wording)], tracebacks);
    expect(m!.confidence).toBe(expected);
  });
});

describe("rankMatches", () => {
  it("puts a specific partial match above a generic full one", () => {
    const ranked = rankMatches([found("genericMustBe", "full", [2]), found("checkpointArch", "partial", [1])], []);
    expect(order(ranked)).toEqual(["checkpointArch", "genericMustBe"]);
    expect(ranked.map((m) => m.confidence)).toEqual(["medium", "low"]);
    expect(ranked[0]!.reasons).toEqual(["part of the pattern matched (90 letters of literal text)"]);
  });

  it("puts a specific match above a generic one, whatever the traceback says for the generic", () => {
    const trace = tb(10, "ValueError", [[`${VLLM_SRC}/config/utils.py`, 77]]);
    const ranked = rankMatches([found("genericMustBe", "full", [10]), found("loraRank", "full", [20])], [trace]);
    expect(order(ranked)).toEqual(["loraRank", "genericMustBe"]);
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "generic pattern: only 9 letters of literal text, it may match unrelated errors",
      "final exception of the traceback at line 7",
      "raised as ValueError, the record's class",
      "a frame is in the record's file: vllm/config/utils.py, line 77, in f",
    ]);
  });

  it("puts a full match above a partial one of the same confidence", () => {
    const ranked = rankMatches(
      [found("checkpointArch", "partial", [1], undefined), found("loraRank", "full", [2])],
      [tb(1, "ValueError", [[`${VLLM_SRC}/x.py`, 1]])],
    );
    expect(order(ranked)).toEqual(["loraRank", "checkpointArch"]);
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
    const first = tb(6, "ValueError", [[`${VLLM_SRC}/v1/core/kv_cache_utils.py`, 702, RAISE("ValueError")]]);
    const last = tb(15, "KeyError", [["/app/main.py", 1]], { chainedFrom: 0 });
    const ranked = rankMatches([found("kvCacheMaxSeqLen", "full", [6]), found("notEnoughMemory", "full", [15])], [first, last]);
    expect(order(ranked)).toEqual(["notEnoughMemory", "kvCacheMaxSeqLen"]);
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "an exception in the traceback at line 3",
      "raised as ValueError, the record's class",
      "the frame vllm/v1/core/kv_cache_utils.py, line 702, in f prints the record's raise statement",
    ]);
  });

  it("counts no exception as final when the paste cut off the one raised during it", () => {
    const first = (extra: Partial<Traceback>) =>
      tb(6, "ValueError", [[`${VLLM_SRC}/v1/core/kv_cache_utils.py`, 702, RAISE("ValueError")]], extra);
    const other = tb(15, "KeyError", [["/app/main.py", 1]]);
    const rank = (extra: Partial<Traceback>) =>
      rankMatches([found("kvCacheMaxSeqLen", "full", [6]), found("notEnoughMemory", "full", [15])], [first(extra), other]);
    // Two unrelated final exceptions: the raise statement printed decides.
    expect(order(rank({}))).toEqual(["kvCacheMaxSeqLen", "notEnoughMemory"]);
    const cut = rank({ chainCut: true });
    expect(order(cut)).toEqual(["notEnoughMemory", "kvCacheMaxSeqLen"]);
    expect(cut[1]!.reasons).toContain("an exception in the traceback at line 3");
  });

  it("takes a raise statement printed above the exception, its frame's line cut off, as the raise site", () => {
    const [m] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [["", 0, OWN("marlinSglang")]])]);
    expect(m!.reasons).toContain("the frame whose file the paste cut off prints the record's raise statement");
    const [bare] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [["", 0, RAISE("ValueError")]])]);
    expect(bare!.reasons.some((r) => r.includes("frame"))).toBe(false);
  });

  it("on the same exception line, prefers the record whose file raised it, then the one whose class it is", () => {
    const trace = tb(6, "ValueError", [[SG_MARLIN, 164]]);
    const ranked = rankMatches([found("marlinVllm", "full", [6]), found("marlinSglang", "full", [6])], [trace]);
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    expect(ranked[0]!.reasons).toContain("a frame is at the record's line: sglang/srt/layers/quantization/marlin_utils.py, line 164, in f");
    expect(ranked[1]!.reasons).toEqual([
      "the whole pattern matched",
      "final exception of the traceback at line 3",
      "raised as ValueError, the record's class",
    ]);
  });

  it("counts the raise statement printed above the line number, and the line number above the file", () => {
    const sgTrace = tb(6, "ValueError", [[SG_MARLIN, 999, OWN("marlinSglang")]]);
    const vlTrace = tb(16, "ValueError", [[`${VLLM_SRC}/model_executor/layers/quantization/utils/marlin_utils.py`, 12]]);
    const ranked = rankMatches([found("marlinVllm", "full", [16]), found("marlinSglang", "full", [6])], [sgTrace, vlTrace]);
    // Same letters, and the id would put vLLM first: only the evidence can have decided.
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    expect(ranked[0]!.reasons).toContain(
      "the frame sglang/srt/layers/quantization/marlin_utils.py, line 999, in f prints the record's raise statement",
    );
    const atLine = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[SG_MARLIN, 164]])])[0]!;
    const inFile = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[SG_MARLIN, 10]])])[0]!;
    expect(ranked[0]!.score).toBeGreaterThan(atLine.score);
    expect(atLine.score).toBeGreaterThan(inFile.score);
  });

  it("counts no line number where the frame prints other code: another release's file, whose line numbers moved", () => {
    const other = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[SG_MARLIN, 164, ["raise ImportError("]]])])[0]!;
    const inFile = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[SG_MARLIN, 10]])])[0]!;
    expect(other.reasons).toContain("a frame is in the record's file: sglang/srt/layers/quantization/marlin_utils.py, line 164, in f");
    expect(other.reasons.some((r) => r.startsWith("a frame is at the record's line"))).toBe(false);
    expect(other.score).toBe(inFile.score);
    // Its own raise statement printed at that line is the strongest evidence, as before.
    const own = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[SG_MARLIN, 164, OWN("marlinSglang")]])])[0]!;
    expect(own.score).toBeGreaterThan(other.score);
  });

  it("finds the raise statement in a moved module: a file of the same name elsewhere in the package", () => {
    const moved = SG_MARLIN.replace("/layers/quantization/", "/quant/");
    const [m] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[moved, 12, OWN("marlinSglang")]])]);
    expect(m!.reasons).toContain(
      "the frame sglang/srt/quant/marlin_utils.py, line 12, in f (the record's file is now sglang/srt/layers/quantization/marlin_utils.py) prints the record's raise statement",
    );
    // A bare `raise ValueError(` there, the record's line number there, or another file's name: no evidence.
    const frames: [string, number, string[]?][] = [
      [moved, 12, RAISE("ValueError")],
      [moved, 164],
      [moved.replace("marlin_utils.py", "gptq_utils.py"), 12, OWN("marlinSglang")],
    ];
    for (const frame of frames) {
      const [n] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [frame])]);
      expect(
        n!.reasons.some((r) => r.includes("frame")),
        frame.join(" "),
      ).toBe(false);
    }
  });

  it("weighs the last frame most", () => {
    const last = rankMatches(
      [found("marlinSglang", "full", [6])],
      [
        tb(6, "ValueError", [
          ["/app/x.py", 1],
          [SG_MARLIN, 164],
        ]),
      ],
    )[0]!;
    const earlier = rankMatches(
      [found("marlinSglang", "full", [6])],
      [
        tb(6, "ValueError", [
          [SG_MARLIN, 164],
          ["/app/x.py", 1],
        ]),
      ],
    )[0]!;
    expect(last.score).toBeGreaterThan(earlier.score);
  });

  it("finds the file however the install prefix looks, and not by its name alone", () => {
    for (const prefix of [
      "/usr/lib/python3/site-packages",
      "/sgl-workspace/sglang/python",
      "C:\\Python311\\Lib\\site-packages",
      "/home/user/src/sglang/python",
    ]) {
      const file = `${prefix}/sglang/srt/layers/quantization/marlin_utils.py`;
      const [m] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [[file, 164]])]);
      expect(
        m!.reasons.some((r) => r.startsWith("a frame is at the record's line")),
        prefix,
      ).toBe(true);
    }
    const [m] = rankMatches([found("marlinSglang", "full", [6])], [tb(6, "ValueError", [["/home/me/myproject/marlin_utils.py", 164]])]);
    expect(m!.reasons.some((r) => r.includes("frame"))).toBe(false);
  });

  it("orders records with the same message by the repository the whole log shows", () => {
    const repos = new Map([["sgl-project/sglang", { strength: 1, why: ["started with `python -m sglang.launch_server`"] }]]);
    const ranked = rankMatches([found("marlinVllm", "full", [6]), found("marlinSglang", "full", [6])], { tracebacks: [], repos });
    expect(order(ranked)).toEqual(["marlinSglang", "marlinVllm"]);
    expect(ranked[0]!.reasons).toContain("the log comes from sgl-project/sglang: started with `python -m sglang.launch_server`");
  });

  it("gives no confident answer for one message in two repositories when nothing in the log says which raised it", () => {
    const both = () => [found("marlinVllm", "full", [6]), found("marlinSglang", "full", [6])];
    const doubt = rankMatches(both(), { tracebacks: [], repos: new Map() });
    expect(doubt.map((m) => [NAME.get(m.entry.id), m.confidence])).toEqual([
      ["marlinVllm", "medium"],
      ["marlinSglang", "medium"],
    ]);
    expect(doubt[0]!.reasons).toContain("the same message is in sgl-project/sglang, and nothing in the log says clearly which raised it");
    // The repository the log clearly comes from settles it: that record stays high, the other's copy is a doubt below it.
    const repos = new Map([["vllm-project/vllm", { strength: 1, why: ["vLLM's log format"] }]]);
    const settled = rankMatches(both(), { tracebacks: [], repos });
    expect(settled.map((m) => [NAME.get(m.entry.id), m.confidence])).toEqual([
      ["marlinVllm", "high"],
      ["marlinSglang", "medium"],
    ]);
    expect(settled[0]!.reasons).toContain("the same message is in sgl-project/sglang; the log comes from vllm-project/vllm");
    expect(settled[1]!.reasons).toContain("the same message is in vllm-project/vllm, where the log comes from");
    // A mere mention orders them but settles nothing.
    const mention = new Map([["sgl-project/sglang", { strength: 1 / 3, why: ["the log mentions sglang"] }]]);
    expect(rankMatches(both(), { tracebacks: [], repos: mention }).map((m) => [NAME.get(m.entry.id), m.confidence])).toEqual([
      ["marlinSglang", "medium"],
      ["marlinVllm", "medium"],
    ]);
  });

  describe("a copy from a repository the log shows no sign of yields to the home repository's own record of the line", () => {
    const vllm = { strength: 1, why: ["vLLM's log format", "frames under vllm/"] };
    const rank = (repos: Map<string, { strength: number; why: string[] }>, homeLine = 6) =>
      rankMatches([found("marlinSglang", "full", [6]), found("marlinVllm", "partial", [homeLine])], { tracebacks: [], repos }).map((m) => [
        NAME.get(m.entry.id),
        m.confidence,
      ]);
    it.each([
      [
        "the log clearly comes from vLLM",
        new Map([["vllm-project/vllm", vllm]]),
        6,
        [
          ["marlinVllm", "medium"],
          ["marlinSglang", "medium"],
        ],
      ],
      [
        "vLLM's record answers another line",
        new Map([["vllm-project/vllm", vllm]]),
        9,
        [
          ["marlinSglang", "high"],
          ["marlinVllm", "medium"],
        ],
      ],
      [
        // A mention does not make the copy yield its place, but a full copy of the mentioned project's longer message is
        // no confident answer (doubt-twins).
        "the log only mentions vLLM",
        new Map([["vllm-project/vllm", { strength: 1 / 3, why: ["the log mentions vllm"] }]]),
        6,
        [
          ["marlinSglang", "medium"],
          ["marlinVllm", "medium"],
        ],
      ],
      [
        "the log points at sglang too",
        new Map([
          ["vllm-project/vllm", vllm],
          ["sgl-project/sglang", { strength: 1 / 3, why: ["the log mentions sglang"] }],
        ]),
        6,
        [
          ["marlinSglang", "high"],
          ["marlinVllm", "medium"],
        ],
      ],
    ] as const)("%s", (_, repos, homeLine, want) => {
      expect(rank(repos as Map<string, { strength: number; why: string[] }>, homeLine)).toEqual(want);
    });
    it("says why the copy yields", () => {
      const [, copy] = rankMatches([found("marlinSglang", "full", [6]), found("marlinVllm", "partial", [6])], {
        tracebacks: [],
        repos: new Map([["vllm-project/vllm", vllm]]),
      });
      expect(copy!.reasons).toContain(
        "the log comes from vllm-project/vllm, whose own record answers this line; nothing in the log points at sgl-project/sglang",
      );
    });
  });

  it("among candidates of the same confidence and kind, puts the one explaining more of its line first", () => {
    const wide = found("marlinVllm", "similar", [1], { ...STRONG, lineCoverage: 0.95 });
    const narrow = found("marlinSglang", "similar", [1], { ...STRONG, lineCoverage: 0.7 });
    expect(order(rankMatches([narrow, wide], []))).toEqual(["marlinVllm", "marlinSglang"]);
  });

  it("says how similar wording compares, and carries the diff", () => {
    const diff = [
      { op: "=" as const, text: "The input size" },
      { op: "-" as const, text: " is not" },
      { op: "+" as const, text: " isn't" },
    ];
    const [m] = rankMatches([found("marlinSglang", "similar", [1], { ...STRONG, diff })], []);
    expect(m!.reasons[0]).toBe(
      "similar wording, not a pattern match: 80 % of the record's message is in the line, which it explains 75 % of",
    );
    expect(m!.diff).toEqual(diff);
    expect(m!.coverage).toEqual({ record: 0.8, line: 0.75 });
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
    expect(m).toMatchObject({
      kind: "full",
      confidence: "high",
      lines: input.lines,
      occurrences: 2,
      reasons: ["the whole pattern matched"],
    });
    expect(m!.score).toBeGreaterThan(0);
  });

  it("ranks nothing as nothing", () => {
    expect(rankMatches([], [tb(3, "ValueError", [])])).toEqual([]);
  });
});
