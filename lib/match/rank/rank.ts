/**
 * Gives every candidate a confidence and orders them best first.
 *
 * Confidence, in words a user can act on:
 * - high: a specific full match; or the traceback's raise site and the
 *   wording agreeing (a drifted message raised where the record raises it);
 * - medium: a specific partial match, or similar wording with strong
 *   overlap, or the raise site alone;
 * - low: generic patterns, weak similarity, and messages that mirror
 *   Python's own (`'X' object has no attribute 'Y'`: any code raises them),
 *   unless the traceback shows the record's raise site.
 *
 * Order: confidence first (so a specific partial match outranks a generic
 * full one), then how the match was made (full, partial, raise site,
 * similar), then evidence: the final exception of a traceback over lines
 * around it, the record's raise site in the frames, its class, its
 * repository as the whole log shows it; then the match that explains more
 * of its line, then more literal text. `reasons` says what earned each.
 */
import { classesBefore, messageStart } from "../../log/looks-like-error";
import { classAgrees, finalTracebacks, type Traceback } from "../../log/traceback";
import { packageOf, packagePath, siteEvidence, type RepoEvidence, type SiteEvidence } from "./evidence";
import type { MatcherEntry } from "../data/matcher-data";
import type { Confidence, Match, MatchKind, MatchedLine } from "../types";
import { agreementOf, harmonic, type WordingMatch } from "./wording";
import { T } from "./tuning";

export interface Unranked {
  entry: MatcherEntry;
  kind: MatchKind;
  lines: MatchedLine[];
  occurrences: number;
  /** How the wording compares (similar matches). */
  wording?: WordingMatch;
  /** A full match: the slug of a record raised in the same file whose wording explains more of the line (lib/match/rank/siblings). */
  outdoneBy?: string;
  /** That record (a similar match): the slug of the full match it outdoes. */
  outdoes?: string;
}

export interface RankContext {
  tracebacks: Traceback[];
  /** What the whole log says of each repository. */
  repos?: Map<string, RepoEvidence>;
  /** The packages of the dataset's repositories (`vllm`, `sglang`, `transformers`): a last frame in one of them says which raised it. */
  packages?: readonly string[];
  /** How many records of its file raise the record's class: a bare printed `raise X(` tells them apart only when one does. */
  sameClassInFile?: (e: MatcherEntry) => number;
}

const TIER = { high: T.tierHigh, medium: T.tierMedium, low: T.tierLow } as const;
const W = {
  kind: { full: T.scoreFull, partial: T.scorePartial, "raise-site": T.scoreRaiseSite, similar: T.scoreSimilar },
  finalException: T.scoreFinalException,
  exception: T.scoreException,
  siteSource: T.scoreSiteSource,
  siteLine: T.scoreSiteLine,
  siteFile: T.scoreSiteFile,
  klass: T.scoreClass,
  repo: T.scoreRepo,
  explained: T.scoreExplained,
};

/**
 * Messages Python itself raises with the same words: a record whose
 * message is little more than one of these says nothing of where the error
 * came from.
 */
const PYTHON_OWN = [
  // `'X' object has no attribute 'y'`, `module 'x' has no attribute 'y'`
  /has no attribute/,
  /object is not (?:subscriptable|callable|iterable)/,
  /^No module named/,
  /^cannot import name/,
  /index out of range/,
  /unsupported operand type/,
  /(?:takes|missing) \S+ (?:required )?positional argument/,
  /got an unexpected keyword argument/,
  /^invalid literal for/,
  /division by zero/,
  /not supported between instances of/,
  /^can only concatenate/,
];

/** Whether a record's message mirrors one Python raises by itself. */
export function mirrorsPython(e: MatcherEntry): boolean {
  return e.letters < T.mirrorLetters && PYTHON_OWN.some((re) => re.test(e.message));
}

