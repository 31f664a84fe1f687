/**
 * Matching by wording, for messages that drifted between releases: a word
 * changed, a clause added or removed. A record's message (or, when it is
 * built from variables, the message with their assigned text) is compared
 * with a log's error line word by word: placeholders are masked, rare words
 * weigh more than common ones (inverse document frequency over the
 * records), and a candidate must explain enough of the record's message and
 * enough of the line, so sharing `must be … got` never makes an answer.
 *
 * Written by hand rather than with FlexSearch: its scores rank documents
 * but say nothing of how much of each side is explained, which is what
 * decides here, and the word diff needs the alignment anyway.
 */
import { parseTemplate } from "../record/message-template";

/** One step of a word diff: `=` in both (the log's text), `-` only in the record, `+` only in the log. */
export interface DiffOp {
  op: "=" | "-" | "+";
  text: string;
  /** For `=` steps that fill a placeholder: the placeholder's expression. */
  name?: string;
}

export interface WordingMatch {
  /** Share (0..1) of the record's literal wording, by weight, found in the line. */
  recordCoverage: number;
  /** Share (0..1) of the line's wording, by weight, explained by the record (its words and its placeholders). */
  lineCoverage: number;
  /** The record's sentence best found in the line: its share found and its weight (a release may add or drop the others). */
  clause: { coverage: number; weight: number };
  /** Set by the index: one whole sentence of the record, rich in rare words, is in the line almost word for word. */
  sentenceFound?: boolean;
  diff: DiffOp[];
}

/** A token of a text: a word or a run of punctuation, with the blanks before it. */
interface Token {
  /** Lower-cased word or punctuation, compared. */
  key: string;
  /** The token as written, with the blanks before it. */
  text: string;
  word: boolean;
}
type RecordToken = Token | { key: null; text: string; name: string; word: false };

/** A word or a run of punctuation (no leading-blank group: that would backtrack over a long run of blanks). */
const TOKEN = /[A-Za-z0-9_]+|[^\sA-Za-z0-9_]+/g;
/** Longest text tokenized: messages are shorter; a longer line is cut. */
const MAX_TEXT = 4_000;
/** Placeholders absorb at most this many log tokens each as explained values. */
const MAX_VALUE_TOKENS = 8;
/** Weight of a punctuation token: it aligns, it barely counts. */
const PUNCTUATION_WEIGHT = 0.05;
/** Most tokens of a line or message compared (the rest is ignored). */
const MAX_TOKENS = 300;

/** The tokens of a text. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const s = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  let end = 0;
  for (const m of s.matchAll(TOKEN)) {
    if (out.length >= MAX_TOKENS) break;
    const t = m[0];
    out.push({ key: t.toLowerCase(), text: s.slice(end, m.index) + t, word: /[A-Za-z0-9_]/.test(t[0]!) });
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
    if (out.length >= MAX_TOKENS) break;
  }
  return out;
}

/** Words that carry meaning for comparison: letter-led, two characters or more. */
export function isContentWord(key: string): boolean {
  return key.length >= 2 && /^[a-z_]/.test(key);
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
    if (!isContentWord(key)) return PUNCTUATION_WEIGHT;
    return this.idfOf(key) ?? this.unknown;
  }

  /** How many documents use the word, as its weight says (for candidate generation: very common words are skipped). */
  has(key: string): boolean {
    return this.idfOf(key) !== undefined;
  }
}

/**
 * Aligns a record's template tokens with a line's tokens (a weighted longest
 * common subsequence in which a placeholder absorbs a run of the line's
 * tokens) and measures what each side explains of the other.
 */
