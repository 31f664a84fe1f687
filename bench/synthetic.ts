/**
 * Synthetic records of the corpus's shape for scale work: each copies a real
 * record and swaps every word of 4+ letters in its message and pattern for a
 * made-up word, consistently, so the pattern still finds its message and the
 * literal text has the same lengths and structure.
 */
import type { ErrorRecord } from "../lib/record/schema";
import { seeded as rng } from "../lib/testing/random";

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "xi", "ze", "pa", "qu", "sho", "dra", "gen", "tor", "vel"];

/** `count` records modelled on `base`, deterministic for a seed. */
export function syntheticRecords(base: ErrorRecord[], count: number, seed = 1): ErrorRecord[] {
  const rand = rng(seed);
  const word = (len: number) => {
    let w = "";
    while (w.length < len) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    return w.slice(0, len);
  };
  const out: ErrorRecord[] = [];
  for (let i = 0; i < count; i++) {
    const b = base[i % base.length]!;
    const map = new Map<string, string>();
    const swap = (s: string) =>
      // `\\.` first, so an escape such as `\n` in a pattern is never read as part of a word.
      s.replace(/\\.|[A-Za-z]{4,}/g, (w) => {
        if (w.startsWith("\\")) return w;
        let m = map.get(w);
        if (!m) map.set(w, (m = word(w.length)));
        return m;
      });
    out.push({
      ...b,
      id: i.toString(16).padStart(16, "0"),
      slug: `${b.slug}-${i}`.slice(0, 120),
      errorMessage: swap(b.errorMessage),
      messagePattern: swap(b.messagePattern),
    });
  }
  return out;
}
