import { describe, expect, it } from "vitest";
import { nameConflict } from "./name-conflict";
import { apply, judging, wording } from "./test-judging";

describe("name-conflict", () => {
  it.each([
    { names: [{ record: "MLA", line: "MHA" }], says: "the line names MHA where the record names MLA: maybe another error" },
    {
      names: [{ record: "LoRA is enabled", line: "LoRA is not enabled", negation: true as const }],
      says: 'the line says "LoRA is not enabled" where the record says "LoRA is enabled": maybe the opposite error',
    },
  ])("$says", ({ names, says }) => {
    const w = wording({ conflict: { record: 0.2, line: 0.2, names } });
    expect(apply(nameConflict, judging({ f: { kind: "similar", wording: w } })).reasons).toEqual([says]);
  });
});
