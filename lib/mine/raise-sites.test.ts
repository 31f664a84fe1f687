/**
 * What the miner reads from each form of message a raise can carry: the exact
 * template (`errorMessage`), pattern (`messagePattern`) and placeholder names,
 * and the reason it gives for a message it will not guess.
 */
import { describe, expect, it } from "vitest";
import { mineSource } from "./raise-sites";
import { renderMessage, renderPattern } from "./template";
import { parseTemplate, placeholderName } from "../record/message-template";

/** The only site of `src`, rendered as a record would carry it. */
function only(src: string) {
  const mined = mineSource(src);
  expect(mined.syntaxErrors).toEqual([]);
  expect(mined.unreadable).toEqual([]);
  expect(mined.sites).toHaveLength(1);
  const site = mined.sites[0]!;
  const message = renderMessage(site.template);
  const names = parseTemplate(message)
    .filter((s) => s.kind === "placeholder")
    .map((s) => placeholderName(s.expr));
  return { message, pattern: renderPattern(site.template), names, site };
}

const fn = (body: string) => `def check(x, n, self=None):\n${body.replace(/^/gm, "    ")}\n`;

describe("message forms", () => {
  it.each([
    [
      "plain",
      `raise ValueError("Invalid mode (expected one of a, b)")`,
      "Invalid mode (expected one of a, b)",
      String.raw`Invalid mode \(expected one of a, b\)`,
      [],
    ],
    // As the corpus writes it: a plain string's braces stay as written; the pattern takes them literally.
    ["plain with braces", `raise KeyError("use {name} literally")`, "use {name} literally", String.raw`use \{name\} literally`, ["name"]],
    ["escapes decoded", String.raw`raise ValueError("tab\there\nnext \x41")`, "tab\there\nnext A", String.raw`tab\there\nnext A`, []],
    ["raw string", String.raw`raise ValueError(r"C:\path\n")`, String.raw`C:\path\n`, String.raw`C:\\path\\n`, []],
    [
      "f-string",
      `raise ValueError(f"got {x!r} for {self.mode}, width {n:>4}")`,
      "got {x!r} for {self.mode}, width {n:>4}",
      "got (.+?) for (.+?), width (.+?)",
      ["x", "self.mode", "n"],
    ],
    ["f-string with literal braces", `raise ValueError(f"{{a}} is {x}")`, "{{a}} is {x}", String.raw`\{a\} is (.+?)`, ["x"]],
    [
      "f-string self-documenting",
      `raise ValueError(f"bad {x=} and {n = }")`,
      "bad x={x!r} and n = {n!r}",
      "bad x=(.+?) and n = (.+?)",
      ["x", "n"],
    ],
    [
      "concatenation",
      `raise ValueError("expected " + str(n) + " items, got " + repr(x))`,
      "expected {n} items, got {x!r}",
      "expected (.+?) items, got (.+?)",
      ["n", "x"],
    ],
    ["concatenation of an f-string", `raise ValueError(f"size {n}" + " too big")`, "size {n} too big", "size (.+?) too big", ["n"]],
    [
      "implicit join",
      `raise ValueError(\n    "part one, "\n    f"part {n} "\n    'end {x}'\n)`,
      "part one, part {n} end {{x}}",
      String.raw`part one, part (.+?) end \{x\}`,
      ["n"],
    ],
    ["%-format, one value", `raise ValueError("unknown dtype %s" % x)`, "unknown dtype {x}", "unknown dtype (.+?)", ["x"]],
    [
      "%-format, a tuple",
      `raise ValueError("got %r, want %d (%.2f%%)" % (x, n, self.ratio))`,
      "got {x!r}, want {n} ({self.ratio:.2f}%)",
      String.raw`got (.+?), want (.+?) \((.+?)%\)`,
      ["x", "n", "self.ratio"],
    ],
    ["%-format, a dict", `raise ValueError("%(name)s is %(what)s" % {"name": x, "what": n})`, "{x} is {n}", "(.+?) is (.+?)", ["x", "n"]],
    ["%-format with braces in the text", `raise ValueError("{x} %s" % n)`, "{{x}} {n}", String.raw`\{x\} (.+?)`, ["n"]],
    [
      ".format(), positional",
      `raise ValueError("{} not in {}".format(x, self.names))`,
      "{x} not in {self.names}",
      "(.+?) not in (.+?)",
      ["x", "self.names"],
    ],
    [
      ".format(), numbered and named",
      `raise ValueError("{0!r}: {1:>3} {what}".format(x, n, what=self.w))`,
      "{x!r}: {n:>3} {self.w}",
      "(.+?): (.+?) (.+?)",
      ["x", "n", "self.w"],
    ],
    ["keyword message=", `raise HTTPException(status_code=404, detail=f"no job {x}")`, "no job {x}", "no job (.+?)", ["x"]],
  ])("%s", (_name, code, message, pattern, names) => {
    const got = only(fn(code));
    expect(got.message).toBe(message);
    expect(got.pattern).toBe(pattern);
    expect(got.names).toEqual(names);
  });

  it.each([
    ["assigned above", `msg = "bad value"\nraise ValueError(msg)`, "bad value"],
    [
      "assigned an f-string, then extended",
      `msg = f"bad {x}"\nmsg += ", expected " + str(n)\nraise ValueError(msg)`,
      "bad {x}, expected {n}",
    ],
    ["annotated assignment", `msg: str = "bad %s" % x\nraise ValueError(msg)`, "bad {x}"],
    ["assigned from a variable", `base = "bad"\nmsg = base + " value " + x\nraise ValueError(msg)`, "bad value {x}"],
    ["assigned before the if that raises", `msg = f"bad {x}"\nif n:\n    raise ValueError(msg)`, "bad {x}"],
  ])("a variable %s", (_name, code, message) => {
    expect(only(fn(code)).message).toBe(message);
  });

  it.each([
    ["a call", `raise ValueError(describe(x))`, "a message returned by a call (describe)"],
    ["an unassigned variable", `raise ValueError(msg)`, "a variable (msg) not assigned a string above the raise in its function"],
    [
      "a variable assigned in one branch",
      `if n:\n    msg = "a"\nelse:\n    msg = "b"\nraise ValueError(msg)`,
      "a variable (msg) not assigned a string above the raise in its function",
    ],
    [
      "a variable assigned below",
      `if n:\n    raise ValueError(msg)\nmsg = "late"`,
      "a variable (msg) not assigned a string above the raise in its function",
    ],
    [
      "a variable assigned in a nested function",
      `def inner():\n    msg = "a"\nraise ValueError(msg)`,
      "a variable (msg) not assigned a string above the raise in its function",
    ],
    ["a join", `raise ValueError(", ".join(x))`, 'a message returned by a call (", ".join)'],
    ["only placeholders", `raise ValueError(f"{x}")`, "a message with no literal text"],
    ["a %-format of a variable", `raise ValueError(fmt % x)`, "a variable (fmt) not assigned a string above the raise in its function"],
    ["an attribute", `raise ValueError(self.message)`, "a message built by a member expression"],
  ])("reports %s as unreadable", (_name, code, reason) => {
    const mined = mineSource(fn(code));
    expect(mined.sites).toEqual([]);
    expect(mined.unreadable).toEqual([{ line: expect.any(Number), errorClass: "ValueError", reason }]);
  });

  it("counts raises without a message and ignores re-raises", () => {
    const mined = mineSource(fn(`try:\n    pass\nexcept KeyError:\n    raise\nraise KeyError\nraise exc\nraise ValueError()`));
    expect(mined).toMatchObject({ sites: [], unreadable: [], withoutMessage: 3 });
  });
});

