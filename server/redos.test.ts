import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readCache } from "./redos";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-redos-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
};

describe("the ReDoS verdict cache", () => {
  it("reads verdicts it wrote", () => {
    const f = file(
      "ok.json",
      JSON.stringify({ "/a+/": { status: "safe" }, "/(a+)+$/": { status: "vulnerable", complexity: "exponential" } }),
    );
    expect(readCache(f, () => expect.unreachable())).toEqual({
      "/a+/": { status: "safe" },
      "/(a+)+$/": { status: "vulnerable", complexity: "exponential" },
    });
  });

  it("is empty when missing, and says nothing", () => {
    const warnings: string[] = [];
    expect(readCache(path.join(dir, "none.json"), (m) => void warnings.push(m))).toEqual({});
    expect(warnings).toEqual([]);
  });

  it.each([
    ["not JSON", "{", /^errdex: ignoring the ReDoS verdict cache \(.*bad\.json: .*JSON.*\); verdicts are recomputed$/],
    [
      "a verdict of another shape",
      JSON.stringify({ "/a/": { status: "fine" } }),
      /^errdex: ignoring the ReDoS verdict cache \(.*bad\.json: \/a\/\.status: "fine" Invalid option: expected one of "safe"\|"vulnerable"\|"unknown"\); verdicts are recomputed$/,
    ],
    [
      "a list",
      "[1]",
      /^errdex: ignoring the ReDoS verdict cache \(.*bad\.json: \(a list\) Invalid input: expected record, received array\); verdicts are recomputed$/,
    ],
  ])("is empty when it holds %s, and says why", (_name, text, warning) => {
    const warnings: string[] = [];
    expect(readCache(file("bad.json", text), (m) => void warnings.push(m))).toEqual({});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(warning);
  });
});