/** Scores, gives confidence and sorts; ties keep the earlier line, then the id. */
export function rankMatches(found: Unranked[], ctx: RankContext | Traceback[]): Match[] {
  const { tracebacks, repos, packages = [], sameClassInFile } = Array.isArray(ctx) ? { tracebacks: ctx, repos: undefined } : ctx;
  const byExceptionLine = new Map<number, { tb: Traceback; final: boolean }>();
  const finals = new Set(finalTracebacks(tracebacks));
  tracebacks.forEach((tb) => {
    const chainedLater = !finals.has(tb) || tb.chainCut === true;
    for (let l = tb.exceptionLine; l <= tb.endLine; l++) byExceptionLine.set(l, { tb, final: !chainedLater });
  });
  const ranked = found.map((f) => score(f, byExceptionLine, repos, packages, sameClassInFile));
  doubtTwins(ranked, repos);
  yieldToHomeRepo(ranked, repos);
  ranked.sort((a, b) => b.score - a.score || (a.lines[0]?.line ?? 0) - (b.lines[0]?.line ?? 0) || a.entry.id.localeCompare(b.entry.id));
  return ranked;
}

function score(
  f: Unranked,
  byExceptionLine: Map<number, { tb: Traceback; final: boolean }>,
  repos: Map<string, RepoEvidence> | undefined,
  packages: readonly string[],
  sameClassInFile?: (e: MatcherEntry) => number,
): Match {
  const e = f.entry;
  const reasons: string[] = [];
  // The traceback whose exception this match is (the final one first).
  let hit: { tb: Traceback; final: boolean } | undefined;
  for (const line of f.lines) {
    const h = byExceptionLine.get(line.line);
    if (h && (!hit || (h.final && !hit.final))) hit = h;
  }
  const site: SiteEvidence | undefined = hit ? siteEvidence(e, hit.tb) : undefined;
  const raiseSite = !!site && (site.source || site.line);
  const mirror = mirrorsPython(e);
  const specific = !e.generic && !mirror;
  // Strong overlap: most of both sides, or one whole sentence of the record word for word in a line it mostly explains.
  const w = f.wording;
  // A name the line contradicts (the record says `MLA` where the line says `MHA`) is never strong overlap.
  const strong =
    !!w &&
    w.conflict.record === 0 &&
    w.lineCoverage >= T.strongLineCoverage &&
    (w.recordCoverage >= T.strongRecordCoverage ||
      w.sentenceFound === true ||
      // the whole line explained by a record that says more (a release added a clause): the added part is all that differs
      // (of the class the log names, if it names one: placeholders explain any words, a class does not drift with a clause)
      (w.lineCoverage >= T.wholeLineCoverage &&
        w.conflict.line === 0 &&
        w.recordCoverage >= T.addedClauseRecordCoverage &&
        sameClass(f, hit?.tb)));

  // Similar wording from another project's copy of the check: the traceback says which project's code raised it.
  const raisedElsewhere = f.kind === "similar" && hit && !site ? otherPackage(hit.tb, packageOf(e.repo), packages) : null;

  // A model's own copy of a shared check (transformers' `# Copied from`): the traceback raised it in the record's package
  // without ever entering the model's folder or file, so the shared code, not this copy, raised it.
  const copiedIn = f.kind === "full" && hit?.final && !site ? modelCopy(hit.tb, e) : null;

  let confidence: Confidence;
  switch (f.kind) {
    case "full":
      confidence = specific || raiseSite ? (f.outdoneBy || copiedIn ? "medium" : "high") : "low";
      break;
    case "partial":
      confidence = specific ? (raiseSite ? "high" : "medium") : raiseSite ? "medium" : "low";
      break;
    case "similar": {
      // The raise site agreeing with drifted wording: its own line, a printed statement that says more than `raise X(`,
      // or a bare one that no other record of the file raising that class shares.
      const sure = !!site && (site.line || site.distinctive || (sameClassInFile?.(e) ?? 1) <= 1);
      confidence = raiseSite
        ? (strong && sure) || (site!.source && site!.distinctive)
          ? "high"
          : "medium"
        : strong && specific
          ? "medium"
          : "low";
      // As sure as the full match it outdoes (which is at most medium): the pair is one doubt, ordered by wording.
      if (f.outdoes && confidence === "low") confidence = "medium";
      if (raisedElsewhere) confidence = "low";
      break;
    }
    case "raise-site":
      confidence = site?.source && site.last ? "medium" : "low";
      break;
  }

  // A full match its sibling's wording outdoes (lib/match/rank/siblings) is ranked by wording, as the sibling is.
  // (Similar wording raised where the record raises it is at least what the raise site alone is.)
  let s = TIER[confidence] + W.kind[f.outdoneBy ? "similar" : f.kind === "similar" && raiseSite ? "raise-site" : f.kind];
  switch (f.kind) {
    case "full":
      reasons.push("the whole pattern matched");
      if (f.outdoneBy) reasons.push(`${f.outdoneBy}, raised in the same file, explains more of the line: maybe that branch raised it`);
      if (copiedIn)
        reasons.push(
          `the traceback raised it in ${copiedIn}, never entering ${modelPart(e.filePath)}: maybe this model's copy of a shared check`,
        );
      break;
    case "partial":
      reasons.push(`part of the pattern matched (${e.partial?.letters ?? 0} letters of literal text)`);
      break;
    case "similar":
      reasons.push(
        `similar wording, not a pattern match: ${pct(f.wording!.recordCoverage)} of the record's message is in the line, which it explains ${pct(f.wording!.lineCoverage)} of`,
      );
      // Found by one sentence judged alone (a release rewrote it and dropped the rest): say so, with its figures.
      if (
        f.wording!.sentenceAgreement !== undefined &&
        f.wording!.sentenceAgreement > harmonic(f.wording!.recordCoverage, f.wording!.lineCoverage)
      )
        reasons.push(
          `one sentence of the record, judged alone: ${pct(f.wording!.clause.coverage)} of it is in the line, which it explains ${pct(f.wording!.clause.line ?? 0)} of; the rest of the record is not there`,
        );
      if (f.outdoes) reasons.push(`it explains more of the line than ${f.outdoes}, raised in the same file, whose pattern matched it`);
      if (raisedElsewhere)
        reasons.push(`the traceback's last frame is in ${raisedElsewhere}, not in ${e.repo}: maybe that project's own check`);
      for (const c of f.wording!.conflict.names)
        reasons.push(
          c.negation
            ? `the line says "${c.line}" where the record says "${c.record}": maybe the opposite error`
            : `the line names ${c.line} where the record names ${c.record}: maybe another error`,
        );
      break;
    case "raise-site":
      reasons.push(
        site?.source || site?.line
          ? "no message match: the traceback runs through the record's raise site"
          : "no message match: the traceback's last frame is in the record's file",
      );
      break;
  }
  if (e.generic) reasons.push(`generic pattern: only ${e.letters} letters of literal text, it may match unrelated errors`);
  if (mirror) reasons.push("the message mirrors one Python raises by itself: any code can print it");

  let classBonus = false;
  if (hit) {
    const { tb, final } = hit;
    s += final ? W.finalException : W.exception;
    reasons.push(
      final ? `final exception of the traceback at line ${tb.startLine}` : `an exception in the traceback at line ${tb.startLine}`,
    );
    if (tb.cut) {
      const printed = tb.frames[tb.frames.length - 1]?.source?.at(-1) ?? "";
      reasons.push(`the paste ends in the traceback's last frame, at \`${printed}\`: no exception line to compare`);
    }
    if (classAgrees(tb, e.errorClass)) {
      s += W.klass;
      classBonus = true;
      reasons.push(
        tb.cut && tb.exceptionClass !== e.errorClass
          ? `the raise statement, cut at \`${tb.exceptionClass}\`, may name ${e.errorClass}, the record's class`
          : `raised as ${e.errorClass}, the record's class`,
      );
    }
    if (site) {
      const weight = site.last ? 1 : T.siteEarlierFrame;
      if (site.source) {
        s += W.siteSource * weight;
        reasons.push(`the frame ${site.where} prints the record's raise statement`);
      } else if (site.line) {
        s += W.siteLine * weight;
        reasons.push(`a frame is at the record's line: ${site.where}`);
      } else {
        s += W.siteFile * weight;
        reasons.push(`a frame is in the record's file: ${site.where}`);
      }
    }
  }
  // No traceback, but the line itself names the class before the message (`… I still get RuntimeError: LoRA is not
  // enabled`, an issue title, a log line): the same evidence as a traceback's class.
  const l0 = f.lines[0];
  // (A pattern whose first group took the line's leading class still names the message after it.)
  const named = hit || !l0 ? undefined : classesBefore(l0.text, Math.max(l0.start, messageStart(l0.text)));
  if (named?.includes(e.errorClass)) {
    s += W.klass;
    classBonus = true;
    reasons.push(`the line names ${e.errorClass}, the record's class`);
  }
  const repo = repos?.get(e.repo);
  if (repo) {
    s += W.repo * repo.strength;
    reasons.push(`the log comes from ${e.repo}: ${repo.why.join("; ")}`);
  }
  s += W.explained * explained(f);
  // A record the line contradicts by name is likely a sibling error: below any that does not, evidence otherwise
  // equal, and the same exception class is no such evidence (the siblings of a check share it; a moved check may not).
  if (f.kind === "similar" && f.wording!.conflict.record > 0) s -= W.explained + (classBonus ? W.klass : 0);
  s += Math.min(e.letters, T.maxLetterScore);
  const m: Match = { entry: e, kind: f.kind, confidence, score: Math.round(s), reasons, lines: f.lines, occurrences: f.occurrences };
  if (f.wording && f.kind === "similar") {
    m.diff = f.wording.diff;
    m.coverage = { record: f.wording.recordCoverage, line: f.wording.lineCoverage };
  }
  return m;
}

