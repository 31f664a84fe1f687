#!/usr/bin/env node
// Entry point of `errdex` (installed) and `npx errdex` (a checkout): runs the bundled CLI, dist/errdex.mjs.
// A package ships it built; a checkout builds it on its first run (`npm run build:cli` rebuilds it).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";

const bundle = fileURLToPath(new URL("../dist/errdex.mjs", import.meta.url));
if (!existsSync(bundle)) {
  const builder = fileURLToPath(new URL("../scripts/build-cli.mjs", import.meta.url));
  if (!existsSync(builder)) {
    process.stderr.write("errdex: this installation has no dist/errdex.mjs; reinstall errdex\n");
    process.exit(2);
  }
  process.stderr.write("errdex: building the CLI from this checkout (once; `npm run build:cli` rebuilds it)\n");
  if (spawnSync(process.execPath, [builder], { stdio: "inherit" }).status !== 0) {
    process.stderr.write("errdex: the CLI could not be built; run `npm ci`, then `npm run build:cli`\n");
    process.exit(2);
  }
}
// Without --data or ERRDEX_DATA, the CLI reads the dataset embedded in this package.
process.env.ERRDEX_EMBEDDED_DATA ??= fileURLToPath(new URL("../data", import.meta.url));
const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2));
