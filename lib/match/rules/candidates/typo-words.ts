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
    "When a line found no record, each of its words of T.typoLetters letters or more that no record uses is replaced by " +
    "the word one edit away (a letter dropped, added, changed, or two swapped) that records do use, the rarest first, and " +
    "the line is compared again. A word some record uses is never rewritten, nor one longer than T.typoMaxLetters " +
    "(a run of one letter, a hash: no word, and its variants would cost time).",
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
 * `text` with each long word no record uses replaced by the rarest word one edit away that records do use; null when
 * no word was replaced (or a count was not at hand: the caller is asked again once it is).
 */
export function correctTypos(text: string, count: WordCount): string | null {
  let changed = false;
  let pending = false;
  const out = tokens(text).map((t) => {
    if (!t.word || t.key.length < T.typoLetters || t.key.length > T.typoMaxLetters || !isContentWord(t.key) || !/^[a-z]+$/.test(t.key))
      return t.text;
    const own = count(t.key);
    if (own === null) pending = true;
    if (own !== undefined) return t.text;
    let best: { word: string; n: number } | null = null;
    for (const v of oneEditAway(t.key)) {
      const n = count(v);
      if (n === null) pending = true;
      else if (n !== undefined && (!best || n < best.n || (n === best.n && v < best.word))) best = { word: v, n };
    }
    if (!best) return t.text;
    changed = true;
    const raw = /[A-Za-z0-9_]+$/.exec(t.text)?.[0] ?? "";
    return t.text.slice(0, t.text.length - raw.length) + best.word;
  });
  return changed && !pending ? out.join("") : null;
}