/**
 * The same text matched in several repositories' records (sglang copies vLLM's code), the same way and with the
 * same evidence but the repository's: scores closer than T.twinScore, the repository's share set aside, differ only by
 * the literal text's length. When the log clearly comes from one of them (frames, how it was started, its log format:
 * strength ≥ T.clearRepo), that one stays sure; otherwise none of them is a confident answer.
 */
function doubtTwins(ranked: Match[], repos: Map<string, RepoEvidence> | undefined): void {
  const strength = (m: Match) => repos?.get(m.entry.repo)?.strength ?? 0;
  const groups = new Map<string, Match[]>();
  for (const m of ranked) {
    const l = m.lines[0];
    if (m.confidence !== "high" || !l) continue;
    const key = `${m.kind} ${l.line} ${l.start} ${l.end}`;
    const g = groups.get(key);
    if (g) g.push(m);
    else groups.set(key, [m]);
  }
  for (const group of groups.values()) {
    const base = (m: Match) => m.score - W.repo * strength(m);
    const best = Math.max(...group.map(base));
    const g = group.filter((m) => best - base(m) < T.twinScore);
    const repoNames = [...new Set(g.map((m) => m.entry.repo))];
    if (repoNames.length < 2) continue; // not tuning: copies need two repositories
    const top = Math.max(...g.map(strength));
    const clear = top >= T.clearRepo && g.filter((m) => strength(m) === top).every((m, _, a) => m.entry.repo === a[0]!.entry.repo);
    for (const m of g) {
      const others = repoNames.filter((r) => r !== m.entry.repo).join(", ");
      if (clear && strength(m) === top) {
        m.reasons.push(`the same message is in ${others}; the log comes from ${m.entry.repo}`);
        continue;
      }
      m.confidence = "medium";
      m.score -= TIER.high - TIER.medium;
      m.reasons.push(
        clear
          ? `the same message is in ${others}, where the log comes from`
          : `the same message is in ${others}, and nothing in the log says clearly which raised it`,
      );
    }
  }
}

