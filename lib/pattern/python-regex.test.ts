import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { translatePythonRegex, type Translation } from "./python-regex";

/** Python's `\s` as the translator spells it (raw characters from U+0100 up, so re2js can read it too). */
const PY_SPACE = "\\t-\\r\\x1c- \\x85\\xa0\u1680\u2000-\u200a\u2028-\u2029\u202f\u205f\u3000";

function ok(pattern: string): Extract<Translation, { ok: true }> {
  const t = translatePythonRegex(pattern);
  if (!t.ok) throw new Error(`expected ${JSON.stringify(pattern)} to translate, got: ${t.error}`);
  return t;
}

/** Runs the translation the way callers do and returns [match, ...groups] like Python's m.group(0), *m.groups(). */
function search(pattern: string, text: string): (string | null)[] | null {
  const t = ok(pattern);
  const m = new RegExp(t.source, t.flags + "d").exec(text);
  return m ? [...m].map((g) => g ?? null) : null;
}

describe("translatePythonRegex: translations", () => {
  // [Python pattern, JavaScript source, JavaScript flags]
  const rows: [string, string, string][] = [
    // the mined corpus shape
    [String.raw`Model (.+?) not supported`, String.raw`Model ([^\n]+?) not supported`, ""],
    [
      String.raw`PD Disaggregation does NOT support PD different TP sizes for non-MLA (.+?) hybrid models yet\.`,
      String.raw`PD Disaggregation does NOT support PD different TP sizes for non-MLA ([^\n]+?) hybrid models yet\.`,
      "",
    ],
    [
      String.raw`Scale (.+?) is not supported\. Supported scales: 2\^n and 3\.`,
      String.raw`Scale ([^\n]+?) is not supported\. Supported scales: 2\^n and 3\.`,
      "",
    ],
    // escaped specials stay escaped; escaped non-letters become the plain character
    [String.raw`\$\.\^\*\+\?\(\)\[\]\{\}\|\\`, String.raw`\$\.\^\*\+\?\(\)\[\]\{\}\|\\`, ""],
    [String.raw`\-\ \#\'\"\:\/\<\>\@\!\%\,\=\&\~\``, "- #'\":/<>@!%,=&~`", ""],
    ["a]b}", String.raw`a\]b\}`, ""],
    // groups and backreferences
    [String.raw`(?P<n>\d+) (?P=n)`, String.raw`(?<n>\d+) \k<n>`, ""],
    [String.raw`(a)\1`, String.raw`(a)\1`, ""],
    [String.raw`(?x)(a)\1 0`, String.raw`(a)\1(?:)0`, ""],
    ["(?:a)(?#a comment)b", "(?:a)b", ""],
    ["a(?#c)*", "a*", ""],
    ["(?=a)(?!b)(?<=c)(?<!d)", "(?=a)(?!b)(?<=c)(?<!d)", ""],
    ["(?<=a)*b", "(?:(?<=a))*b", ""],
    // anchors: no JavaScript m flag, ever
    [String.raw`\Aabc\Z`, "^abc$", ""],
    [String.raw`(?m)\Aabc\Z`, "^abc$", ""],
    ["abc$", String.raw`abc(?=\n?$)`, ""],
    ["^abc", "^abc", ""],
    ["(?m)^a$", String.raw`(?<![^\n])a(?![^\n])`, ""],
    [String.raw`\bword\B`, String.raw`\bword\B(?!^$)`, ""],
    // global inline flags
    ["(?i)error", "error", "i"],
    ["(?i)missing key", "m[iİı][sſ][sſ][iİı]ng [k\u212a]ey", "i"],
    ["(?i)[a-z]", "[a-zİı\u212aſ]", "i"],
    ["(?s)a.b", "a.b", "s"],
    ["(?is)a.b", "a.b", "is"],
    ["(?im)^a", String.raw`(?<![^\n])a`, "i"],
    ["(?m)(?i)a", "a", "i"],
    ["(?u)a", "a", ""],
    ["(?a)a", "a", ""],
    ["(?ai)ab1", "[aA][bB]1", ""],
    ["(?i)", "", "i"],
    ["", "", ""],
    // verbose mode: spaces and comments go, except in classes and when escaped
    ["(?x) a b  # a comment\n c", "abc", ""],
    ["(?x)a[ #]b\\ c\\#d", "a[ #]b c#d", ""],
    ["(?x)a +", "a+", ""],
    ["(?x)a{1, 2}", String.raw`a\{1,2\}`, ""],
    ["(?x:a b)c d", "(?:ab)c d", ""],
    // scoped flags, emulated (Node 20 has no regexp modifiers)
    ["(?i:ab)c", "(?:[aA][bB])c", ""],
    ["(?i)ab(?-i:c)", "[aA][bB](?:c)", ""],
    ["(?i:[a-c])", "(?:[a-cA-C])", ""],
    ["(?s:a.)b.", String.raw`(?:a[\s\S])b[^\n]`, ""],
    ["(?s)(?-s:.).", String.raw`(?:[^\n]).`, "s"],
    ["(?m:^)^", String.raw`(?:(?<![^\n]))^`, ""],
    [String.raw`(?a:\s)\s`, String.raw`(?:[\t-\r ])[${PY_SPACE}]`, ""],
    // repetition
    ["x{,3}", "x{0,3}", ""],
    ["x{2}x{2,}x{2,3}x{,}", "x{2}x{2,}x{2,3}x{0,}", ""],
    ["x{}", String.raw`x\{\}`, ""],
    ["x{a}", String.raw`x\{a\}`, ""],
    ["x{1,2", String.raw`x\{1,2`, ""],
    ["{", String.raw`\{`, ""],
    ["a*?b+?c??d{1,2}?", "a*?b+?c??d{1,2}?", ""],
    // character classes
    ["[]a]", String.raw`[\]a]`, ""],
    ["[^]a]", String.raw`[^\]a]`, ""],
    ["[]-a]", String.raw`[\]-a]`, ""],
    ["[a-]", String.raw`[a\-]`, ""],
    [String.raw`[\b]`, String.raw`[\x08]`, ""],
    ["[^^]", String.raw`[^\^]`, ""],
    ["[[]", String.raw`[\[]`, ""],
    [String.raw`[\d\w\W\D.]`, String.raw`[\d\w\W\D.]`, ""],
    [String.raw`[\s]`, `[${PY_SPACE}]`, ""],
    [String.raw`(?a)[\s]`, String.raw`[\t-\r ]`, ""],
    [
      String.raw`[\S]`,
      String.raw`[\x00-\x08\x0e-\x1b!-\x84\x86-\x9f` +
        "¡-\u167f\u1681-\u1fff\u200b-\u2027\u202a-\u202e\u2030-\u205e\u2060-\u2fff\u3001-\uffff]",
      "",
    ],
    // \s is Python's whitespace, not JavaScript's
    [String.raw`\s+\S`, `[${PY_SPACE}]+[^${PY_SPACE}]`, ""],
    [String.raw`(?a)\s\S`, String.raw`[\t-\r ][^\t-\r ]`, ""],
    [String.raw`\d\w\D\W`, String.raw`\d\w\D\W`, ""],
    // character escapes
    [String.raw`\a\f\v\t\n\r`, String.raw`\x07\f\v\t\n\r`, ""],
    [String.raw`\x41\u00e9\U0001F600`, "Aé\u{1F600}", ""],
    [String.raw`\0\01\101\1010`, String.raw`\x00\x01AA0`, ""],
    [String.raw`\x85\xa0\u2028`, String.raw`\x85\xa0` + "\u2028", ""],
    // characters outside the BMP stay together
    ["\u{1F600}+", "(?:\u{1F600})+", ""],
    [String.raw`\U0001F600{2}`, "(?:\u{1F600}){2}", ""],
    // alternation
    ["a|b|", "a|b|", ""],
  ];
  it.each(rows)("%j → %j /%s", (pattern, source, flags) => {
    const t = ok(pattern);
    expect({ source: t.source, flags: t.flags }).toEqual({ source, flags });
    expect(() => new RegExp(t.source, t.flags)).not.toThrow();
  });

  it("reports groups: count and each group's name by number (empty when unnamed)", () => {
    const t = ok(String.raw`(a)(?:b)(?P<model>\w+) failed with (?P<code>\d+)(?=(c))`);
    expect(t.groupCount).toBe(4);
    expect(t.groupNames).toEqual(["", "model", "code", ""]);
    expect(ok("no groups").groupCount).toBe(0);
  });
});

