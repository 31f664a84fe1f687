import { describe, expect, it } from "vitest";
import { InputError } from "../../parse";
import { sampleRenderings } from "../../record/message-template";
import { FIXTURE_RECORDS, R } from "../../testing/fixtures/records";
import { frame, hardWrap, NOISE_LINES, prefixLines, seeded, traceback, wordWrap } from "../../testing/fixtures/logs";
import { lookupOver, splitFiles } from "../../testing/split-files";
import { Lookup, type LookupSummary } from "../lookup";
import { buildMatcherData } from "./matcher-data";
import { splitFileName } from "./split-data";
import { ALL_RECORDS, HOSTILE_RECORDS, rendered } from "../../../e2e/hostile/dataset";

const data = buildMatcherData(FIXTURE_RECORDS, "2026-01-01T00:00:00Z");
const whole = new Lookup(data);
/** Few records per shard, so a lookup that fetched too much, or too little, shows. */
const files = splitFiles(data, 64);
const same = (s: LookupSummary) => ({ ...s, elapsedMs: 0 });

/** Logs of every kind the matcher answers: full and partial matches, wrapped, drifted wording, raise sites, nothing. */
function logs(): string[] {
  const rand = seeded(7);
  const out: string[] = ["", "\n\n", NOISE_LINES.join("\n"), "ERROR something went wrong entirely\nRuntimeError: unexpected failure"];
  for (const r of FIXTURE_RECORDS) {
    const msg = sampleRenderings(r.errorMessage)[0] ?? r.errorMessage;
    const words = msg.split(" ");
    const drifted = words.filter((_, i) => i !== Math.floor(words.length / 2)).join(" ");
    const file = `/usr/local/lib/python3.12/dist-packages/${r.filePath}`;
    const site = frame(file, r.lineNumber, "f", `raise ${r.errorClass}(`);
    out.push(
      `${r.errorClass}: ${msg}`,
      traceback([site], `${r.errorClass}: ${msg}`),
      traceback([site], `${r.errorClass}: ${drifted}`),
      traceback([frame(file, r.lineNumber + 40, "g", "x = 1"), site], `${r.errorClass}: something else entirely`),
      `${r.errorClass}: ${msg.toUpperCase()}`,
      hardWrap(`ERROR ${msg}`, 40).join("\n"),
      wordWrap(`${r.errorClass}: ${msg}`, 50).join("\r\n"),
      prefixLines("\u001b[31m[2025-06-01 10:00:00 TP0] ", `${r.errorClass}: ${drifted}`),
      msg.split(/[.!?] /)[0] ?? msg,
    );
  }
  // Everything at once, shuffled among noise.
  const all = [...out];
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  out.push(all.join(`\n${NOISE_LINES[0]}\n`));
  return out;
}

