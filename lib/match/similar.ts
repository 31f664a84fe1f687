/**
 * "Similar — not a pattern match": when no pattern matches, the records whose
 * message shares the most distinctive words with the log's error-looking
 * lines. A small TF-IDF over message words, built on first use.
 */
import type { MatcherEntry } from "./matcher-data";

export interface Similar {
  entry: MatcherEntry;
  /** 0..1: share of the query's weight the record's message covers. */
  similarity: number;
  /** The query words it shares. */
  shared: string[];
}

const WORD = /[A-Za-z][A-Za-z0-9_]{2,}/g;
const STOP = new Set(
  "the and for with not are was were has have had this that from but you your can cannot into than then when which while will would should could must may use used using got get set its all any one two out per via none true false".split(
    " ",
  ),
);

/** Lower-cased distinctive words of a text. */
export function words(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const w = m[0].toLowerCase();
    if (!STOP.has(w)) out.add(w);
  }
  return [...out];
}

export class SimilarIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly idf = new Map<string, number>();

  constructor(private readonly entries: MatcherEntry[]) {
    entries.forEach((e, i) => {
      for (const w of words(`${e.errorClass} ${e.message}`)) {
        const list = this.postings.get(w);
        if (list) list.push(i);
        else this.postings.set(w, [i]);
      }
    });
    for (const [w, list] of this.postings) this.idf.set(w, Math.log(1 + entries.length / list.length));
  }

  /** The `limit` records most similar to `text`, above a minimum similarity. */
  query(text: string, limit = 5, minimum = 0.25): Similar[] {
    const all = words(text);
    const q = all.filter((w) => this.idf.has(w));
    // Words no record uses count at the highest weight: they are what makes the log's error its own.
    const unknownWeight = Math.log(1 + this.entries.length);
    const total = q.reduce((s, w) => s + this.idf.get(w)!, 0) + (all.length - q.length) * unknownWeight;
    if (q.length === 0) return [];
    const scores = new Map<number, { score: number; shared: string[] }>();
    for (const w of q) {
      const weight = this.idf.get(w)!;
      for (const i of this.postings.get(w)!) {
        const s = scores.get(i) ?? { score: 0, shared: [] };
        s.score += weight;
        s.shared.push(w);
        scores.set(i, s);
      }
    }
    return [...scores.entries()]
      .map(([i, s]) => ({ entry: this.entries[i]!, similarity: s.score / total, shared: s.shared }))
      .filter((s) => s.similarity >= minimum && s.shared.length >= 2)
      .sort((a, b) => b.similarity - a.similarity || a.entry.id.localeCompare(b.entry.id))
      .slice(0, limit);
  }
}
