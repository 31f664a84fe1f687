/** For tests that read the project's own source: the TypeScript modules under a folder. */
import fs from "node:fs";
import path from "node:path";

/** The `.ts` modules under `dir` (any depth), tests aside, relative to it with `/` separators, sorted. */
export function sourceModules(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort();
}
