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

/** The worker's and the filter's addresses. */
export function matchAssets(): MatchAssets {
  const { ERRDEX_MATCH_WORKER_URL: workerUrl, ERRDEX_MATCH_DATA_URL: dataUrl } = process.env;
  if (workerUrl && dataUrl) return { workerUrl, dataUrl };
  const worker = fs.existsSync(ASSETS) ? fs.readdirSync(ASSETS).find((f) => /^match-worker\.[0-9a-f]+\.js$/.test(f)) : undefined;
  const match = path.join(ASSETS, "match");
  const data = fs.existsSync(match) ? fs.readdirSync(match)[0] : undefined;
  if (!worker || !data) throw new Error("errdex: no lookup worker or matching data in public/_errdex (run npm run build)");
  return { workerUrl: `/_errdex/${worker}`, dataUrl: `/_errdex/match/${data}/filter.json` };
}