/**
 * A copy of a check answered from a repository the log shows no sign of yields to the log's own project: when the log
 * clearly comes from one repository of the dataset (frames, how it was started, its log format: strength ≥ T.clearRepo)
 * and a record of that repository answers the same line, another repository's answer to that line, with nothing in
 * the log pointing at it, is at most medium and ranks below the home record's (sglang's copy of a vLLM check, matched
 * in full in its old wording, on a `vllm serve` traceback whose frames are all vLLM's, against vLLM's own drifted one).
 */
function yieldToHomeRepo(ranked: Match[], repos: Map<string, RepoEvidence> | undefined): void {
  if (!repos) return;
  const clear = [...repos].filter(([, ev]) => ev.strength >= T.clearRepo).map(([repo]) => repo);
  if (clear.length !== 1) return;
  const home = clear[0]!;
  const homeByLine = new Map<number, Match>();
  for (const m of ranked) {
    const line = m.lines[0]?.line;
    if (m.entry.repo === home && line !== undefined && !homeByLine.has(line)) homeByLine.set(line, m);
  }
  for (const m of ranked) {
    const h = m.lines[0] && homeByLine.get(m.lines[0].line);
    if (!h || h.confidence === "low" || m.entry.repo === home || (repos.get(m.entry.repo)?.strength ?? 0) > 0 || m.score < h.score)
      continue;
    if (m.confidence === "high") m.confidence = "medium";
    m.score = Math.min(m.score - (TIER.high - TIER.medium), h.score - 1);
    m.reasons.push(`the log comes from ${home}, whose own record answers this line; nothing in the log points at ${m.entry.repo}`);
  }
}