describe("translatePythonRegex: rejections", () => {
  // [Python pattern, exact error]
  const rows: [string, string][] = [
    // no JavaScript equivalent
    ["a*+", `possessive quantifier "*+" at index 1 is not supported in JavaScript`],
    ["ab++", `possessive quantifier "++" at index 2 is not supported in JavaScript`],
    ["a?+", `possessive quantifier "?+" at index 1 is not supported in JavaScript`],
    ["a{1,2}+", `possessive quantifier "{1,2}+" at index 1 is not supported in JavaScript`],
    ["(?>ab)", `atomic group "(?>...)" at index 0 is not supported in JavaScript`],
    ["(a)?(?(1)b|c)", `conditional group "(?(...)yes|no)" at index 4 is not supported in JavaScript`],
    [
      String.raw`\N{EM DASH}`,
      String.raw`named Unicode escape \N{EM DASH} at index 0 is not supported (no Unicode name table here): write the character itself or a \x/\u escape`,
    ],
    [
      "[\u{1F600}]",
      "character class at index 0 contains U+1F600, outside the Basic Multilingual Plane, which JavaScript cannot match inside a class without the u flag",
    ],
    [
      String.raw`\ud800`,
      "lone surrogate U+D800 at index 0 is not supported (Python matches it only as a lone code point, JavaScript would match half of a character)",
    ],
    ["(?t)a", `inline flag "t" (TEMPLATE) at index 2 is not supported: it is deprecated and forbids repetition`],
    [
      String.raw`(?i)(a)(?-i:b)\1`,
      String.raw`case-insensitive backreference \1 at index 14 cannot be translated: the JavaScript i flag cannot be used here (the pattern mixes case-sensitive and case-insensitive parts, or asks for ASCII-only case folding)`,
    ],
    // errors in Python too
    [String.raw`\q`, String.raw`bad escape \q at index 0`],
    [String.raw`abc\q`, String.raw`bad escape \q at index 3`],
    [String.raw`[\A]`, String.raw`bad escape \A at index 1`],
    [String.raw`[\8]`, String.raw`bad escape \8 at index 1`],
    ["abc\\", "bad escape (end of pattern) at index 3"],
    [String.raw`\x4`, String.raw`incomplete escape \x4 at index 0`],
    [String.raw`\u00e`, String.raw`incomplete escape \u00e at index 0`],
    [String.raw`\U00110000`, String.raw`bad escape \U00110000 at index 0`],
    [String.raw`\777`, String.raw`octal escape value \777 outside of range 0-0o377 at index 0`],
    ["(a", "missing ), unterminated subpattern at index 0"],
    ["a)", "unbalanced parenthesis at index 1"],
    ["(a))", "unbalanced parenthesis at index 3"],
    ["(?#unterminated", "missing ), unterminated comment at index 0"],
    ["[a", "unterminated character set at index 0"],
    ["[]", "unterminated character set at index 0"],
    ["[z-a]", "bad character range z-a at index 1"],
    [String.raw`[\d-z]`, String.raw`bad character range \d-z at index 1`],
    ["*a", "nothing to repeat at index 0"],
    ["a|*", "nothing to repeat at index 2"],
    ["^*", "nothing to repeat at index 1"],
    [String.raw`\b+`, "nothing to repeat at index 2"],
    ["a**", "multiple repeat at index 2"],
    ["a{2}{3}", "multiple repeat at index 4"],
    ["a{3,2}", "min repeat greater than max repeat at index 1"],
    ["a{4294967295}", "the repetition number is too large at index 1"],
    [String.raw`(a)\2`, "invalid group reference 2 at index 3"],
    [String.raw`(a\1)`, String.raw`cannot refer to an open group: \1 at index 2`],
    ["(?P=x)", `unknown group name "x" in (?P=x) at index 0`],
    ["(?P<a>x)(?P<a>y)", `duplicate group name "a" at index 8`],
    ["(?P<1a>x)", `bad character in group name "1a" at index 4`],
    ["(?P<>x)", "missing group name at index 4"],
    ["(?P<a", "missing >, unterminated name at index 4"],
    ["(?<n>a)", "unknown extension ?<n at index 0 (a named group is written (?P<name>...) in Python)"],
    ["(?Px)", "unknown extension ?Px at index 0"],
    ["(?&a)", "unknown extension ?& at index 0"],
    ["(?", "unexpected end of pattern at index 2"],
    ["(?<=a+)b", "look-behind requires fixed-width pattern: lookbehind at index 0"],
    ["(?<=a|bc)b", "look-behind requires fixed-width pattern: lookbehind at index 0"],
    [String.raw`(?<=(a)\1)b`, String.raw`cannot refer to group defined in the same lookbehind subpattern: \1 at index 7`],
    // flags
    ["(?L)a", "bad inline flags: cannot use 'L' flag with a str pattern at index 2"],
    ["(?au)a", "bad inline flags: flags 'a', 'u' and 'L' are incompatible at index 3"],
    ["(?a)(?u)a", "ASCII and UNICODE flags are incompatible at index 4"],
    ["(?-a:b)", "bad inline flags: cannot turn off flags 'a', 'u' and 'L' at index 3"],
    ["(?i-i:a)", "bad inline flags: flag turned on and off at index 5"],
    ["(?z)", "unknown extension ?z at index 0"],
    ["(?iz)", "unknown flag at index 3"],
    ["(?i", "missing -, : or ) at index 3"],
    ["(?-:a)", "missing flag at index 3"],
    ["(?-i)", "missing : at index 4"],
    [
      "a(?i)b",
      `global flags "(?i)" at index 1 are not at the start of the pattern (an error since Python 3.11); use a scoped group such as (?i:...)`,
    ],
    [
      "(?i)a|(?s)b",
      `global flags "(?s)" at index 6 are not at the start of the pattern (an error since Python 3.11); use a scoped group such as (?i:...)`,
    ],
    [
      "((?i)a)",
      `global flags "(?i)" at index 1 are not at the start of the pattern (an error since Python 3.11); use a scoped group such as (?i:...)`,
    ],
    [
      " (?x)a",
      `global flags "(?x)" at index 1 are not at the start of the pattern (an error since Python 3.11); use a scoped group such as (?i:...)`,
    ],
  ];
  it.each(rows)("%j: %s", (pattern, error) => {
    const t = translatePythonRegex(pattern);
    expect(t.ok).toBe(false);
    if (!t.ok) {
      expect(t.error).toBe(error);
      expect(t.index).toBe(Number(/at index (\d+)/.exec(error)![1]));
    }
  });

  it("accepts global flags after comments and, in verbose mode, after spaces", () => {
    expect(ok("(?#note)(?i)a").flags).toBe("i");
    expect(ok("(?x) \n (?i)a").flags).toBe("i");
    expect(ok("(?i)(?s)a").flags).toBe("is");
  });
});

