/**
 * The distinct texts of a log's cleaned lines. A long log repeats itself
 * (progress lines, health checks, the same warning per rank: in the 10 MB
 * benchmark log 110,000 lines have 35,000 texts, 31 % of the characters), so
 * what depends on a line's text alone — the key scan's hits, whether the
 * text reads as an error — is worked out once per text and applied to every
 * line that has it.
 */
import type { LogLine } from "../../log/log-line";

export class DistinctLines {
  private readonly ids = new Map<string, number>();
  /** The distinct texts, by id (in order of first appearance). */
  readonly texts: string[] = [];
  /** The id of each line's text, by line index. */
  readonly idOf: number[] = [];

  /** Numbers lines `from` on; the texts first seen among them get the ids from the one returned to `texts.length`. */
  add(lines: LogLine[], from: number): number {
    const firstNew = this.texts.length;
    for (let i = from; i < lines.length; i++) {
      const t = lines[i]!.text;
      let id = this.ids.get(t);
      if (id === undefined) {
        id = this.texts.length;
        this.ids.set(t, id);
        this.texts.push(t);
      }
      this.idOf[i] = id;
    }
    return firstNew;
  }
}

/**
 * Hits found in distinct texts, kept by text: pairs (entry, line delta) in
 * flat arrays, each text's pairs contiguous once its scan is over.
 */
export class HitsByText {
  private readonly first: number[] = [];
  private readonly count: number[] = [];
  private readonly entry: number[] = [];
  private readonly delta: number[] = [];
  /** Pairs of the scan under way, as (text id, entry, delta) triples, in the order found. */
  private pending: number[] = [];

  /** Records a hit of the scan under way. */
  push(text: number, entry: number, delta: number): void {
    this.pending.push(text, entry, delta);
  }

  /** Ends a scan of the texts with ids `lo` … `hi − 1`: files its pairs by text, keeping their order within each text. */
  seal(lo: number, hi: number): void {
    const p = this.pending;
    const cursor = new Int32Array(hi - lo);
    for (let j = 0; j < p.length; j += 3) cursor[p[j]! - lo]!++;
    let at = this.entry.length;
    for (let id = lo; id < hi; id++) {
      const n = cursor[id - lo]!;
      this.first[id] = at;
      this.count[id] = n;
      cursor[id - lo] = at;
      at += n;
    }
    this.entry.length = this.delta.length = at;
    for (let j = 0; j < p.length; j += 3) {
      const k = cursor[p[j]! - lo]!++;
      this.entry[k] = p[j + 1]!;
      this.delta[k] = p[j + 2]!;
    }
    this.pending = [];
  }

  /** Calls `add(entry, line - delta)` for each hit of text `id`, in the order they were found: the hits of the line at index `line`. */
  each(id: number, line: number, add: (entry: number, line: number) => void): void {
    const n = this.count[id];
    if (!n) return;
    for (let k = this.first[id]!, end = k + n; k < end; k++) add(this.entry[k]!, line - this.delta[k]!);
  }
}
