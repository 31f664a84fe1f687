/**
 * The words of a message and of a log line as the wording comparison sees them: tokens (a word or a run of
 * punctuation, with the blanks before it), a template's placeholders as wildcards, what kind of value a placeholder's
 * name says it holds, names and negations, and how much each word weighs (inverse document frequency over the records).
 */
import { parseTemplate } from "../../record/message-template";
import { T } from "./tuning";

/** A token of a text: a word or a run of punctuation, with the blanks before it. */
export interface Token {
  /** Lower-cased word or punctuation, compared. */
  key: string;
  /** The token as written, with the blanks before it. */
  text: string;
  word: boolean;
}
export type RecordToken = Token | { key: null; text: string; name: string; word: false };

/** A word or a run of punctuation (no leading-blank group: that would backtrack over a long run of blanks). */
const TOKEN = /[A-Za-z0-9_]+|[^\sA-Za-z0-9_]+/g;
/** A placeholder naming a module constant (`MSG`, `envs.HELP_TEXT`): Python's convention for fixed text. */
export const CONSTANT = /^(?:[A-Za-z_]\w*\.)*[A-Z][A-Z0-9]*_[A-Z0-9_]*$/;
/**
 * A placeholder whose name says it holds a number (`{self.tp_size}`, `{num_experts}`, `{len(images)}`): its value is
 * digits and punctuation, never prose, so `size {tp_size} is greater` cannot explain `size (16) cannot be larger` by
 * taking `cannot be larger` as the value.
 */
export const NUMERIC_NAME =
  /^(?:len\(.*\)|.*\.numel\(\)|n|(?:.*[._])?(?:max|min|num|n|total)_\w+|(?:.*[._])?\w*(?:size|count|len|length|dim|idx|index|height|width|total|port|steps?|tokens|chars|characters|bytes|blocks|seconds))$/;
/**
 * A placeholder whose name says it holds one name (`{attn_type}`, `{self.quant_method}`, `{dtype}`, `{backend}`,
 * `{model_name}`): its value is one run without blanks (`decoder`, `torch.float16`, `Qwen/Qwen2-7B`, a type's
 * `<class 'list'>`), so
 * `does not support {attn_type} attention` cannot explain `does not support sliding window yet.` by taking three words.
 */
export const ONE_NAME =
  /(?:^|[._])(?:\w*_)?(?:type|kind|mode|dtype|backend|method|format|arch|architecture|name|device|platform|provider)$/i;
/** Words a numeric value may hold besides digits. */
export const NUMERIC_WORDS = new Set(["none", "inf", "nan", "true", "false"]);
/**
 * A placeholder that may hold prose: an exception, a message, a reason, program output. Any other value (a name, a
 * path, a list, a number) holds none of PROSE_WORDS: `{max_input_chars} characters` does not explain
 * `7691 in the messages`.
 */
export const PROSE_NAME =
  /(?:^|[^a-z])(?:e|ex|exc|err|error|errors|exception|msg|message|messages|reason|reasons|detail|details|hint|text|info|description|desc|explanation|help|note|notes|warning|suggestion|advice|extra|suffix|prefix|output|stderr|stdout|response|content|context|str)(?:[^a-z]|$)/i;
/** Words of prose, as keys (stemmed: `does` is `doe`, `has` is `ha`). */
export const PROSE_WORDS = new Set(
  "the is are was were be been cannot not than of in to and or for with must should doe do ha have this that please".split(" "),
);
/** Words that turn a statement into its opposite: one side has one between the same words, the other none. */
export const NEGATIONS = new Set(["not", "no", "never", "cannot"]);

/**
 * A word's key: lower-cased, a plural or third-person `s` dropped (`seems` → `seem`, `weights` → `weight`), so a release
 * that wrote "doesn't seem" where an older one wrote "seems to be" still shares the word. Deliberately lighter than a
 * Porter stemmer: identifiers must stay recognisable, and both sides are stemmed alike.
 */
function stem(w: string): string {
  return w.length > T.minStemLength && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is") && /^[a-z]/.test(w)
    ? w.slice(0, -1)
    : w;
}

/** The tokens of a text. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const s = text.length > T.maxText ? text.slice(0, T.maxText) : text;
  let end = 0;
  for (const m of s.matchAll(TOKEN)) {
    if (out.length >= T.maxTokens) break;
    const t = m[0];
    const word = /[A-Za-z0-9_]/.test(t[0]!);
    out.push({ key: word ? stem(t.toLowerCase()) : t, text: s.slice(end, m.index) + t, word });
    end = m.index + t.length;
  }
  return out;
}

/** The tokens of a message template, placeholders as wildcards. */
export function templateTokens(message: string): RecordToken[] {
  const printf = /%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdirf]/.test(message) && !/\{[^{}]+\}/.test(message);
  const out: RecordToken[] = [];
  for (const s of parseTemplate(message, { printf })) {
    if (s.kind === "text") out.push(...tokens(s.value));
    else out.push({ key: null, text: `{${s.expr}}`, name: s.expr, word: false });
    if (out.length >= T.maxTokens) break;
  }
  return out;
}