describe("where a raise is", () => {
  it("names the class, the enclosing scope, the docstring's first sentence and the guarding condition", () => {
    const src = `class Engine:\n    def start(self, n):\n        """Starts the engine. Then waits."""\n        if n < 0 and not self.ok:\n            raise errors.EngineError(f"bad n {n}")\n        elif n > 9:\n            pass\n        else:\n            raise RuntimeWarning("odd")\n`;
    const mined = mineSource(src);
    expect(
      mined.sites.map(({ line, errorClass, scope, docstring, condition }) => ({ line, errorClass, scope, docstring, condition })),
    ).toEqual([
      { line: 5, errorClass: "EngineError", scope: "Engine.start", docstring: "Starts the engine.", condition: "n < 0 and not self.ok" },
      { line: 9, errorClass: "RuntimeWarning", scope: "Engine.start", docstring: "Starts the engine.", condition: "not (n > 9)" },
    ]);
  });

  it("reports the first syntax error with its line", () => {
    expect(mineSource("x = 1\ndef f(:\n    pass\n").syntaxErrors).toEqual([{ line: 2, message: 'invalid syntax near ":"' }]);
  });

  it("accepts the valid Python Lezer's grammar misreads: trailing-dot floats, a bare yield, form feeds", () => {
    expect(mineSource("def f():\n    x = (1., 2.)\n    try:\n        yield\n    finally:\n        g = (yield)\n").syntaxErrors).toEqual([]);
    const mined = mineSource('x = 1\n\f\n\fdef f():\n    raise ValueError("after a form feed")\n');
    expect([mined.syntaxErrors, mined.sites.map((s) => s.line)]).toEqual([[], [4]]);
  });

  it("reads a raise under 300 nested blocks", () => {
    let src = "";
    for (let i = 0; i < 300; i++) src += " ".repeat(i) + `if x${i}:\n`;
    src += " ".repeat(300) + 'raise ValueError("deep")\n';
    expect(mineSource(src).sites.map((s) => [s.line, s.condition])).toEqual([[301, "x299"]]);
  });

  it("stops reading a message nested past its limit", () => {
    const src = 'raise ValueError("a" ' + '+ "b" '.repeat(450) + ")\n";
    expect(mineSource(src).unreadable).toEqual([
      { line: 1, errorClass: "ValueError", reason: "a message nested more than 400 levels deep" },
    ]);
  });

  it("reports nesting past what the parser takes as a syntax error", () => {
    const src = "x = " + "(".repeat(3000) + "1" + ")".repeat(3000) + "\n";
    expect(mineSource(src).syntaxErrors).toEqual([{ line: 1, message: `invalid syntax near ${JSON.stringify("(".repeat(30))}` }]);
  });
});

describe("comments", () => {
  it("skips comments inside the call, the message and the assignment", () => {
    const src = fn(`msg = f"bad {x}"  # why\nraise ValueError(  # noqa: TRY004\n    msg  # noqa: E501\n)`);
    expect(only(src).message).toBe("bad {x}");
    expect(only(fn(`raise ValueError(\n    "part one "  # first\n    "part two"  # second\n)`)).message).toBe("part one part two");
  });
});
