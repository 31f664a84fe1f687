import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { KEY_LENGTHS, KeyScanner } from "./prefilter";
import { seeded } from "../../testing/fixtures/logs";

/** Every hit as `key@position`, sorted: what the scanner must report. */
function scanned(keys: string[], text: string): string[] {
  const hits: string[] = [];
  new KeyScanner(keys).scan(text, (k, pos) => hits.push(`${k}@${pos}`));
  return hits.sort();
}

/** The reference: every occurrence (overlapping ones too) of every key, by indexOf. */
function naive(keys: string[], text: string): string[] {
  const hits: string[] = [];
  keys.forEach((key, k) => {
    for (let p = text.indexOf(key); p >= 0; p = text.indexOf(key, p + 1)) hits.push(`${k}@${p}`);
  });
  return hits.sort();
}

/**
 * The scanner's rolling hash, restated here only to prove that the two CJK keys
 * below really collide (polynomial hash, FNV prime base, mod 2^32).
 */
function rollingHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 0x01000193) + s.charCodeAt(i)) | 0;
  return h;
}
const COLLIDING = ["怬儣娊焈", "哈顔骏铜"] as const;

describe("KeyScanner", () => {
  it("uses key lengths 16, 8 and 4", () => {
    expect([...KEY_LENGTHS]).toEqual([16, 8, 4]);
  });

  it("finds every occurrence of keys of each length in a real log line", () => {
    const text =
      "[2025-06-01 10:00:00 TP0] RuntimeError: Not enough memory. Please try to increase --mem-fraction-static. Not enough memory again.";
    const keys = ["Not enough memor", "memory. ", "TP0]", "static. ", "absent!!"];
    expect(scanned(keys, text)).toEqual(naive(keys, text));
    expect(scanned(keys, text)).toEqual(["0@40", "0@105", "1@51", "2@21", "3@97"].sort());
  });

  it("reports overlapping occurrences", () => {
    expect(scanned(["aaaa"], "aaaaaaa")).toEqual(["0@0", "0@1", "0@2", "0@3"]);
    expect(scanned(["abababab"], "abababababab")).toEqual(["0@0", "0@2", "0@4"]);
  });

  it("tells apart keys sharing a prefix, a suffix, or all but one character", () => {
    const keys = ["abcdefgh", "abcdefgX", "Xbcdefgh", "abcdefghijklmnop", "abcdefghijklmnoQ"];
    const text = "..abcdefghijklmnop..abcdefgX..Xbcdefgh..abcdefghijklmnoQ";
    expect(scanned(keys, text)).toEqual(naive(keys, text));
    expect(scanned(keys, text)).toEqual(["0@2", "3@2", "1@20", "2@30", "0@40", "4@40"].sort());
  });

  it("tells apart keys whose rolling hashes are equal", () => {
    const [a, b] = COLLIDING;
    expect(rollingHash(a)).toBe(rollingHash(b));
    // Equal hashes stay equal behind a common prefix, so the 8- and 16-long keys collide too.
    const keys = [a, b, `日志错误${a}`, `日志错误${b}`, `模型加载失败请检查日志错${a}`, `模型加载失败请检查日志错${b}`];
    expect(rollingHash(keys[2]!)).toBe(rollingHash(keys[3]!));
    expect(keys.map((k) => k.length)).toEqual([4, 4, 8, 8, 16, 16]);
    for (const text of [`x${a}x`, `x${b}x`, `模型加载失败请检查日志错${a}${b}`, `日志错误${b}日志错误${a}`]) {
      expect(scanned(keys, text), text).toEqual(naive(keys, text));
    }
    expect(scanned(keys, `x${b}x`)).toEqual(["1@1"]);
  });

  it("reports a key given twice under both indexes", () => {
    expect(scanned(["dupe", "dupe"], "a dupe")).toEqual(["0@2", "1@2"]);
  });

  it("finds nothing, without throwing, in text shorter than the key or empty", () => {
    const keys = ["abcdefghijklmnop", "abcdefgh", "abcd"];
    expect(scanned(keys, "abc")).toEqual([]);
    expect(scanned(keys, "")).toEqual([]);
    expect(scanned(keys, "abcdefg")).toEqual(["2@0"]);
    expect(scanned(keys, "abcd")).toEqual(["2@0"]);
    expect(scanned([], "anything at all")).toEqual([]);
  });

  it("works on unicode text: CJK, accents, and emoji as surrogate pairs", () => {
    const keys = ["模型加载", "😀😀", "é ü", "💥 RuntimeError:", "错误: CUDA"];
    const text = "日志 模型加载失败 😀😀😀 café über 💥 RuntimeError: x 错误: CUDA 🙂";
    expect(scanned(keys, text)).toEqual(naive(keys, text));
    expect(scanned(keys, text).filter((h) => h.startsWith("1@"))).toHaveLength(2);
  });

  it("reports hits in position order within each key length", () => {
    const keys = ["ab", "abcd", "bcde", "abcdefgh", "cdefghij"].filter((k) => k.length >= 4);
    const text = "abcdefghij".repeat(5);
    const byLength = new Map<number, number[]>();
    const scanner = new KeyScanner(keys);
    scanner.scan(text, (k, pos) => {
      const l = keys[k]!.length;
      byLength.set(l, [...(byLength.get(l) ?? []), pos]);
    });
    for (const positions of byLength.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect([...byLength.keys()].sort()).toEqual([4, 8]);
  });

  it("agrees with indexOf on random texts and keys drawn from a small alphabet (fast-check)", () => {
    const alphabet = fc.constantFrom("a", "b", "c", " ", "é", "😀");
    const keyOf = (length: number) =>
      fc.array(alphabet, { minLength: length, maxLength: length }).map((cs) => cs.join("").slice(0, length));
    const key = fc.oneof(...KEY_LENGTHS.map((l) => keyOf(l).filter((k) => k.length === l)));
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 12 }), fc.array(alphabet, { maxLength: 300 }), (keys, chars) => {
        const text = chars.join("");
        expect(scanned(keys, text)).toEqual(naive(keys, text));
      }),
      { seed: 20250601, numRuns: 300 },
    );
  });

  it("agrees with indexOf for keys of every length from 1 to 24, a few and thousands (each group's sampling and rolling scans)", () => {
    const random = seeded(11);
    const pick = (s: string) => s[Math.floor(random() * s.length)]!;
    const letters = "abcdefgh _.:";
    for (const count of [40, 8000]) {
      const keys = new Set<string>();
      while (keys.size < count) {
        const length = 1 + Math.floor(random() * 24);
        let k = "";
        for (let i = 0; i < length; i++) k += pick(letters);
        keys.add(k);
      }
      const list = [...keys];
      let text = "";
      while (text.length < 60_000) text += random() < 0.3 ? list[Math.floor(random() * list.length)]! : pick(letters);
      expect(scanned(list, text)).toEqual(naive(list, text));
    }
  });

  it("agrees with indexOf for thousands of keys planted in generated text", () => {
    const random = seeded(7);
    const pick = (s: string) => s[Math.floor(random() * s.length)]!;
    const letters = "abcdefghijklmnopqrstuvwxyz _.:()";
    const keys = new Set<string>();
    while (keys.size < 3000) {
      const length = KEY_LENGTHS[Math.floor(random() * KEY_LENGTHS.length)]!;
      let k = "";
      for (let i = 0; i < length; i++) k += pick(letters);
      keys.add(k);
    }
    const list = [...keys];
    let text = "";
    while (text.length < 200_000) text += random() < 0.2 ? list[Math.floor(random() * list.length)]! : pick(letters);
    const hits = scanned(list, text);
    expect(hits).toEqual(naive(list, text));
    expect(hits.length).toBeGreaterThan(5000);
  });

  it("finds the same from a snapshot's tables, and finds keys longer than 65,536 characters", () => {
    const random = seeded(5);
    const letters = "abcdefgh _.:";
    const keys = Array.from({ length: 500 }, () => {
      const length = 8 + Math.floor(random() * 30);
      let k = "";
      for (let i = 0; i < length; i++) k += letters[Math.floor(random() * letters.length)]!;
      return k;
    });
    const long = "x".repeat(35_000) + "abc" + "y".repeat(35_000);
    keys.push(long);
    let text = "";
    while (text.length < 50_000)
      text += random() < 0.2 ? keys[Math.floor(random() * 500)]! : letters[Math.floor(random() * letters.length)]!;
    text += long + "." + long.slice(1);
    const built = new KeyScanner(keys);
    const loaded = new KeyScanner(keys, built.snapshot());
    const hits: string[] = [];
    loaded.scan(text, (k, pos) => hits.push(`${k}@${pos}`));
    expect(hits.sort()).toEqual(naive(keys, text));
    expect(hits).toContain(`500@${text.length - 2 * long.length}`);
  });
});
