/**
 * ERRDEX_DATASET_REPO at build time: `npm run build` checks it before any
 * other work and stops on a malformed value with the one line the user reads.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DATASET_REPO_FORM } from "../lib/site/dataset-repo";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("npm run build with a malformed ERRDEX_DATASET_REPO", () => {
  it.each([
    ["errdex", `ERRDEX_DATASET_REPO: "errdex" names no GitHub repository: "errdex" is not owner/name (expected ${DATASET_REPO_FORM})`],
    [
      "errdex/data:records/{who}.jsonl",
      `ERRDEX_DATASET_REPO: "errdex/data:records/{who}.jsonl" has an unknown placeholder {who} in its path (expected ${DATASET_REPO_FORM})`,
    ],
  ])("%j stops the build, exit 1, before anything is written", { timeout: 120_000 }, (value, message) => {
    const run = spawnSync("npx", ["tsx", "scripts/build.ts"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 110_000,
      // An output folder that must stay unwritten.
      env: { ...process.env, ERRDEX_DATASET_REPO: value, ERRDEX_OUT: "out-never-written" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`errdex build: stopped: ${message}\n`);
    expect(run.stdout).toBe("");
  });
});
