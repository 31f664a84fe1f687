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
import { parseTemplate } from "../../record/message-template";
import { T } from "./tuning";

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
  /**
   * The record's sentence best found in the line: its share found, its weight, and the share of the line's wording
   * it explains alone (a release may add or drop the others).
   */
  clause: { coverage: number; weight: number; line?: number };
  /** Set by the index: one whole sentence of the record, rich in rare words, is in the line almost word for word. */
  sentenceFound?: boolean;
  /**
   * Set by the index when one sentence of a record of several, judged as a record of its own, agrees with the line
   * (`clause`): how well the two explain each other. A release rewrote the sentence and dropped or added the others.
   */
  sentenceAgreement?: number;
  /**
   * Names that contradict each other: where the record names one thing and the line another in the same place
   * (`Using mxfp4 requires` against `Using a \`device_map\` requires`, `MLA` against `MHA`), the share of each
   * side's weight such substituted names carry. A release rewords prose; a different name is usually a different error.
   */
  conflict: { record: number; line: number; names: { record: string; line: string; negation?: true }[] };
  /**
   * Weight of the record's opening words found word for word, side by side, in the line, when they are T.runWords
   * content words at least (0 otherwise): a later release kept the start of the message and rewrote the rest.
   */
  openingRun: number;
  /** Weight of the names (`nameAt`, acronyms aside) both sides share: `device_map` in both is strong evidence, whatever the prose around it. */
  sharedNames: number;
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
/** A placeholder naming a module constant (`MSG`, `envs.HELP_TEXT`): Python's convention for fixed text. */
const CONSTANT = /^(?:[A-Za-z_]\w*\.)*[A-Z][A-Z0-9]*_[A-Z0-9_]*$/;
/**
 * A placeholder whose name says it holds a number (`{self.tp_size}`, `{num_experts}`, `{len(images)}`): its value is
 * digits and punctuation, never prose, so `size {tp_size} is greater` cannot explain `size (16) cannot be larger` by
 * taking `cannot be larger` as the value.
 */
const NUMERIC_NAME =
  /^(?:len\(.*\)|.*\.numel\(\)|n|(?:.*[._])?(?:max|min|num|n|total)_\w+|(?:.*[._])?\w*(?:size|count|len|length|dim|idx|index|height|width|total|port|steps?|tokens|chars|characters|bytes|blocks|seconds))$/;
/**
 * A placeholder whose name says it holds one name (`{attn_type}`, `{self.quant_method}`, `{dtype}`, `{backend}`,
 * `{model_name}`): its value is one run without blanks (`decoder`, `torch.float16`, `Qwen/Qwen2-7B`, a type's
 * `<class 'list'>`), so
 * `does not support {attn_type} attention` cannot explain `does not support sliding window yet.` by taking three words.
 */
const ONE_NAME = /(?:^|[._])(?:\w*_)?(?:type|kind|mode|dtype|backend|method|format|arch|architecture|name|device|platform|provider)$/i;
/** Words a numeric value may hold besides digits. */
const NUMERIC_WORDS = new Set(["none", "inf", "nan", "true", "false"]);
/**
 * A placeholder that may hold prose: an exception, a message, a reason, program output. Any other value (a name, a
 * path, a list, a number) holds none of PROSE_WORDS: `{max_input_chars} characters` does not explain
 * `7691 in the messages`.
 */
const PROSE_NAME =
  /(?:^|[^a-z])(?:e|ex|exc|err|error|errors|exception|msg|message|messages|reason|reasons|detail|details|hint|text|info|description|desc|explanation|help|note|notes|warning|suggestion|advice|extra|suffix|prefix|output|stderr|stdout|response|content|context|str)(?:[^a-z]|$)/i;
/** Words of prose, as keys (stemmed: `does` is `doe`, `has` is `ha`). */
const PROSE_WORDS = new Set(
  "the is are was were be been cannot not than of in to and or for with must should doe do ha have this that please".split(" "),
);
/** Words that turn a statement into its opposite: one side has one between the same words, the other none. */
const NEGATIONS = new Set(["not", "no", "never", "cannot"]);

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

/**
 * How well a record and a line explain each other (0..1): the harmonic mean of the two coverages, less what
 * conflicting names take from each side; or, when the index found one sentence of the record agreeing better on its
 * own, that sentence's agreement.
 */