describe("a lookup over split matching data", () => {
  it("answers every log exactly as the whole data does", async () => {
    for (const log of logs()) {
      const { lookup } = lookupOver(files);
      expect(same(await lookup.run(log)), log).toEqual(same(whole.run(log)));
    }
  });

  it("fetches the filter and the shards the log needs, not the others", async () => {
    const r = FIXTURE_RECORDS[3]!;
    const { lookup, fetched } = lookupOver(files);
    const s = await lookup.run(`${r.errorClass}: ${sampleRenderings(r.errorMessage)[0]}`);
    expect(s.matches[0]?.id).toBe(r.id);
    expect(fetched[0]).toBe(splitFileName.filter);
    const shards = fetched.filter((f) => f.startsWith("shard-"));
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThanOrEqual(3);
    expect(fetched).not.toContain(splitFileName.ids);
  });

  it("fetches no word shard for a line whose words no record has", async () => {
    const { lookup, fetched } = lookupOver(files);
    const s = await lookup.run("ZqxwvError: glorbfnak zuxtrimble vorpalquex snickersnee");
    expect(s.matches).toEqual([]);
    expect(fetched.filter((f) => f.startsWith("words-"))).toEqual([]);
  });

  it("fetches in one batch for a traceback whose error a specific pattern fully matches, words of its line included", async () => {
    let checked = 0;
    const generic = new Set(data.entries.filter((e) => e.generic).map((e) => e.id));
    for (const r of FIXTURE_RECORDS.filter((x) => !generic.has(x.id))) {
      const msg = sampleRenderings(r.errorMessage)[0] ?? r.errorMessage;
      const site = frame(`/usr/local/lib/python3.12/dist-packages/${r.filePath}`, r.lineNumber, "f", `raise ${r.errorClass}(`);
      const { lookup } = lookupOver(files);
      const s = await lookup.run(traceback([site], `${r.errorClass}: ${msg}`));
      if (s.matches[0]?.id !== r.id || s.matches[0].kind !== "full" || s.matches.length > 1) continue;
      checked++;
      // The words are fetched before the lookup knows the pattern matches: waiting to know would cost a round trip.
      expect(lookup.rounds, r.slug).toBe(1);
    }
    expect(checked).toBeGreaterThan(FIXTURE_RECORDS.length / 2);
  });

  it("makes at most two sequential rounds of fetches: full match, drifted wording, raise site only, many errors", async () => {
    const r = R.archNotSupported;
    const msg = sampleRenderings(r.errorMessage)[0]!;
    const words = msg.split(" ");
    const site = frame(`/usr/local/lib/python3.12/dist-packages/${r.filePath}`, r.lineNumber, "f", `raise ${r.errorClass}(`);
    const cases: Record<string, string> = {
      "full match only": traceback([site], `${r.errorClass}: ${msg}`),
      "drifted wording": traceback([site], `${r.errorClass}: ${words.filter((_, i) => i !== 2).join(" ")} (see the docs)`),
      "raise site only": traceback([site], `${r.errorClass}: something else entirely`),
      "many errors": logs().at(-1)!,
    };
    for (const [what, log] of Object.entries(cases)) {
      const { lookup } = lookupOver(files);
      const s = await lookup.run(log);
      expect(same(s), what).toEqual(same(whole.run(log)));
      expect(s.matches.length, what).toBeGreaterThan(0);
      expect(lookup.rounds, what).toBeGreaterThan(0);
      expect(lookup.rounds, what).toBeLessThanOrEqual(2);
      // Everything is at hand now: the same log again makes no round at all.
      await lookup.run(log);
      expect(lookup.rounds, what).toBe(0);
    }
  });

  it("hands over an early answer once the key shards are in, whose full matches the final answer keeps", async () => {
    const a = FIXTURE_RECORDS[3]!;
    const full = `${a.errorClass}: ${sampleRenderings(a.errorMessage)[0]}`;
    let checked = 0;
    for (const b of FIXTURE_RECORDS) {
      // Drifted: one word in five dropped. When no key of b is left, the wording comparison finds it in a second round.
      const drifted = (sampleRenderings(b.errorMessage)[0] ?? "")
        .split(" ")
        .filter((_, i) => i % 5 !== 2)
        .join(" ");
      const log = `${full}\n${b.errorClass}: ${drifted}`;
      const { lookup } = lookupOver(files);
      const early: LookupSummary[] = [];
      const final = await lookup.run(log, undefined, undefined, (s) => early.push(s));
      if (lookup.rounds < 2) continue;
      checked++;
      const fullIds = (s: LookupSummary) =>
        s.matches
          .filter((m) => m.kind === "full")
          .map((m) => m.id)
          .sort();
      expect(early.length, b.slug).toBe(lookup.rounds - 1);
      // Word shards slower than the entry shards: one more early answer, as soon as the key shards are in.
      const slow = lookupOver(files, true).lookup;
      const earlier: LookupSummary[] = [];
      expect(same(await slow.run(log, undefined, undefined, (s) => earlier.push(s))), b.slug).toEqual(same(final));
      expect(earlier.length, b.slug).toBeGreaterThanOrEqual(early.length);
      for (const e of earlier) expect(fullIds(e), b.slug).toEqual(fullIds(final));
      expect(fullIds(early[0]!), b.slug).toEqual(fullIds(final));
      expect(same(final), b.slug).toEqual(same(whole.run(log)));
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps what it fetched: a second lookup of the same records fetches nothing new", async () => {
    const { lookup, fetched } = lookupOver(files);
    const log = logs().at(-1)!;
    await lookup.run(log);
    const before = fetched.length;
    await lookup.run(log);
    await lookup.run(log.split("\n").reverse().join("\n"));
    expect(fetched.length).toBe(before);
  });

  it("finds records by id for a shared lookup, leaving out ids the data lacks", async () => {
    const { lookup, fetched } = lookupOver(files);
    const ids = [FIXTURE_RECORDS[5]!.id, "ffffffffffffffff", FIXTURE_RECORDS[1]!.id];
    expect((await lookup.byId(ids)).map((e) => e.id)).toEqual([FIXTURE_RECORDS[1]!.id, FIXTURE_RECORDS[5]!.id]);
    expect(fetched).toContain(splitFileName.ids);
  });
});

describe("a lookup over the hostile dataset's split data (e2e/hostile)", () => {
  it("answers exactly as the whole data does, twins and fillers included", async () => {
    const hostile = buildMatcherData(ALL_RECORDS, "2026-01-01T00:00:00Z");
    const reference = new Lookup(hostile);
    const split = splitFiles(hostile);
    const cases = HOSTILE_RECORDS.flatMap((r) => [
      ["INFO starting job 1234", "Traceback (most recent call last):", `${r.errorClass}: ${rendered(r.errorMessage, "VALUE")}`].join("\n"),
      `${r.errorClass}: ${rendered(r.errorMessage, "<script>alert(1)</script>").slice(0, 40)}`,
      r.errorMessage,
    ]);
    cases.push(cases.join("\r\n"));
    for (const log of cases) expect(same(await lookupOver(split).lookup.run(log)), log).toEqual(same(reference.run(log)));
  });
});

describe("damaged split data", () => {
  const r = FIXTURE_RECORDS[3]!;
  const log = `${r.errorClass}: ${sampleRenderings(r.errorMessage)[0]}`;
  /** The shard a lookup of `log` reads first. */
  async function firstShard(): Promise<string> {
    const { lookup, fetched } = lookupOver(files);
    await lookup.run(log);
    return fetched.find((f) => f.startsWith("shard-"))!;
  }
  const damaged = (name: string, change: (json: Record<string, unknown>) => unknown) =>
    new Map([...files, [name, JSON.stringify(change(JSON.parse(files.get(name)!) as Record<string, unknown>))]]);

  it("refuses a filter of another version, saying what to do", () => {
    const f = damaged(splitFileName.filter, (j) => ({ ...j, version: 2 }));
    expect(() => lookupOver(f)).toThrow(
      new InputError(["filter.json: version: 2 is version 2; this page reads version 4 (reload the page)"]),
    );
  });

  it("refuses a filter whose key table is cut short, naming it", () => {
    const f = damaged(splitFileName.filter, (j) => {
      const keys = j.keys as { wrap: { hashes: number[] }[] };
      keys.wrap[0]!.hashes.pop();
      return j;
    });
    expect(() => lookupOver(f)).toThrow(/^filter\.json: keys\.wrap\[0\]: has \d+ hashes for \d+ shards$/);
  });

  it("refuses a filter whose word table names a word shard there is not, naming it", () => {
    const f = damaged(splitFileName.filter, (j) => {
      const w = j.wording as { wordShards: number; shards: number[] };
      w.shards[0] = w.wordShards;
      return j;
    });
    expect(() => lookupOver(f)).toThrow(/^filter\.json: wording\.shards\[0\]: \d+ is not a word shard \(there are \d+\)$/);
  });

  it("refuses a filter whose word table is not ascending word keys, naming the place", () => {
    const f = damaged(splitFileName.filter, (j) => {
      (j.wording as { hashes: number[] }).hashes[1] = 2 ** 24;
      return j;
    });
    expect(() => lookupOver(f)).toThrow(new InputError(["filter.json: wording.hashes[1]: is not a list of word keys, ascending"]));
  });

  it("refuses a filter whose selection weights do not cover its entries, naming it", () => {
    const f = damaged(splitFileName.filter, (j) => {
      (j.wording as { selection: number[] }).selection.pop();
      return j;
    });
    expect(() => lookupOver(f)).toThrow(
      new InputError([
        `filter.json: wording.selection: has ${data.entries.length - 1} weights for the filter's ${data.entries.length} entries`,
      ]),
    );
  });

  it("refuses a word shard whose too-common words do not fit, naming the file and the pair", async () => {
    // A log whose line is compared by wording: its words' shards are read.
    const drifted = `RuntimeError: ${r.errorMessage.replace(/\{[^}]*\}/g, "x")} while starting`;
    const { lookup, fetched } = lookupOver(files);
    await lookup.run(drifted);
    const name = fetched.find((f) => f.startsWith("words-"))!;
    const listed = damaged(name, (j) => ({ ...j, common: [[0, 3]] }));
    await expect(lookupOver(listed).lookup.run(drifted)).rejects.toThrow(
      new InputError([`${name}: common[0]: is not [the position of a word without a list, its number of records]`]),
    );
    const many = damaged(name, (j) => ({
      ...j,
      postings: (j.postings as number[][]).map((p, k) => (k === 0 ? [] : p)),
      common: [[0, data.entries.length + 1]],
    }));
    await expect(lookupOver(many).lookup.run(drifted)).rejects.toThrow(
      new InputError([`${name}: common[0]: ${data.entries.length + 1} is not a number of records up to ${data.entries.length}`]),
    );
  });

  it("refuses a damaged shard, naming the file and the entry", async () => {
    const name = await firstShard();
    const f = damaged(name, (j) => ({
      ...j,
      entries: [{ ...(j.entries as object[])[0], engine: "pcre" }, ...(j.entries as object[]).slice(1)],
    }));
    await expect(lookupOver(f).lookup.run(log)).rejects.toThrow(
      new InputError([`${name}: entries[0]: is not a matcher entry of version 4`]),
    );
  });

  it("refuses a shard whose words' record counts do not fit, naming the file and the count", async () => {
    const name = await firstShard();
    const short = damaged(name, (j) => ({ ...j, counts: (j.counts as number[]).slice(1) }));
    const words = (JSON.parse(files.get(name)!) as { words: string[] }).words.length;
    await expect(lookupOver(short).lookup.run(log)).rejects.toThrow(
      new InputError([`${name}: counts: has ${words - 1} counts for ${words} words`]),
    );
    const zero = damaged(name, (j) => ({ ...j, counts: (j.counts as number[]).map((c, k) => (k === 0 ? 0 : c)) }));
    await expect(lookupOver(zero).lookup.run(log)).rejects.toThrow(
      new InputError([`${name}: counts[0]: 0 is not a number of records from 1 to ${data.entries.length}`]),
    );
  });

  it("refuses a shard that is not JSON data of a shard", async () => {
    const name = await firstShard();
    const f = new Map([...files, [name, JSON.stringify("<!doctype html>")]]);
    await expect(lookupOver(f).lookup.run(log)).rejects.toThrow(
      new InputError([`${name}: "<!doctype html>" Invalid input: expected object, received string`]),
    );
  });

  it("refuses a shard of another dataset version", async () => {
    const name = await firstShard();
    const f = damaged(name, (j) => ({ ...j, datasetVersion: "2025-01-01T00:00:00Z" }));
    await expect(lookupOver(f).lookup.run(log)).rejects.toThrow(
      new InputError([`${name}: is from dataset version "2025-01-01T00:00:00Z", the filter from "2026-01-01T00:00:00Z" (reload the page)`]),
    );
  });

  it("refuses a shard that holds another shard's entries", async () => {
    const name = await firstShard();
    const f = damaged(name, (j) => ({ ...j, indexes: (j.indexes as number[]).map((i) => i + 1) }));
    await expect(lookupOver(f).lookup.run(log)).rejects.toThrow(/^shard-\d+\.json: indexes\[0\]: \d+ is not an entry of this shard$/);
  });

  it("fails a lookup whose shard is missing, and fetches it again on the next", async () => {
    const name = await firstShard();
    const f = new Map(files);
    f.delete(name);
    const { lookup, fetched } = lookupOver(f);
    await expect(lookup.run(log)).rejects.toThrow(`could not load the matching data ${name} (404 Not Found)`);
    f.set(name, files.get(name)!);
    expect((await lookup.run(log)).matches[0]?.id).toBe(r.id);
    expect(fetched.filter((x) => x === name)).toHaveLength(2);
  });
});
