/**
 * Walks an alignment (alignment.ts) back from its end, collecting the word diff and measuring what each side explains
 * of the other: the coverages, the record's sentence best found, the opening run, shared names, and the names (or
 * negations) that contradict each other. Guarantees one pass over the alignment's path.
 */
import { DEL, INS, MATCH } from "./alignment";
import { isContentWord, nameAt, negations, NEGATIONS, type RecordToken, type Token, type WordWeights } from "./tokens";
import { T } from "./tuning";
import type { DiffOp, WordingMatch } from "./wording";

type Conflict = WordingMatch["conflict"]["names"][number];

/** The state of one walk back; `measure` runs it. */
class WalkBack {
  readonly ops: DiffOp[] = [];
  recordTotal = 0;
  recordFound = 0;
  lineExplained = 0;
  readonly lineTotal: number;
  /** Sentences of the record: a token ending in `.`, `;` or `!` closes one. */
  readonly clauseOf: number[] = [];
  readonly clauseTotal: number[] = [0];
  readonly clauseFound: number[];
  readonly clauseLine: number[];
  // Names only one side has, in the current gap between two aligned tokens: both sides naming something there is a conflict.
  gapRecord = 0;
  gapLine = 0;
  namesRecord: string[] = [];
  namesLine: string[] = [];
  conflict = 0;
  readonly names: Conflict[] = [];
  gapRecordWords = 0;
  // Negation words in the gap (record side, line side), other words in it, and the word just after it.
  gapNegation: { side: "record" | "line"; text: string; weight: number } | undefined;
  gapNegations = 0;
  gapOtherWords = 0;
  afterGap = "";
  sharedNames = 0;
  run = 0;
  runWords = 0;
  lastMatch = -1;
  lastMatchLine = -1;
  openingRun = 0;
  readonly firstWord: number;
  readonly recordKeys: Set<string | null>;
  readonly lineKeys: Set<string>;
  // Negations each side states in its own words (a placeholder's value aside) between the first and the last word
  // both share: a negation that moved (`doesn't seem to be installed` against `seems to be not installed`) leaves both
  // sides as negative, and is no flip; one in a sentence only one side has (`… Do not load it twice.`) says nothing.
  readonly negatedRecord: boolean[];
  readonly negatedLine: boolean[];
  readonly negationsAt: { record: number[]; line: number[] } = { record: [], line: [] };
  readonly shared = { firstRecord: Infinity, lastRecord: -1, firstLine: Infinity, lastLine: -1 };
  readonly flips: { weight: number; name: Conflict }[] = [];

  constructor(
    readonly record: readonly RecordToken[],
    readonly line: readonly Token[],
    readonly w: readonly number[],
    readonly weights: WordWeights,
  ) {
    for (const r of record) {
      this.clauseOf.push(this.clauseTotal.length - 1);
      if (r.key !== null) {
        this.recordTotal += weights.of(r.key);
        this.clauseTotal[this.clauseTotal.length - 1]! += weights.of(r.key);
        if (/^[.;!]+$/.test(r.key)) this.clauseTotal.push(0);
      }
    }
    this.clauseFound = this.clauseTotal.map(() => 0);
    this.clauseLine = this.clauseTotal.map(() => 0);
    this.lineTotal = w.reduce((a, b) => a + b, 0);
    this.firstWord = record.findIndex((r) => r.key !== null && isContentWord(r.key));
    this.recordKeys = new Set(record.map((r) => r.key));
    this.lineKeys = new Set(line.map((t) => t.key));
    this.negatedRecord = negations(record);
    this.negatedLine = negations(line);
  }

  /** Adds a diff step (in reverse), joining it to the previous one of the same kind. */
  push(op: DiffOp["op"], text: string, name?: string): void {
    const last = this.ops[this.ops.length - 1];
    if (last && last.op === op && last.name === undefined && name === undefined) last.text = text + last.text;
    else this.ops.push(name === undefined ? { op, text } : { op, text, name });
  }

  /** Ends the current gap; `before`: the matched word that ends it (walking back), when it is one. */
  closeGap(before?: string): void {
    // A name swapped for another, not a clause reworded (which may name other things), and neither name used elsewhere by the other side.
    if (this.gapRecord > 0 && this.gapLine > 0 && this.gapRecordWords <= T.maxSwappedWords) {
      this.conflict += Math.min(this.gapRecord, this.gapLine);
      this.names.unshift({ record: this.namesRecord.join(" "), line: this.namesLine.join(" ") });
    }
    // The same words on both sides of a lone `not` only one side has: the opposite statement (`LoRA is not enabled`
    // against `LoRA is enabled`), a sibling error rather than a rewording.
    const g = this.gapNegation;
    if (g && this.gapNegations === 1 && this.gapOtherWords === 0 && before !== undefined && this.afterGap) {
      const negated = `${before.trim()} ${g.text.trim()} ${this.afterGap}`;
      const plain = `${before.trim()} ${this.afterGap}`;
      this.flips.unshift({
        weight: g.weight,
        name: { ...(g.side === "record" ? { record: negated, line: plain } : { record: plain, line: negated }), negation: true },
      });
    }
    this.gapRecord = this.gapLine = this.gapRecordWords = this.gapNegations = this.gapOtherWords = 0;
    this.gapNegation = undefined;
    this.namesRecord = [];
    this.namesLine = [];
  }

  inGap(side: "record" | "line", t: Token): void {
    if (!t.word) return;
    if (NEGATIONS.has(t.key)) {
      this.gapNegations++;
      this.gapNegation = { side, text: t.text, weight: this.weights.of(t.key) };
    } else this.gapOtherWords++;
  }