/** Words that carry meaning for comparison: letter-led, two characters or more. */
export function isContentWord(key: string): boolean {
  return key.length >= T.minContentWordLength && /^[a-z_]/.test(key);
}

/** A name rather than prose: an identifier (`device_map`, `fp8_e4m3`, `SM100`) or an acronym (`MHA`, `TRTLLM`), not an exception class. */
export function isName(text: string): boolean {
  const t = text.trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(t) || /(?:Error|Exception|Warning)$/.test(t)) return false;
  return /[_0-9]/.test(t) || /[A-Z][^A-Z]*[A-Z]/.test(t);
}

/** The quote record token k (a placeholder) stands alone between (`'{first_adapter}'`), or "". */
export function quotedAt(list: readonly { text: string }[], k: number): string {
  const before = list[k - 1]?.text.trimEnd() ?? "";
  const q = before[before.length - 1];
  return (q === "'" || q === '"' || q === "`") && list[k + 1]?.text[0] === q ? q : "";
}

/** Whether a text's last token may be `word` cut short (three letters at least). */
export function cutWord(t: Token, word: string): boolean {
  return t.word && t.key.length >= T.minCutWordLength && word.length > t.key.length && word.startsWith(t.key) && /^[a-z]/.test(t.key);
}

/** Whether token k of a text is a name: one by its shape (`isName`), or any word quoted alone (`` `higgs` ``, `'auto'`). */
export function nameAt(list: readonly { text: string; word: boolean }[], k: number): boolean {
  const t = list[k];
  if (!t?.word) return false;
  if (isName(t.text)) return true;
  const before = list[k - 1]?.text.trimEnd() ?? "";
  const after = list[k + 1]?.text ?? "";
  const q = before[before.length - 1];
  return (q === "`" || q === "'" || q === '"') && after[0] === q;
}

/** Which tokens of a text are negations: `not`, `no`, `never`, `cannot` and the `t` of `n't` (`doesn`, `'`, `t`). */
export function negations(list: readonly { key: string | null }[]): boolean[] {
  const apostrophe = (k: number) => list[k]?.key === "'" || list[k]?.key === "’";
  return list.map(
    (t, k) => t.key !== null && (NEGATIONS.has(t.key) || (t.key === "t" && apostrophe(k - 1) && /n$/.test(list[k - 2]?.key ?? ""))), // not tuning: `n't` spans three tokens
  );
}

/** Inverse document frequency over the records' wording, with a default for words no record uses. */
export class WordWeights {
  private readonly idf = new Map<string, number>();
  readonly unknown: number;

  constructor(documents: Iterable<Iterable<string>>) {
    const df = new Map<string, number>();
    let n = 0;
    for (const doc of documents) {
      n++;
      for (const w of new Set(doc)) df.set(w, (df.get(w) ?? 0) + 1);
    }
    for (const [w, f] of df) this.idf.set(w, Math.log(1 + n / f));
    this.unknown = Math.log(1 + n);
  }

  /**
   * The same weights from a function giving each word's document count
   * (undefined: no document uses it) and the number of documents: a lookup
   * over part of the data asks only for the words it meets.
   */
  static fromCounts(df: (word: string) => number | undefined, n: number): WordWeights {
    const w = new WordWeights([]);
    w.count = df;
    (w as { unknown: number }).unknown = Math.log(1 + n);
    w.n = n;
    return w;
  }

  private count: ((word: string) => number | undefined) | undefined;
  private n = 0;

  private idfOf(key: string): number | undefined {
    if (!this.count) return this.idf.get(key);
    let v = this.idf.get(key);
    if (v === undefined) {
      const f = this.count(key);
      if (f === undefined) return undefined;
      this.idf.set(key, (v = Math.log(1 + this.n / f)));
    }
    return v;
  }

  /** A word's weight; punctuation and numbers weigh almost nothing. */
  of(key: string): number {
    if (!isContentWord(key)) return T.punctuationWeight;
    return this.idfOf(key) ?? this.unknown;
  }

  /** How many documents use the word, as its weight says (for candidate generation: very common words are skipped). */
  has(key: string): boolean {
    return this.idfOf(key) !== undefined;
  }
}
