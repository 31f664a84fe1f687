import { loadDataset } from "../server/dataset";
import { buildMatcherData } from "../lib/match/matcher-data";
import { Matcher } from "../lib/match/matcher";
import { compilePattern, toRegExp } from "../lib/pattern/pattern";
import { sampleRenderings } from "../lib/record/message-template";
const ds = loadDataset("../shared/corpus", { quick: true });
const m = new Matcher(buildMatcherData(ds.records, ds.datasetVersion));
const r = ds.records.find((x) => x.id === "a8833fedc261c02c")!;
const c = compilePattern(r.messagePattern);
const re = toRegExp(c as any);
const message = sampleRenderings(r.errorMessage).find((s) => re.test(s))!;
const log = `2025-06-01 10:00:00 ERROR something went wrong\n${r.errorClass}: ${message}\nINFO shutting down\n`;
console.log(log);
for (const x of m.lookup(log).matches.slice(0, 6))
  console.log(x.entry.id, x.kind, x.confidence, x.score, x.entry.message.slice(0, 80), x.reasons.slice(0, 3).join(" | "));