export function agreementOf(m: Pick<WordingMatch, "recordCoverage" | "lineCoverage" | "conflict" | "sentenceAgreement">): number {
  const r = Math.max(0, m.recordCoverage - m.conflict.record);
  const l = Math.max(0, m.lineCoverage - m.conflict.line);
  return Math.max(harmonic(r, l), m.sentenceAgreement ?? 0);
}

/**
 * F-beta of a record's and a line's coverage, β² = T.lineCoverageBetaSquared (2: explaining the line counts twice as much). How the wording
 * index picks the closest records: a release adds clauses to a message more often than a line holds words no record has.
 */
export function lineWeighted(record: number, line: number): number {
  const b2 = T.lineCoverageBetaSquared;
  return record + line > 0 ? ((1 + b2) * record * line) / (b2 * record + line) : 0;
}

/** The harmonic mean of two shares (0 when both are 0). */
export function harmonic(a: number, b: number): number {
  return a + b > 0 ? (2 * a * b) / (a + b) : 0; // not tuning: the harmonic mean's definition
}

/** A name rather than prose: an identifier (`device_map`, `fp8_e4m3`, `SM100`) or an acronym (`MHA`, `TRTLLM`), not an exception class. */
export function isName(text: string): boolean {
  const t = text.trim();
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(t) || /(?:Error|Exception|Warning)$/.test(t)) return false;
  return /[_0-9]/.test(t) || /[A-Z][^A-Z]*[A-Z]/.test(t);
}

/** The quote record token k (a placeholder) stands alone between (`'{first_adapter}'`), or "". */
function quotedAt(list: readonly { text: string }[], k: number): string {
  const before = list[k - 1]?.text.trimEnd() ?? "";
  const q = before[before.length - 1];
  return (q === "'" || q === '"' || q === "`") && list[k + 1]?.text[0] === q ? q : "";
}