describe("translatePythonRegex: behaves like Python's re.search", () => {
  // [Python pattern, text, Python's [m.group(0), *m.groups()] or null], checked with CPython 3.11
  const rows: [string, string, (string | null)[] | null][] = [
    [String.raw`Model (.+?) not supported`, "Model llama-3-70b not supported", ["Model llama-3-70b not supported", "llama-3-70b"]],
    [String.raw`Model (.+?) not supported`, "Model  not supported", null],
    [
      String.raw`PD Disaggregation does NOT support PD different TP sizes for non-MLA (.+?) hybrid models yet\.`,
      "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA C128_STATE hybrid models yet.",
      ["PD Disaggregation does NOT support PD different TP sizes for non-MLA C128_STATE hybrid models yet.", "C128_STATE"],
    ],
    [
      String.raw`Scale (.+?) is not supported\. Supported scales: 2\^n and 3\.`,
      "Scale 5 is not supported. Supported scales: 2^n and 3.",
      ["Scale 5 is not supported. Supported scales: 2^n and 3.", "5"],
    ],
    [
      String.raw`Scale (.+?) is not supported\. Supported scales: 2\^n and 3\.`,
      "Scale 5 is not supported! Supported scales: 2^n and 3.",
      null,
    ],
    // Python's `.` stops only at \n (a CRLF line keeps its \r)
    ["Error: (.+)", "Error: disk full\r", ["Error: disk full\r", "disk full\r"]],
    ["a.b", "a\rb", ["a\rb"]],
    ["a.b", "a\nb", null],
    ["(?s)a.b", "a\nb", ["a\nb"]],
    ["(?s:a.)b.", "a\nbx", ["a\nbx"]],
    ["(?s:a.)b.", "a\nb\n", null],
    // escaped specials
    [String.raw`\$\.\^\*\+\?\(\)\[\]\{\}\|\\\-\ \#\'\"\:\/\<`, "$.^*+?()[]{}|\\- #'\":/<", ["$.^*+?()[]{}|\\- #'\":/<"]],
    [String.raw`\x41\u00e9\101`, "xAéA", ["AéA"]],
    // named group and backreference
    [String.raw`(?P<n>\d+) (?P=n)`, "ids 12 12", ["12 12", "12"]],
    [String.raw`(?P<n>\d+) (?P=n)`, "ids 12 13", null],
    [
      String.raw`(?P<model>\w+) failed with code (?P<code>\d+)`,
      "worker failed with code 137",
      ["worker failed with code 137", "worker", "137"],
    ],
    ["(?:(?P<a>x)|y)z", "yz", ["yz", null]],
    // anchors
    [String.raw`\Afoo\Z`, "foo", ["foo"]],
    [String.raw`\Afoo\Z`, "foo\n", null],
    [String.raw`\Afoo\Z`, "xfoo", null],
    ["foo$", "foo\n", ["foo"]],
    ["foo$", "foo\n\n", null],
    ["(?im)^error: (.+)$", "ok\nERROR: boom\nmore", ["ERROR: boom", "boom"]],
    ["(?m)^b", "a\rb", null],
    ["(?m)a$", "a\r\n", null],
    [String.raw`\B`, "", null],
    [String.raw`\bfoo\b`, "a foo.", ["foo"]],
    [String.raw`(?<=\$)\d+`, "cost $42", ["42"]],
    // case-insensitivity, including Python's extra foldings
    ["(?i)connection refused", "CONNECTION REFUSED by peer", ["CONNECTION REFUSED"]],
    ["(?i)missing key", "MİSSİNG KEY", ["MİSSİNG KEY"]],
    ["(?i)missing key", "mıssıng \u212aey", ["mıssıng \u212aey"]],
    ["(?i)[a-z]+", "\u212a\u017f", ["\u212a\u017f"]],
    ["(?i:abc)d", "ABCd", ["ABCd"]],
    ["(?i:abc)d", "ABCD", null],
    ["(?i)ab(?-i:c)", "ABc", ["ABc"]],
    ["(?i)ab(?-i:c)", "ABC", null],
    // verbose mode
    ["(?x) (\\d+) \\s*  # the count\n items", "42   items", ["42   items", "42"]],
    ["(?x)a[ ]b", "a b", ["a b"]],
    ["(?x)a b", "a b", null],
    ["(?x)a\\ b", "a b", ["a b"]],
    // repetition and classes
    ["^x{,3}$", "xxx", ["xxx"]],
    ["^x{,3}$", "xxxx", null],
    ["x{,3}", "x{,3}", ["x"]],
    ["[]a]+", "b]a]c", ["]a]"]],
    ["[^]a]", "]ab", ["b"]],
    // Python's whitespace
    [String.raw`\s`, "\x1c", ["\x1c"]],
    [String.raw`\s`, "\ufeff", null],
    [String.raw`(?a)\s`, "\x1c", null],
    // a character outside the BMP is one Python character
    [String.raw`\U0001F600+!`, "go \u{1F600}\u{1F600}!", ["\u{1F600}\u{1F600}!"]],
    ["a|b", "cb", ["b"]],
  ];
  it.each(rows)("%j on %j", (pattern, text, expected) => {
    expect(search(pattern, text)).toEqual(expected);
  });
});

