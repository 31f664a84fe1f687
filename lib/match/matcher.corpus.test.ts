/**
 * The corpus suite (`npm run test:corpus`): runs errdex against the 11,320
 * real records in ../shared/corpus (or ERRDEX_CORPUS). Every record must be
 * found by its own message, rendered as a log line, as a full match near the
 * top; the list of generic patterns must stay what it was.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadDataset, type Dataset } from "../../server/dataset";
import { buildMatcherData, type MatcherEntry } from "./data/matcher-data";
import { Matcher } from "./matcher";
import { compilePattern, toRegExp } from "../pattern/pattern";
import { sampleRenderings } from "../record/message-template";
import { countProblems } from "../dataset/problems";
import { isContentWord, tokens } from "./rank/tokens";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../../shared/corpus");
/**
 * A record must rank within this many results for its own message, counting
 * only records that score strictly higher: the same message copied into
 * several files or repositories ties, and only the log's context (traceback
 * frames) can tell those apart.
 */
const TOP = 3;

let ds: Dataset;
let matcher: Matcher;
let entries: MatcherEntry[];

beforeAll(() => {
  if (!fs.existsSync(CORPUS)) throw new Error(`the corpus suite needs the shared corpus at ${CORPUS} (set ERRDEX_CORPUS)`);
  ds = loadDataset(CORPUS);
  const data = buildMatcherData(ds.records, ds.datasetVersion);
  entries = data.entries;
  matcher = new Matcher(data);
});

describe("the shared corpus", () => {
  it("validates without errors", () => {
    expect(ds.parsed.length).toBe(11_320);
    expect(countProblems(ds.problems).errors).toBe(0);
  });

  it("finds every record by its own message, as a full match in the top results", () => {
    const misses: string[] = [];
    const ranks: number[] = [];
    for (const r of ds.records) {
      const c = compilePattern(r.messagePattern);
      if (!c.ok) throw new Error(`${r.id}: ${c.error}`);
      const re = toRegExp(c);
      const message = sampleRenderings(r.errorMessage).find((s) => re.test(s))!;
      const log = `2025-06-01 10:00:00 ERROR something went wrong\n${r.errorClass}: ${message}\nINFO shutting down\n`;
      const result = matcher.lookup(log);
      const index = result.matches.findIndex((m) => m.entry.id === r.id);
      const m = result.matches[index];
      const rank = index < 0 ? -1 : result.matches.slice(0, index).filter((x) => x.score > m!.score).length;
      if (rank < 0 || rank >= TOP || m?.kind !== "full") {
        misses.push(`${r.id} ${r.repo}: rank ${rank < 0 ? "not found" : rank + 1}${m ? ` (${m.kind})` : ""}: ${message.slice(0, 100)}`);
      } else ranks.push(rank);
    }
    expect(misses, misses.slice(0, 20).join("\n")).toEqual([]);
    // Most records are unique: they should come first.
    const first = ranks.filter((r) => r === 0).length / ranks.length;
    expect(first).toBeGreaterThan(0.9);
  });

  it("gives a line sharing two rare words with a record candidates, though another line of the log is answered", () => {
    const index = matcher.wordingIndex();
    // The log's other line: a record's whole message, a full match.
    const anchor = entries.find((e) => !e.generic && !/[{\n]/.test(e.message) && e.message.length > 40)!;
    let lines = 0;
    let right = 0;
    const unanswered: string[] = [];
    for (let i = 0; i < entries.length; i += 7) {
      const e = entries[i]!;
      if (e.generic) continue;
      // Two of the record's plain words that at most eight records use: rare in a corpus of 11,320.
      const words = new Map(
        tokens(e.message.replace(/\{[^}]*\}/g, " "))
          .filter((t) => t.word && isContentWord(t.key) && /^[A-Za-z]+$/.test(t.text.trim()))
          .map((t) => [t.key, t.text.trim()]),
      );
      const rare = [...words]
        .map(([key, text]) => ({ text, n: index.wordCount(key) ?? 0 }))
        .filter((w) => w.n > 0 && w.n <= 8)
        .sort((a, b) => a.n - b.n);
      if (rare.length < 2) continue;
      lines++;
      // Prose around them that no record's wording explains.
      const line = `RuntimeError: oh no, while we were doing that thing with ${rare[0]!.text} the other thing said ${rare[1]!.text} and then it all ended`;
      const result = matcher.lookup(`${anchor.errorClass}: ${anchor.message}\n${line}\n`);
      expect(result.matches[0]?.entry.id).toBe(anchor.id);
      const onLine = result.matches.filter((m) => m.lines.some((l) => l.line === 2));
      if (onLine.length === 0) unanswered.push(`${e.id}: ${line}`);
      if (onLine.some((m) => m.entry.id === e.id)) right++;
    }
    expect(lines).toBeGreaterThan(200);
    expect(unanswered, unanswered.slice(0, 10).join("\n")).toEqual([]);
    // Other records may share the two words: the record itself is among the line's answers for most.
    expect(right / lines).toBeGreaterThan(0.9);
  });

  it("reads a misspelt word of a short message as the record's word one edit away", () => {
    const index = matcher.wordingIndex();
    let messages = 0;
    let found = 0;
    for (const e of entries) {
      const words = e.message.split(" ");
      if (e.generic || e.message.includes("{") || words.length < 3 || words.length > 6) continue;
      const w = words.find((x) => x.length >= 8 && /^[a-z]+$/.test(x) && (index.wordCount(x) ?? Infinity) <= 20);
      if (!w) continue;
      messages++;
      // Two letters swapped, as a hurried title has it.
      const typo = w.slice(0, 3) + w[4] + w[3] + w.slice(5);
      const result = matcher.lookup(`INFO starting\n${e.errorClass}: ${e.message.replace(w, typo)}\n`);
      if (result.matches.some((m) => m.entry.id === e.id)) found++;
    }
    expect(messages).toBeGreaterThan(150);
    // Without typo-words the wording alone finds 149 of the 161 short messages; with it, 154.
    expect(found / messages).toBeGreaterThan(0.94);
  });

  it("keeps the generic-pattern report stable", async () => {
    const data = buildMatcherData(ds.records);
    const generic = data.entries
      .filter((e) => e.generic)
      .map((e) => `${e.id} ${e.letters} ${e.pattern}`)
      .sort();
    await expect(generic.join("\n") + "\n").toMatchFileSnapshot("./__corpus__/generic-patterns.txt");
  });
});