/** Share (0..1) of its line's message (after a leading `ValueError: `) a match explains; with wording, how well the two explain each other. */
function explained(f: Unranked): number {
  if (f.wording) return agreementOf(f.wording);
  // A raise site alone explains none of the message's words.
  if (f.kind === "raise-site") return 0;
  const l = f.lines[0];
  if (!l) return 0;
  const from = messageStart(l.text);
  if (l.text.length <= from) return 0;
  const lo = Math.max(l.start, from);
  let covered = l.end - lo;
  // A generic pattern is mostly placeholders, and any text fills one: only its literal text explains the line (a
  // leading `{field_name}` that took a whole nested error body explains none of it).
  if (f.entry.generic) for (const c of l.captures) covered -= Math.max(0, Math.min(c.end, l.end) - Math.max(c.start, lo));
  return Math.min(1, Math.max(0, covered) / (l.text.length - from));
}

/**
 * A model's own folder in a record's path (`models/roc_bert/`), or null. Only a folder: vLLM's `models/utils.py`
 * beside `models/llama.py` is shared code.
 */
function modelPart(filePath: string): string | null {
  const m = /(?:^|\/)models\/[^/]+\//.exec(filePath);
  return m ? m[0].replace(/^\//, "") : null;
}

/**
 * For a record raised in a model's own folder: the package-relative file of the traceback's last frame when
 * it is in the record's package but no frame is in that model's folder or file; else null.
 */
function modelCopy(tb: Traceback, e: MatcherEntry): string | null {
  const part = modelPart(e.filePath);
  const last = tb.frames[tb.frames.length - 1];
  if (!part || !last) return null;
  const at = packagePath(last.file, packageOf(e.repo));
  if (!at) return null;
  const slashed = (file: string) => file.replace(/\\/g, "/");
  return tb.frames.some((fr) => slashed(fr.file).includes(`/${part}`)) ? null : at;
}

/** Whether the class the traceback raises, or else the one the line names, is the record's (true when neither names one). */
function sameClass(f: Unranked, tb: Traceback | undefined): boolean {
  if (tb) return tb.exceptionClass === "" || classAgrees(tb, f.entry.errorClass);
  const l = f.lines[0];
  const named = l ? classesBefore(l.text, Math.max(l.start, messageStart(l.text))) : [];
  return named.length === 0 || named.includes(f.entry.errorClass);
}

/**
 * The package-relative file of a traceback's last frame when it lies in a dataset package other than `own` and no frame
 * is in `own` at all (`transformers/models/llama/configuration_llama.py` for an sglang record); else null.
 */
function otherPackage(tb: Traceback, own: string, packages: readonly string[]): string | null {
  const last = tb.frames[tb.frames.length - 1];
  if (!last || tb.frames.some((fr) => packagePath(fr.file, own) !== null)) return null;
  for (const pkg of packages) {
    if (pkg === own) continue;
    const at = packagePath(last.file, pkg);
    if (at) return at;
  }
  return null;
}

function pct(x: number): string {
  return `${Math.round(x * 100)} %`; // not tuning: a percentage
}