describe("translatePythonRegex: robustness", () => {
  /** Fails the test if the translator throws, or returns something unusable. */
  function check(pattern: string): void {
    const t = translatePythonRegex(pattern);
    if (t.ok) {
      expect(() => new RegExp(t.source, t.flags + "gd")).not.toThrow();
      expect(t.flags).toMatch(/^i?s?$/);
    } else {
      expect(t.error.length).toBeGreaterThan(0);
      expect(t.error).not.toMatch(/^internal error/);
    }
  }

  it("never throws on seeded random patterns built from regex syntax", () => {
    let seed = 20260101;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) >>> 0;
      let x = seed;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pieces = [
      "\\",
      "(",
      ")",
      "[",
      "]",
      "{",
      "}",
      "?",
      "*",
      "+",
      "|",
      "^",
      "$",
      ".",
      "-",
      ",",
      ":",
      "=",
      "!",
      "<",
      ">",
      "#",
      " ",
      "\n",
      "a",
      "A",
      "i",
      "k",
      "s",
      "P",
      "x",
      "u",
      "U",
      "N",
      "b",
      "B",
      "d",
      "s",
      "w",
      "Z",
      "0",
      "1",
      "2",
      "7",
      "9",
      "é",
      "ı",
      "\u{1F600}",
      "\ud800",
      "(?",
      "(?P<a>",
      "(?P=a)",
      "(?i)",
      "(?x)",
      "(?s)",
      "(?m)",
      "(?a)",
      "(?i:",
      "(?-i:",
      "(?<=",
      "(?#",
      "{1,2}",
      "{,",
      "\\x4",
      "\\u00",
    ];
    for (let k = 0; k < 3000; k++) {
      let p = "";
      const n = Math.floor(rand() * 12);
      for (let j = 0; j < n; j++) p += pieces[Math.floor(rand() * pieces.length)];
      check(p);
    }
  });

  it("never throws on arbitrary strings (fast-check)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (p) => {
        check(p);
      }),
      { numRuns: 2000, seed: 42 },
    );
  });
});
