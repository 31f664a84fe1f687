import { describe, expect, it } from "vitest";
import { DATASET_REPO_FORM, parseDatasetRepo, recordFilePath } from "./dataset-repo";

describe("parseDatasetRepo (ERRDEX_DATASET_REPO)", () => {
  it("reads owner/name, with or without a path template; unset or blank is no repository", () => {
    expect(parseDatasetRepo("errdex/datasets")).toEqual({ repo: "errdex/datasets" });
    expect(parseDatasetRepo("  errdex/data.sets  ")).toEqual({ repo: "errdex/data.sets" });
    expect(parseDatasetRepo("errdex/datasets:records/{owner}/{name}.jsonl")).toEqual({
      repo: "errdex/datasets",
      path: "records/{owner}/{name}.jsonl",
    });
    expect(parseDatasetRepo(undefined)).toBeNull();
    expect(parseDatasetRepo("   ")).toBeNull();
  });

  it.each([
    ["errdex", `ERRDEX_DATASET_REPO: "errdex" names no GitHub repository: "errdex" is not owner/name (expected ${DATASET_REPO_FORM})`],
    [
      "https://github.com/errdex/datasets",
      `ERRDEX_DATASET_REPO: "https://github.com/errdex/datasets" names no GitHub repository: "https" is not owner/name (expected ${DATASET_REPO_FORM})`,
    ],
    ["a/b/c", `ERRDEX_DATASET_REPO: "a/b/c" names no GitHub repository: "a/b/c" is not owner/name (expected ${DATASET_REPO_FORM})`],
    [
      "-bad/name",
      `ERRDEX_DATASET_REPO: "-bad/name" names no GitHub repository: "-bad/name" is not owner/name (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/..",
      `ERRDEX_DATASET_REPO: "owner/.." names no GitHub repository: "owner/.." is not owner/name (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/name?x=1",
      `ERRDEX_DATASET_REPO: "owner/name?x=1" names no GitHub repository: "owner/name?x=1" is not owner/name (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/name:../secrets",
      `ERRDEX_DATASET_REPO: "owner/name:../secrets" has a path that is not a plain relative path: "../secrets" (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/name:/abs/{id}",
      `ERRDEX_DATASET_REPO: "owner/name:/abs/{id}" has a path that is not a plain relative path: "/abs/{id}" (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/name:records/{user}.jsonl",
      `ERRDEX_DATASET_REPO: "owner/name:records/{user}.jsonl" has an unknown placeholder {user} in its path (expected ${DATASET_REPO_FORM})`,
    ],
    [
      "owner/name:records/{id.jsonl",
      `ERRDEX_DATASET_REPO: "owner/name:records/{id.jsonl" has an unmatched brace in its path (expected ${DATASET_REPO_FORM})`,
    ],
    ["owner/name:", `ERRDEX_DATASET_REPO: "owner/name:" has a path that is not a plain relative path: "" (expected ${DATASET_REPO_FORM})`],
  ])("refuses %j with the exact message", (value, message) => {
    expect(() => parseDatasetRepo(value)).toThrow(message);
  });
});

describe("recordFilePath", () => {
  const r = { id: "0123456789abcdef", repo: "vllm-project/vllm", slug: "cuda-oom" };
  it("fills the path template with the record's repository, id and slug", () => {
    expect(recordFilePath({ repo: "a/b", path: "records/{repo}/{slug}-{id}.json" }, r)).toBe(
      "records/vllm-project/vllm/cuda-oom-0123456789abcdef.json",
    );
    expect(recordFilePath({ repo: "a/b", path: "{owner}__{name}.jsonl" }, r)).toBe("vllm-project__vllm.jsonl");
    expect(recordFilePath({ repo: "a/b" }, r)).toBeUndefined();
  });
});
