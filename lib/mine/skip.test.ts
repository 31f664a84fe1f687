/** Which paths the miner skips: the default folders, test files, and `--exclude` globs. */
import { describe, expect, it } from "vitest";
import { globRegExp, isSkippedFolder, isTestFile } from "./skip";

describe("--exclude globs", () => {
  it.each([
    ["*_pb2.py", "pkg/api/model_pb2.py", true],
    ["*_pb2.py", "model_pb2.py", true],
    ["*_pb2.py", "pkg/model_pb2.pyc", false],
    ["legacy", "pkg/legacy/old.py", true],
    ["legacy", "pkg/legacy_tools.py", false],
    ["legacy/**", "legacy/a/b.py", true],
    ["legacy/**", "pkg/legacy/a.py", false],
    ["pkg/*/gen.py", "pkg/a/gen.py", true],
    ["pkg/*/gen.py", "pkg/a/b/gen.py", false],
    ["pkg/**/gen.py", "pkg/a/b/gen.py", true],
    ["pkg/**/gen.py", "pkg/gen.py", true],
    ["m?.py", "src/m1.py", true],
    ["m?.py", "src/m10.py", false],
    ["a+b(c).py", "a+b(c).py", true],
  ])("%s on %s: %s", (glob, path, excluded) => {
    expect(globRegExp(glob).test(path)).toBe(excluded);
  });
});

describe("default skips", () => {
  it.each([
    ["tests", true],
    ["Tests", true],
    ["third_party", true],
    [".git", true],
    [".", false],
    ["testing", false],
    ["core", false],
  ])("folder %s: %s", (name, skipped) => {
    expect(isSkippedFolder(name)).toBe(skipped);
  });

  it.each([
    ["test_engine.py", true],
    ["engine_test.py", true],
    ["conftest.py", true],
    ["testing.py", false],
    ["contest.py", false],
  ])("file %s: %s", (name, skipped) => {
    expect(isTestFile(name)).toBe(skipped);
  });
});
