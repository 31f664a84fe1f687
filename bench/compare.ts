/**
 * `npx tsx bench/compare.ts DIR`: the 10 MB lookup of this tree against the
 * one of another checkout of errdex (DIR, with its node_modules), in one
 * process, alternating run by run. On a machine shared with other work a
 * busy minute then slows both alike, which two `npm run bench` runs minutes
 * apart cannot promise. Checks first that both answer the same (every
 * match, line, traceback), then prints the median and the fastest of
 * ROUNDS runs each, in wall time and in CPU time, and the matcher build.
 * `--any-answer` times a base that answers differently (an older release).
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/data/matcher-data";
import { Matcher } from "../lib/match/matcher";
import { generateLog } from "./log-gen";

const ROUNDS = 11;
const base = process.argv[2];
if (!base) {
  console.error("usage: npx tsx bench/compare.ts DIR (another checkout of errdex, with node_modules)");
  process.exit(2);
}
const corpus = process.env.BENCH_DATA ?? path.resolve("../shared/corpus");
const other = {
  data: (await import(path.resolve(base, "lib/match/data/matcher-data.ts"))) as { buildMatcherData: typeof buildMatcherData },
  matcher: (await import(path.resolve(base, "lib/match/matcher.ts"))) as { Matcher: typeof Matcher },
};
const records = loadDataset(corpus).records;
const { log } = generateLog(records, 10 * 1024 * 1024, 20);

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const runs: Record<string, { wall: number[]; cpu: number[] }> = {};
const measure = <T>(name: string, f: () => T): T => {
  const w = performance.now();
  const c = cpu();
  const out = f();
  const r = (runs[name] ??= { wall: [], cpu: [] });
  r.cpu.push(cpu() - c);
  r.wall.push(performance.now() - w);
  return out;
};

let mine!: Matcher;
let theirs!: Matcher;
for (let i = 0; i < 3; i++) {
  theirs = measure("build, base", () => new other.matcher.Matcher(other.data.buildMatcherData(records)));
  mine = measure("build, this tree", () => new Matcher(buildMatcherData(records)));
}
const answer = (m: Matcher) => JSON.stringify({ ...m.lookup(log), elapsedMs: 0 });
const same = measure("first lookup, base", () => answer(theirs)) === measure("first lookup, this tree", () => answer(mine));
console.log(`same answer on the 10 MB log: ${same}`);
// `--any-answer`: time a base from before a change of answers (the speed of an older release, say).
if (!same && !process.argv.includes("--any-answer")) process.exit(1);
for (let i = 0; i < ROUNDS; i++) {
  measure("lookup, base", () => theirs.lookup(log));
  measure("lookup, this tree", () => mine.lookup(log));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`.padStart(8);
console.log(`${"".padEnd(26)} ${"median".padStart(8)} ${"fastest".padStart(8)} ${"cpu med".padStart(8)} ${"cpu min".padStart(8)}`);
for (const [name, r] of Object.entries(runs)) {
  console.log(`${name.padEnd(26)} ${ms(median(r.wall))} ${ms(Math.min(...r.wall))} ${ms(median(r.cpu))} ${ms(Math.min(...r.cpu))}`);
}
