/**
 * Next writes, for every page, RSC payload files (`*.txt`) that only its
 * client-side router fetches. errdex pages link with plain `<a>` and ship no
 * router navigation, so those files are dead weight: on the 11,320-record
 * corpus, 54k files and 743 MB of the 1.3 GB output.
 */
import fs from "node:fs";
import path from "node:path";

/** Deletes the RSC `.txt` payloads under `outDir` (keeping robots.txt); returns how many. */
export function removeRscPayloads(outDir: string): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith(".txt") && full !== path.join(outDir, "robots.txt")) {
        fs.rmSync(full);
        n++;
      }
    }
  };
  walk(outDir);
  return n;
}
