/**
 * Writes the long tail's data (lib/page-plan): each record without a
 * prerendered page goes to `_errdex/tail/p/<shard>.json` keyed by its
 * permalink path, with its dataset version and neighbours. (Its short link
 * resolves like every record's: scripts/short-links.ts.)
 */
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath } from "../lib/record/permalink";
import { recordShardUrl } from "../lib/site/page-plan";
import { neighboursOf, refOf, type SiteIndex } from "../lib/site/site-index";
import type { TailEntry } from "../lib/site/tail";
import { writeOut } from "./out-path";

export function writeTailShards(
  outDir: string,
  tail: readonly ErrorRecord[],
  index: SiteIndex,
  versionOf: Map<string, string>,
): { records: number; files: number; bytes: number } {
  // Null-prototype objects: a key is only ever data, whatever a record holds.
  const byShard = new Map<string, Record<string, TailEntry>>();
  for (const r of tail) {
    const permalink = recordPath(r);
    const n = neighboursOf(index, r);
    const entry: TailEntry = {
      record: r,
      datasetVersion: versionOf.get(r.id),
      neighbours: { tag: n.tag, prev: n.prev && refOf(n.prev), next: n.next && refOf(n.next), related: n.related.map(refOf) },
    };
    const file = recordShardUrl(permalink);
    let shard = byShard.get(file);
    if (!shard) byShard.set(file, (shard = Object.create(null) as Record<string, TailEntry>));
    shard[permalink] = entry;
  }
  let bytes = 0;
  let files = 0;
  for (const [url, content] of byShard) {
    const text = JSON.stringify(content);
    writeOut(outDir, url.replace(/^\//, ""), text);
    bytes += Buffer.byteLength(text);
    files++;
  }
  return { records: tail.length, files, bytes };
}
