import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchAssets } from "./match-assets";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "errdex-assets-"));

describe("the lookup's asset addresses", () => {
  it("are the ones the build passes", () => {
    const env = { ERRDEX_MATCH_WORKER_URL: "/_errdex/match-worker.0a1b.js", ERRDEX_MATCH_DATA_URL: "/_errdex/match/9f8e/filter.json" };
    expect(matchAssets(env, tmp())).toEqual({ workerUrl: env.ERRDEX_MATCH_WORKER_URL, dataUrl: env.ERRDEX_MATCH_DATA_URL });
  });

  it("are read from the last build's content-hashed names without them", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "match-worker.5e6f7a.js"), "");
    fs.writeFileSync(path.join(dir, "other.js"), "");
    fs.mkdirSync(path.join(dir, "match", "c0ffee12"), { recursive: true });
    expect(matchAssets({}, dir)).toEqual({ workerUrl: "/_errdex/match-worker.5e6f7a.js", dataUrl: "/_errdex/match/c0ffee12/filter.json" });
  });

  it("say to build first when there is no build", () => {
    const dir = tmp();
    expect(() => matchAssets({}, dir)).toThrow(new Error(`errdex: no lookup worker or matching data in ${dir} (run npm run build)`));
    fs.writeFileSync(path.join(dir, "match-worker.js"), "");
    expect(() => matchAssets({}, dir)).toThrow(new Error(`errdex: no lookup worker or matching data in ${dir} (run npm run build)`));
  });
});
