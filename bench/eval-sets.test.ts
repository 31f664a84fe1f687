import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evalSets } from "./eval-sets";

describe("evalSets", () => {
  it("finds the dev set and every held-out folder with an expected.json, in numeric order", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-eval-"));
    for (const d of ["devset", "heldout/9", "heldout/14", "heldout/notes"]) fs.mkdirSync(path.join(root, d), { recursive: true });
    for (const d of ["devset", "heldout/9", "heldout/14"]) fs.writeFileSync(path.join(root, d, "expected.json"), "[]");
    expect(evalSets(root).map((s) => [s.name, s.heldOut])).toEqual([
      ["devset", false],
      ["heldout/9", true],
      ["heldout/14", true],
    ]);
  });
});
