import { describe, expect, it } from "vitest";
import { SimilarIndex, words } from "./similar";
import { buildMatcherData } from "./matcher-data";
import { FIXTURE_RECORDS, R, type FixtureName } from "../testing/fixtures/records";

const index = new SimilarIndex(buildMatcherData(FIXTURE_RECORDS).entries);
const NAME = new Map(Object.entries(R).map(([name, r]) => [r.id, name as FixtureName]));
const NOT_QUITE_KV = "ValueError: Not enough free memory for the KV cache blocks; lower max_model_len or raise gpu_memory_utilization";

describe("words", () => {
  it("keeps distinct lower-cased words of three or more characters, identifiers whole, and drops stop words", () => {
    expect(words("The model's max seq len is NOT in the KV cache; use gpu_memory_utilization. 3rd x9 ab The the")).toEqual([
      "model",
      "max",
      "seq",
      "len",
      "cache",
      "gpu_memory_utilization",
    ]);
  });

  it("finds no words in empty or stop-word-only text", () => {
    expect(words("")).toEqual([]);
    expect(words("the and for with not")).toEqual([]);
  });
});

describe("SimilarIndex.query", () => {
  it("ranks the records sharing the most distinctive words first, with the words they share", () => {
    const similar = index.query(NOT_QUITE_KV);
    expect(similar.map((s) => NAME.get(s.entry.id))).toEqual(["noCacheMemory", "kvCacheMaxSeqLen"]);
    expect(similar[0]!.shared).toEqual(["valueerror", "memory", "cache", "blocks", "gpu_memory_utilization"]);
    expect(similar[1]!.shared).toEqual(["valueerror", "cache", "max_model_len", "gpu_memory_utilization"]);
    expect(similar[0]!.similarity).toBeGreaterThan(similar[1]!.similarity);
    for (const s of similar) {
      expect(s.similarity).toBeGreaterThanOrEqual(0.25);
      expect(s.similarity).toBeLessThanOrEqual(1);
    }
  });

  it("needs at least two shared words", () => {
    expect(index.query("tokenizer")).toEqual([]);
  });

  it("honours the limit and the minimum similarity", () => {
    expect(index.query(NOT_QUITE_KV, 1).map((s) => NAME.get(s.entry.id))).toEqual(["noCacheMemory"]);
    expect(index.query(NOT_QUITE_KV, 5, 0.9)).toEqual([]);
  });

  it("finds nothing for text without known words", () => {
    expect(index.query("")).toEqual([]);
    expect(index.query("the and for")).toEqual([]);
    expect(index.query("zzz qqq xyzzy")).toEqual([]);
  });

  it("orders equal similarities by id, so results are stable", () => {
    const similar = index.query("ValueError: The input size is not aligned with the quantized weight shape");
    expect(similar.slice(0, 2).map((s) => NAME.get(s.entry.id))).toEqual(["marlinVllm", "marlinSglang"]);
    expect(similar[0]!.similarity).toBe(similar[1]!.similarity);
  });
});
