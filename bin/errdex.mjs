#!/usr/bin/env node
// Entry point of `npx errdex`: runs the bundled CLI (built by `npm run prepare`).
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = fileURLToPath(new URL("../dist/errdex.mjs", import.meta.url));
if (!existsSync(bundle)) {
  process.stderr.write("errdex: the CLI is not built yet; run `npm run prepare` (npm install does it)\n");
  process.exit(2);
}
// Without --data or ERRDEX_DATA, the CLI reads the dataset embedded in this package.
process.env.ERRDEX_EMBEDDED_DATA ??= fileURLToPath(new URL("../data", import.meta.url));
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
