/**
 * Build benchmark (`npm run bench:build`): builds the shared corpus into
 * `out-bench/` with `npm run build`, times it, and counts what it wrote, per
 * kind of file: files, bytes, and disk blocks (what `du` counts). Writes
 * `bench/results/build.json`. The targets (issue 11): at most 500 MB in at
 * most 30,000 files, built in at most 5 minutes.
 *
 *   --cold              empty the share-image cache first (a first build)
 *   --measure DIR       count an existing build instead of building
 *   --seconds N         with --measure: the build's wall time, to record
 *   --note TEXT         recorded as is (the conditions of a measured build)
 *   --output FILE       the results file (default bench/results/build.json)
 *
 * `BENCH_DATA` (or `ERRDEX_DATA`) points at another corpus.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine } from "./report";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    cold: { type: "boolean", default: false },
    measure: { type: "string" },
    seconds: { type: "string" },
    note: { type: "string" },
    output: { type: "string", default: "bench/results/build.json" },
  },
});
const corpus = process.env.BENCH_DATA ?? process.env.ERRDEX_DATA ?? path.resolve("../shared/corpus");
const MB = 1e6;

let outDir = args.measure;
let seconds = args.seconds === undefined ? undefined : Number(args.seconds);
let loadBefore: number[] | undefined;
if (!outDir) {
  loadBefore = os.loadavg();
  outDir = "out-bench";
  if (args.cold) fs.rmSync("node_modules/.cache/errdex-og", { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, ERRDEX_DATA: corpus, ERRDEX_OUT: outDir } });
  if (r.status !== 0) process.exit(r.status ?? 1);
  seconds = (performance.now() - t0) / 1000;
}

/** The kind of a file, by where the build puts it. */
function kindOf(parts: string[]): string {
  const [top, ...rest] = parts;
  const name = parts.at(-1)!;
  if (top === "errors") return rest.length === 3 && name.endsWith(".html") ? "record pages" : "repository pages and rows";
  if (top === "tags") return name.endsWith(".html") ? "tag pages" : "tag rows";
  if (top === "og") return "share images";
  if (top === "e") return "short-link pages";
  if (top === "_errdex") return rest[0] === "e" ? "short-link shards" : "data (matcher, search, tail, manifest)";
  if (top === "_next") return "scripts and styles";
  return "other";
}

const kinds: Record<string, { files: number; bytes: number; diskBytes: number }> = {};
for (const e of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
  if (!e.isFile()) continue;
  const file = path.join(e.parentPath, e.name);
  const st = fs.statSync(file);
  const kind = kindOf(path.relative(outDir, file).split(path.sep));
  const k = (kinds[kind] ??= { files: 0, bytes: 0, diskBytes: 0 });
  k.files++;
  k.bytes += st.size;
  k.diskBytes += st.blocks * 512;
}
const total = Object.values(kinds).reduce(
  (t, k) => ({ files: t.files + k.files, bytes: t.bytes + k.bytes, diskBytes: t.diskBytes + k.diskBytes }),
  {
    files: 0,
    bytes: 0,
    diskBytes: 0,
  },
);

for (const [kind, k] of Object.entries(kinds).sort((a, b) => b[1].bytes - a[1].bytes))
  console.log(
    `${kind.padEnd(40)} ${String(k.files).padStart(6)} files ${(k.bytes / MB).toFixed(1).padStart(8)} MB (${(k.diskBytes / MB).toFixed(1)} MB on disk)`,
  );
console.log(
  `${"total".padEnd(40)} ${String(total.files).padStart(6)} files ${(total.bytes / MB).toFixed(1).padStart(8)} MB (${(total.diskBytes / MB).toFixed(1)} MB on disk)` +
    (seconds === undefined ? "" : `, built in ${seconds.toFixed(0)} s`),
);

fs.mkdirSync(path.dirname(args.output), { recursive: true });
fs.writeFileSync(
  args.output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: machine(),
      loadAverageBefore: loadBefore?.map((l) => Math.round(l * 100) / 100),
      note: args.note,
      site: outDir,
      cold: args.measure ? undefined : args.cold,
      seconds: seconds === undefined ? undefined : Math.round(seconds * 10) / 10,
      total,
      kinds,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${args.output}`);
