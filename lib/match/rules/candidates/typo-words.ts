/**
 * typo-words: a rare word of a line misspelt by one letter (`archiectures`) is read as the record's word it is one
 * edit from (`architectures`).
 */
import type { RuleDoc } from "../rule";
import { isContentWord, tokens } from "../../rank/wording";
import { T } from "../../rank/tuning";

export const TYPO_WORDS: RuleDoc = {
  id: "typo-words",
  stage: "candidates",
  doc:
    "When a line found no record by its share of wording (nor by a quoted span, its own line or its cut tail), the one " +
    "word of T.typoLetters letters or more that no record uses, in a quoted span of the line or else in the line, the " +
    "others all known (a text of several unknown words is names or another language), is replaced by the word one edit " +
    "away (a letter dropped, added, changed, or two swapped) that records do use, the rarest first, and the text is " +
    "compared again. Over split data the filter's word table says which variants some record uses, and their word " +
    "shards come in the batch with the line's words. A word some record uses is never rewritten, nor one longer than " +
    "T.typoMaxLetters (a run of one letter, a hash: no word, and its variants would cost time).",
};

/** How many records use a word: undefined for none, null when the count is not at hand (a lookup over part of the data). */
export type WordCount = (word: string) => number | null | undefined;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Every string one edit from `word`: a letter dropped, two neighbours swapped, a letter changed or one added. */
export function oneEditAway(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + tail[1] + tail[0] + tail.slice(2)); // not tuning: a swap takes two letters
    for (const c of LETTERS) {
      if (tail && c !== tail[0]) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return [...out];
}

/**
 * `text` with its one long word no record uses replaced by the rarest word one edit away that records do use; null
 * when there is no such word, more than one, no word one edit away, or a count not at hand (asked again once it is).
 */
export function correctTypos(text: string, count: WordCount): string | null {
  const all = tokens(text);
  const long = (t: (typeof all)[number]) =>
    t.word && t.key.length >= T.typoLetters && t.key.length <= T.typoMaxLetters && isContentWord(t.key) && /^[a-z]+$/.test(t.key);
  // One misspelt word in a message of known words: a text with several unknown words is names or another language.
  // Whether a word is unknown is known over part of the data too (a count not at hand is a word some record uses).
  const unknown = all.filter((t) => long(t) && count(t.key) === undefined);
  if (unknown.length !== 1) return null;
  const typo = unknown[0]!;
  // Every variant's count is asked for before any is judged: over part of the data, the word shards of all of them
  // (and of the span's other words) come in one batch.
  let best: { word: string; n: number } | null = null;
  let atHand = all.every((t) => !long(t) || count(t.key) !== null);
  for (const v of oneEditAway(typo.key)) {
    const n = count(v);
    if (n === null) atHand = false;
    else if (n !== undefined && (!best || n < best.n || (n === best.n && v < best.word))) best = { word: v, n };
  }
  if (!atHand || !best) return null;
  const raw = /[A-Za-z0-9_]+$/.exec(typo.text)?.[0] ?? "";
  const fixed = typo.text.slice(0, typo.text.length - raw.length) + best.word;
  return all.map((t) => (t === typo ? fixed : t.text)).join("");
}
