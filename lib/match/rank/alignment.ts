/**
 * Aligns a record's template tokens with a line's tokens: a weighted longest common subsequence in which a placeholder
 * absorbs a run of the line's tokens (its value). The table of back-pointers it returns is walked back by
 * walk-back.ts, which measures what each side explains of the other.
 */
import {
  CONSTANT,
  cutWord,
  NUMERIC_NAME,
  NUMERIC_WORDS,
  ONE_NAME,
  PROSE_NAME,
  PROSE_WORDS,
  quotedAt,
  type RecordToken,
  type Token,
} from "./tokens";
import { T } from "./tuning";

/** Back-pointer codes of the alignment, below every token index (an index ≥ 0: where a placeholder's value starts). */
export const DEL = -1;
export const INS = -2; // not tuning: a back-pointer code
export const MATCH = -3; // not tuning: a back-pointer code

/**
 * from[i][j]: how the best alignment of record[0..i) with line[0..j) was reached — DEL (record token i-1 alone), INS
 * (line token j-1 alone), MATCH (the two), or k ≥ 0 (placeholder i-1 took line[k..j)). `w` holds the line tokens' weights.
 */
export function align(record: readonly RecordToken[], line: readonly Token[], w: readonly number[]): Int32Array[] {
  const n = record.length;
  const m = line.length;
  // score[i][j]: best weight aligning record[0..i) with line[0..j).
  const score: Float64Array[] = [];
  const from: Int32Array[] = [];
  for (let i = 0; i <= n; i++) {
    score.push(new Float64Array(m + 1));
    from.push(new Int32Array(m + 1));
  }
  for (let j = 1; j <= m; j++) from[0]![j] = INS;
  for (let i = 1; i <= n; i++) {
    const r = record[i - 1]!;
    const si = score[i]!;
    const sp = score[i - 1]!;
    const fi = from[i]!;
    si[0] = sp[0]!;
    fi[0] = DEL;
    if (r.key === null) placeholderRow(record, i - 1, line, sp, si, fi);
    else wordRow(r as Token, line, w, sp, si, fi);
  }
  return from;
}

/**
 * Row of record token `at`, a placeholder: it takes line[k..j) for the best k ≤ j (values explained, a little credit
 * each, up to T.maxValueTokens); a module constant (`{CUDA_GRAPH_CAPTURE_FAILED_MSG}`) is fixed text of any length the
 * record does not hold, and so is a quoted value (`'{path}'`), up to the line's closing quote.
 */
function placeholderRow(
  record: readonly RecordToken[],
  at: number,
  line: readonly Token[],
  sp: Float64Array,
  si: Float64Array,
  fi: Int32Array,
): void {
  const m = line.length;
  const r = record[at] as { name: string };
  const constant = CONSTANT.test(r.name);
  const quote = quotedAt(record, at);
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
}

/** Row of record token `r`, a word or punctuation: matched with a line token of the same key, or left alone. */
function wordRow(r: Token, line: readonly Token[], w: readonly number[], sp: Float64Array, si: Float64Array, fi: Int32Array): void {
  const m = line.length;
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
