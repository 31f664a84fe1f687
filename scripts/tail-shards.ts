/**
 * Writes the long tail's data (lib/page-plan): each record without a
 * prerendered page goes to `_errdex/tail/p/<shard>.json` keyed by its
 * permalink path, with its dataset version and neighbours; its id goes to
 * `_errdex/tail/i/<shard>.json`, mapping to the permalink, for short links.
 */
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath } from "../lib/record/permalink";
import { idShardUrl, recordShardUrl } from "../lib/site/page-plan";
import { neighboursOf, refOf, type SiteIndex } from "../lib/site/site-index";
import type { TailEntry } from "../lib/site/tail";
import { writeOut } from "./out-path";

export function writeTailShards(
  outDir: string,
  tail: readonly ErrorRecord[],
  index: SiteIndex,
  versionOf: Map<string, string>,
): { records: number; files: number; bytes: number } {
  const byShard = new Map<string, Record<string, TailEntry>>();
  // Null-prototype objects: a key is only ever data, whatever a record holds.
  const ids = new Map<string, Record<string, string>>();
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
    const idFile = idShardUrl(r.id);
    let idShard = ids.get(idFile);
    if (!idShard) ids.set(idFile, (idShard = Object.create(null) as Record<string, string>));
    idShard[r.id] = permalink;
  }
  let bytes = 0;
  let files = 0;
  for (const [url, content] of [...byShard, ...ids] as [string, object][]) {
    const text = JSON.stringify(content);
    writeOut(outDir, url.replace(/^\//, ""), text);
    bytes += Buffer.byteLength(text);
    files++;
  }
  return { records: tail.length, files, bytes };
}