/** Whether a text's last token may be `word` cut short (three letters at least). */
function cutWord(t: Token, word: string): boolean {
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
function negations(list: readonly { key: string | null }[]): boolean[] {
  const apostrophe = (k: number) => list[k]?.key === "'" || list[k]?.key === "’";
  return list.map(
    (t, k) => t.key !== null && (NEGATIONS.has(t.key) || (t.key === "t" && apostrophe(k - 1) && /n$/.test(list[k - 2]?.key ?? ""))), // not tuning: `n't` spans three tokens
  );
}

/**
 * The first sentence of a message of several (`Model X does not support LoRA, but LoRA is enabled.` of the same
 * followed by `Support for this model may be added …`), or null: a release may have added or dropped the sentences
 * after it. A sentence ends at `.`, `!` or `?` followed by a blank and a capital letter.
 */
export function firstSentence(text: string): string | null {
  const m = /[.!?](?=\s+[A-Z])/.exec(text);
  if (!m) return null;
  const first = text.slice(0, m.index + 1).trim();
  return first.length >= T.minQueryLetters && first.length < text.trim().length ? first : null;
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
  // Back-pointer codes of the alignment, below every token index.
  const DEL = -1;
  const INS = -2; // not tuning: a back-pointer code
  const MATCH = -3; // not tuning: a back-pointer code
  for (let j = 1; j <= m; j++) from[0]![j] = INS;
  for (let i = 1; i <= n; i++) {
    const r = record[i - 1]!;
    const si = score[i]!;
    const sp = score[i - 1]!;
    const fi = from[i]!;
    si[0] = sp[0]!;
    fi[0] = DEL;
    if (r.key === null) {
      // A placeholder takes line[k..j) for the best k ≤ j (values explained, a little credit each, up to T.maxValueTokens);
      // a module constant (`{CUDA_GRAPH_CAPTURE_FAILED_MSG}`) is fixed text of any length the record does not hold.
      // …and so does a quoted value (`'{path}'`), up to the line's closing quote.
      const constant = CONSTANT.test(r.name);
      const quote = quotedAt(record, i - 1);
      const name = r.name.replace(/[!:][^.()]*$/, "");
      const numeric = NUMERIC_NAME.test(name);
      const prose = constant || !!quote || PROSE_NAME.test(name);
      const oneName = !prose && !numeric && ONE_NAME.test(name);
      for (let j = 0; j <= m; j++) {
        let best = sp[j]!;
        let bestK = j;
        const span = constant || (quote && line[j]?.text.startsWith(quote)) ? m : T.maxValueTokens;
        // `>` less `<` in the value after the token being added: a blank inside `<class 'list'>` is part of one name.
        let open = 0;
        for (let k = j - 1; k >= 0 && j - k <= span; k--) {
          const t = line[k]!;
          if (numeric && t.word && !/^[0-9]/.test(t.key) && !NUMERIC_WORDS.has(t.key)) break;
          if (!prose && t.word && PROSE_WORDS.has(t.key)) break;
          // One name: no blank inside the value (before the token that followed this one), but inside `<…>`.
          if (oneName && k < j - 1) {
            const after = line[k + 1]!.text;
            for (const c of after) open += c === ">" ? 1 : c === "<" ? -1 : 0;
            if (open <= 0 && /^\s/.test(after)) break;
          }
          const s = sp[k]! + (j - k) * T.valueTokenCredit;
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
      // The last word of a paste cut short matches the word it begins (`… was reque` against `requested`).
      if (r.key === line[j - 1]!.key || (j === m && cutWord(line[j - 1]!, r.key))) {
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
  const clauseLine = clauseTotal.map(() => 0);
  const lineTotal = w.reduce((a, b) => a + b, 0);
  // Names only one side has, in the current gap between two aligned tokens: both sides naming something there is a conflict.
  let gapRecord = 0;
  let gapLine = 0;
  let namesRecord: string[] = [];
  let namesLine: string[] = [];
  let conflict = 0;
  const names: WordingMatch["conflict"]["names"] = [];
  let gapRecordWords = 0;
  // Negation words in the gap (record side, line side), other words in it, and the word just after it.
  let gapNegation: { side: "record" | "line"; text: string; weight: number } | undefined;
  let gapNegations = 0;
  let gapOtherWords = 0;
  let afterGap = "";
  let sharedNames = 0;
  let run = 0;
  let runWords = 0;
  let lastMatch = -1;
  let lastMatchLine = -1;
  let openingRun = 0;
  const firstWord = record.findIndex((r) => r.key !== null && isContentWord(r.key));
  const recordKeys = new Set(record.map((r) => r.key));
  const lineKeys = new Set(line.map((t) => t.key));
  // Negations each side states in its own words (a placeholder's value aside) between the first and the last word
  // both share: a negation that moved (`doesn't seem to be installed` against `seems to be not installed`) leaves both
  // sides as negative, and is no flip; one in a sentence only one side has (`… Do not load it twice.`) says nothing.
  const negatedRecord = negations(record);
  const negatedLine = negations(line);
  const negationsAt: { record: number[]; line: number[] } = { record: [], line: [] };
  const shared = { firstRecord: Infinity, lastRecord: -1, firstLine: Infinity, lastLine: -1 };
  const flips: { weight: number; name: WordingMatch["conflict"]["names"][number] }[] = [];
  // `before`: the matched word that ends the gap (walking back), when it is one.
  const closeGap = (before?: string) => {
    // A name swapped for another, not a clause reworded (which may name other things), and neither name used elsewhere by the other side.
    if (gapRecord > 0 && gapLine > 0 && gapRecordWords <= T.maxSwappedWords) {
      conflict += Math.min(gapRecord, gapLine);
      names.unshift({ record: namesRecord.join(" "), line: namesLine.join(" ") });
    }
    // The same words on both sides of a lone `not` only one side has: the opposite statement (`LoRA is not enabled`
    // against `LoRA is enabled`), a sibling error rather than a rewording.
    if (gapNegation && gapNegations === 1 && gapOtherWords === 0 && before !== undefined && afterGap) {
      const negated = `${before.trim()} ${gapNegation.text.trim()} ${afterGap}`;
      const plain = `${before.trim()} ${afterGap}`;
      flips.unshift({
        weight: gapNegation.weight,
        name: { ...(gapNegation.side === "record" ? { record: negated, line: plain } : { record: plain, line: negated }), negation: true },
      });
    }
    gapRecord = gapLine = gapRecordWords = gapNegations = gapOtherWords = 0;
    gapNegation = undefined;
    namesRecord = [];
    namesLine = [];
  };
  const inGap = (side: "record" | "line", t: Token) => {
    if (!t.word) return;
    if (NEGATIONS.has(t.key)) {
      gapNegations++;
      gapNegation = { side, text: t.text, weight: weights.of(t.key) };
    } else gapOtherWords++;
  };
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const how = i > 0 ? from[i]![j]! : INS;
    if (how === INS) {
      push("+", line[j - 1]!.text);
      inGap("line", line[j - 1]!);
      if (negatedLine[j - 1]) negationsAt.line.push(j - 1);
      if (nameAt(line, j - 1) && !recordKeys.has(line[j - 1]!.key)) {
        gapLine += w[j - 1]!;
        namesLine.unshift(line[j - 1]!.text.trim());
      }
      j--;
    } else if (how === DEL) {
      push("-", record[i - 1]!.text);
      const r = record[i - 1]!;
      if (r.word) gapRecordWords++;
      if (r.key !== null) inGap("record", r as Token);
      if (negatedRecord[i - 1]) negationsAt.record.push(i - 1);
      if (r.key !== null && nameAt(record, i - 1) && !lineKeys.has(r.key)) {
        gapRecord += weights.of(r.key);
        namesRecord.unshift(r.text.trim());
      }
      i--;
    } else if (how === MATCH) {
      closeGap(line[j - 1]!.word ? line[j - 1]!.text : undefined);
      if (negatedLine[j - 1]) negationsAt.line.push(j - 1);
      if (negatedRecord[i - 1]) negationsAt.record.push(i - 1);
      shared.firstRecord = Math.min(shared.firstRecord, i - 1);
      shared.lastRecord = Math.max(shared.lastRecord, i - 1);
      shared.firstLine = Math.min(shared.firstLine, j - 1);
      shared.lastLine = Math.max(shared.lastLine, j - 1);
      push("=", line[j - 1]!.text);
      // A run: this token and the one after it matched side by side in both texts (walking back).
      const next = lastMatch === i + 1 && lastMatchLine === j + 1;
      run = (next ? run : 0) + w[j - 1]!;
      runWords = (next ? runWords : 0) + (isContentWord(line[j - 1]!.key) ? 1 : 0);
      lastMatch = i;
      lastMatchLine = j;
      afterGap = line[j - 1]!.word ? line[j - 1]!.text.trim() : "";
      if (i - 1 === firstWord && runWords >= T.runWords) openingRun = run;
      recordFound += w[j - 1]!;
      // An acronym (`PD`, `GPU`) is the domain's word, not a parameter's name: only identifiers count as shared names.
      if (nameAt(line, j - 1) && !/^[A-Z]+$/.test(line[j - 1]!.text.trim())) sharedNames += w[j - 1]!;
      clauseFound[clauseOf[i - 1]!]! += w[j - 1]!;
      clauseLine[clauseOf[i - 1]!]! += w[j - 1]!;
      lineExplained += w[j - 1]!;
      i--;
      j--;
    } else {
      const r = record[i - 1]! as { name: string; text: string };
      if (how === j) push("-", r.text);
      else {
        closeGap();
        afterGap = "";
        let text = "";
        for (let k = how; k < j; k++) {
          text += line[k]!.text;
          lineExplained += w[k]!;
          clauseLine[clauseOf[i - 1]!]! += w[k]!;
        }
        push("=", text, r.name);
      }
      j = how;
      i--;
    }
  }
  closeGap();
  ops.reverse();
  const stated = (at: number[], first: number, last: number) => at.filter((k) => k >= first && k <= last).length;
  if (stated(negationsAt.record, shared.firstRecord, shared.lastRecord) !== stated(negationsAt.line, shared.firstLine, shared.lastLine))
    for (const f of flips) {
      conflict += f.weight;
      names.push(f.name);
    }
  let clause: WordingMatch["clause"] = { coverage: 0, weight: 0 };
  clauseTotal.forEach((t, k) => {
    const c = t > 0 ? clauseFound[k]! / t : 0;
    if (c * t > clause.coverage * clause.weight)
      clause = { coverage: Math.min(1, c), weight: t, line: lineTotal > 0 ? Math.min(1, clauseLine[k]! / lineTotal) : 0 };
  });
  return {
    recordCoverage: recordTotal > 0 ? Math.min(1, recordFound / recordTotal) : 0,
    lineCoverage: lineTotal > 0 ? Math.min(1, lineExplained / lineTotal) : 0,
    clause,
    sharedNames,
    openingRun,
    conflict: { record: recordTotal > 0 ? conflict / recordTotal : 0, line: lineTotal > 0 ? conflict / lineTotal : 0, names },
    diff: ops,
  };
}
