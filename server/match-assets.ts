/**
 * The addresses of the lookup's worker and matching data, whose names carry
 * a hash of their content (scripts/browser-assets.ts). `npm run build` passes
 * them to the pages it renders; without it (`next dev` after a build), they
 * are read from what the last build wrote.
 */
import fs from "node:fs";
import path from "node:path";

const ASSETS = path.join("public", "_errdex");

export interface MatchAssets {
  workerUrl: string;
  dataUrl: string;
}

/** The worker's and the filter's addresses (`env`: the build's, `dir`: where the last build wrote them). */
export function matchAssets(env: Record<string, string | undefined> = process.env, dir = ASSETS): MatchAssets {
  const { ERRDEX_MATCH_WORKER_URL: workerUrl, ERRDEX_MATCH_DATA_URL: dataUrl } = env;
  if (workerUrl && dataUrl) return { workerUrl, dataUrl };
  const worker = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => /^match-worker\.[0-9a-f]+\.js$/.test(f)) : undefined;
  const match = path.join(dir, "match");
  const data = fs.existsSync(match) ? fs.readdirSync(match).find((f) => /^[0-9a-f]+$/.test(f)) : undefined;
  if (!worker || !data) throw new Error(`errdex: no lookup worker or matching data in ${dir} (run npm run build)`);
  return { workerUrl: `/_errdex/${worker}`, dataUrl: `/_errdex/match/${data}/filter.json` };
}