export function compareWording(record: RecordToken[], line: Token[], weights: WordWeights): WordingMatch {
  const n = record.length;
  const m = line.length;
  const w = line.map((t) => weights.of(t.key));
  // score[i][j]: best weight aligning record[0..i) with line[0..j); from[i][j] says how it was reached.
  const score: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let i = 0; i <= n; i++) {
    score.push(new Float64Array(m + 1));
    from.push(new Int32Array(m + 1));
  }
  const DEL = -1;
  const INS = -2;
  const MATCH = -3;
  for (let j = 1; j <= m; j++) from[0]![j] = INS;
  for (let i = 1; i <= n; i++) {
    const r = record[i - 1]!;
    const si = score[i]!;
    const sp = score[i - 1]!;
    const fi = from[i]!;
    si[0] = sp[0]!;
    fi[0] = DEL;
    if (r.key === null) {
      // A placeholder takes line[k..j) for the best k ≤ j (values explained, a little credit each, up to MAX_VALUE_TOKENS).
      for (let j = 0; j <= m; j++) {
        let best = sp[j]!;
        let bestK = j;
        for (let k = j - 1; k >= 0 && j - k <= MAX_VALUE_TOKENS; k--) {
          const s = sp[k]! + (j - k) * 1e-3;
          if (s > best) {
            best = s;
            bestK = k;
          }
        }
        si[j] = best;
        fi[j] = bestK; // >= 0: the placeholder took line[bestK..j)
        if (j > 0 && si[j - 1]! > si[j]!) {
          si[j] = si[j - 1]!;
          fi[j] = INS;
        }
      }
      continue;
    }
    for (let j = 1; j <= m; j++) {
      let best = sp[j]!;
      let how = DEL;
      // On a tie, take the log's word last (walking back): a substitution reads `-record +log`.
      if (si[j - 1]! >= best) {
        best = si[j - 1]!;
        how = INS;
      }
      if (r.key === line[j - 1]!.key) {
        const s = sp[j - 1]! + w[j - 1]!;
        if (s > best) {
          best = s;
          how = MATCH;
        }
      }
      si[j] = best;
      fi[j] = how;
    }
  }
  // Walk back, collecting the diff (in reverse).
  const ops: DiffOp[] = [];
  const push = (op: DiffOp["op"], text: string, name?: string) => {
    const last = ops[ops.length - 1];
    if (last && last.op === op && last.name === undefined && name === undefined) last.text = text + last.text;
    else ops.push(name === undefined ? { op, text } : { op, text, name });
  };
  let recordTotal = 0;
  let recordFound = 0;
  let lineExplained = 0;
  // Sentences of the record: a token ending in `.`, `;` or `!` closes one.
  const clauseOf: number[] = [];
  const clauseTotal: number[] = [0];
  for (const r of record) {
    clauseOf.push(clauseTotal.length - 1);
    if (r.key !== null) {
      recordTotal += weights.of(r.key);
      clauseTotal[clauseTotal.length - 1]! += weights.of(r.key);
      if (/^[.;!]+$/.test(r.key)) clauseTotal.push(0);
    }
  }
  const clauseFound = clauseTotal.map(() => 0);
  const lineTotal = w.reduce((a, b) => a + b, 0);
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const how = i > 0 ? from[i]![j]! : INS;
    if (how === INS) {
      push("+", line[j - 1]!.text);
      j--;
    } else if (how === DEL) {
      push("-", record[i - 1]!.text);
      i--;
    } else if (how === MATCH) {
      push("=", line[j - 1]!.text);
      recordFound += w[j - 1]!;
      clauseFound[clauseOf[i - 1]!]! += w[j - 1]!;
      lineExplained += w[j - 1]!;
      i--;
      j--;
    } else {
      const r = record[i - 1]! as { name: string; text: string };
      if (how === j) push("-", r.text);
      else {
        let text = "";
        for (let k = how; k < j; k++) {
          text += line[k]!.text;
          lineExplained += w[k]!;
        }
        push("=", text, r.name);
      }
      j = how;
      i--;
    }
  }
  ops.reverse();
  let clause = { coverage: 0, weight: 0 };
  clauseTotal.forEach((t, k) => {
    const c = t > 0 ? clauseFound[k]! / t : 0;
    if (c * t > clause.coverage * clause.weight) clause = { coverage: Math.min(1, c), weight: t };
  });
  return {
    recordCoverage: recordTotal > 0 ? Math.min(1, recordFound / recordTotal) : 0,
    lineCoverage: lineTotal > 0 ? Math.min(1, lineExplained / lineTotal) : 0,
    clause,
    diff: ops,
  };
}