  /** Line token j-1 alone. */
  inserted(j: number): void {
    const t = this.line[j - 1]!;
    this.push("+", t.text);
    this.inGap("line", t);
    if (this.negatedLine[j - 1]) this.negationsAt.line.push(j - 1);
    if (nameAt(this.line, j - 1) && !this.recordKeys.has(t.key)) {
      this.gapLine += this.w[j - 1]!;
      this.namesLine.unshift(t.text.trim());
    }
  }

  /** Record token i-1 alone. */
  deleted(i: number): void {
    const r = this.record[i - 1]!;
    this.push("-", r.text);
    if (r.word) this.gapRecordWords++;
    if (r.key !== null) this.inGap("record", r as Token);
    if (this.negatedRecord[i - 1]) this.negationsAt.record.push(i - 1);
    if (r.key !== null && nameAt(this.record, i - 1) && !this.lineKeys.has(r.key)) {
      this.gapRecord += this.weights.of(r.key);
      this.namesRecord.unshift(r.text.trim());
    }
  }

  /** Record token i-1 and line token j-1, the same word. */
  matched(i: number, j: number): void {
    const t = this.line[j - 1]!;
    const wt = this.w[j - 1]!;
    this.closeGap(t.word ? t.text : undefined);
    if (this.negatedLine[j - 1]) this.negationsAt.line.push(j - 1);
    if (this.negatedRecord[i - 1]) this.negationsAt.record.push(i - 1);
    const s = this.shared;
    s.firstRecord = Math.min(s.firstRecord, i - 1);
    s.lastRecord = Math.max(s.lastRecord, i - 1);
    s.firstLine = Math.min(s.firstLine, j - 1);
    s.lastLine = Math.max(s.lastLine, j - 1);
    this.push("=", t.text);
    // A run: this token and the one after it matched side by side in both texts (walking back).
    const next = this.lastMatch === i + 1 && this.lastMatchLine === j + 1;
    this.run = (next ? this.run : 0) + wt;
    this.runWords = (next ? this.runWords : 0) + (isContentWord(t.key) ? 1 : 0);
    this.lastMatch = i;
    this.lastMatchLine = j;
    this.afterGap = t.word ? t.text.trim() : "";
    if (i - 1 === this.firstWord && this.runWords >= T.runWords) this.openingRun = this.run;
    this.recordFound += wt;
    // An acronym (`PD`, `GPU`) is the domain's word, not a parameter's name: only identifiers count as shared names.
    if (nameAt(this.line, j - 1) && !/^[A-Z]+$/.test(t.text.trim())) this.sharedNames += wt;
    this.clauseFound[this.clauseOf[i - 1]!]! += wt;
    this.clauseLine[this.clauseOf[i - 1]!]! += wt;
    this.lineExplained += wt;
  }

  /** Placeholder i-1 took line[k..j). */
  filled(i: number, k: number, j: number): void {
    const r = this.record[i - 1]! as { name: string; text: string };
    if (k === j) {
      this.push("-", r.text);
      return;
    }
    this.closeGap();
    this.afterGap = "";
    let text = "";
    for (let x = k; x < j; x++) {
      text += this.line[x]!.text;
      this.lineExplained += this.w[x]!;
      this.clauseLine[this.clauseOf[i - 1]!]! += this.w[x]!;
    }
    this.push("=", text, r.name);
  }

  /** Walks the alignment's back-pointers from the end. */
  walk(from: readonly Int32Array[]): void {
    let i = this.record.length;
    let j = this.line.length;
    while (i > 0 || j > 0) {
      const how = i > 0 ? from[i]![j]! : INS;
      if (how === INS) this.inserted(j--);
      else if (how === DEL) this.deleted(i--);
      else if (how === MATCH) this.matched(i--, j--);
      else {
        this.filled(i--, how, j);
        j = how;
      }
    }
    this.closeGap();
    this.ops.reverse();
  }

  /** What the walk measured. */
  result(): WordingMatch {
    const { recordTotal, lineTotal, negationsAt, shared } = this;
    const stated = (at: number[], first: number, last: number) => at.filter((k) => k >= first && k <= last).length;
    if (stated(negationsAt.record, shared.firstRecord, shared.lastRecord) !== stated(negationsAt.line, shared.firstLine, shared.lastLine))
      for (const f of this.flips) {
        this.conflict += f.weight;
        this.names.push(f.name);
      }
    let clause: WordingMatch["clause"] = { coverage: 0, weight: 0 };
    this.clauseTotal.forEach((t, k) => {
      const c = t > 0 ? this.clauseFound[k]! / t : 0;
      if (c * t > clause.coverage * clause.weight)
        clause = { coverage: Math.min(1, c), weight: t, line: lineTotal > 0 ? Math.min(1, this.clauseLine[k]! / lineTotal) : 0 };
    });
    return {
      recordCoverage: recordTotal > 0 ? Math.min(1, this.recordFound / recordTotal) : 0,
      lineCoverage: lineTotal > 0 ? Math.min(1, this.lineExplained / lineTotal) : 0,
      clause,
      sharedNames: this.sharedNames,
      openingRun: this.openingRun,
      conflict: {
        record: recordTotal > 0 ? this.conflict / recordTotal : 0,
        line: lineTotal > 0 ? this.conflict / lineTotal : 0,
        names: this.names,
      },
      diff: this.ops,
    };
  }
}

/** Walks an alignment back and measures it (see WordingMatch). */
export function measure(
  record: readonly RecordToken[],
  line: readonly Token[],
  w: readonly number[],
  weights: WordWeights,
  from: readonly Int32Array[],
): WordingMatch {
  const walk = new WalkBack(record, line, w, weights);
  walk.walk(from);
  return walk.result();
}
