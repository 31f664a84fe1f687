import { describe, expect, it } from "vitest";
import { FIXTURE_RECORDS, R } from "../../testing/fixtures/records";
import { frame, traceback } from "../../testing/fixtures/logs";
import { lookupOver, splitFiles } from "../../testing/split-files";
import { Lookup } from "../lookup";
import { buildMatcherData } from "../data/matcher-data";
import { MAX_KNOWN_IN_FILE } from "./raise-sites";
import { PD_LINE } from "../../testing/matcher-stories";

const data = buildMatcherData(FIXTURE_RECORDS, "2026-01-01T00:00:00Z");
const whole = new Lookup(data);
const KV = R.kvCacheMaxSeqLen;
const inKvFile = FIXTURE_RECORDS.filter((r) => r.filePath === KV.filePath);
/** A traceback raised in the kv-cache file with a message no record has. */
const unknownInKvFile = traceback(
  [
    frame("/app/main.py", 10, "main", "run()"),
    frame(`/usr/lib/python3.12/site-packages/${KV.filePath}`, 777, "check_enough_kv_cache_memory", "raise KeyError(block)"),
  ],
  "KeyError: 'block_77'",
);

describe("the no-match view's raise sites", () => {
  it("gives the last frame as a package-relative file, function and line, with the printed source line", () => {
    const s = whole.run(unknownInKvFile);
    expect(s.matches).toEqual([]);
    expect(s.raiseSites).toHaveLength(1);
    expect(s.raiseSites[0]).toMatchObject({
      line: 4 + 2,
      exception: "KeyError: 'block_77'",
      file: KV.filePath,
      func: "check_enough_kv_cache_memory",
      lineNumber: 777,
      source: "raise KeyError(block)",
      repo: KV.repo,
      knownTotal: inKvFile.length,
      githubUrl: `https://github.com/${KV.repo}/blob/${KV.analyzedSha}/${KV.filePath}`,
    });
  });

  it("lists the dataset's records of that file, linked by id, at most five", () => {
    const known = whole.run(unknownInKvFile).raiseSites[0]!.known;
    expect(known.map((k) => k.id).sort()).toEqual(inKvFile.map((r) => r.id).sort());
    expect(known.length).toBeLessThanOrEqual(MAX_KNOWN_IN_FILE);
    expect(known[0]).toMatchObject({ repo: KV.repo, errorClass: expect.any(String), slug: expect.any(String) });
  });

  it("names no repository and no records for a traceback outside every package the dataset covers", () => {
    const log = traceback([frame("/home/me/project/app/loader.py", 12, "load", "raise KeyError(name)")], "KeyError: 'weights'");
    const [site] = whole.run(log).raiseSites;
    expect(site).toMatchObject({ file: "project/app/loader.py", func: "load", lineNumber: 12, known: [], knownTotal: 0 });
    expect(site!.repo).toBeUndefined();
    expect(site!.githubUrl).toBeUndefined();
  });

  it("names the covered package the traceback runs through when it was raised in a dependency", () => {
    const log = traceback(
      [
        frame(`/usr/lib/python3.12/site-packages/${KV.filePath}`, 20, "f", "torch.load(x)"),
        frame("/usr/lib/python3.12/site-packages/torch/serialization.py", 1000, "load", "raise pickle.UnpicklingError(msg)"),
      ],
      "_pickle.UnpicklingError: Weights only load failed",
    );
    expect(whole.run(log).raiseSites[0]).toMatchObject({ file: "torch/serialization.py", repo: KV.repo, known: [] });
  });

  it("is empty when something matched, and the same over split data as over the whole", async () => {
    const files = splitFiles(data, 64);
    const { lookup } = lookupOver(files);
    const split = await lookup.run(unknownInKvFile);
    expect(split.raiseSites).toEqual(whole.run(unknownInKvFile).raiseSites);
    const matched = whole.run(`${PD_LINE}\n${unknownInKvFile}`);
    expect(matched.matches.length).toBeGreaterThan(0);
    expect(matched.raiseSites).toEqual([]);
  });
});
