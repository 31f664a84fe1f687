#!/usr/bin/env node
// Entry point of `npx errdex`: runs the bundled CLI (built by `npm run prepare`).
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = fileURLToPath(new URL("../dist/errdex.mjs", import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write("errdex: the CLI is not built yet; run `npm run prepare` (npm install does it)\n");
  process.exit(2);
}
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
