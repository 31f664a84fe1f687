import { describe, expect, it } from "vitest";
import { SAMPLE_VALUES, parseTemplate, renderTemplate, sampleRenderings, type Segment, placeholderName } from "./message-template";
import { exampleRecord } from "../testing/test-fixtures";

const text = (value: string): Segment => ({ kind: "text", value });
const ph = (expr: string): Segment => ({ kind: "placeholder", expr });

describe("reading an f-string message", () => {
  it.each<[string, string, Segment[]]>([
    ["a plain name", "Unknown model {name}.", [text("Unknown model "), ph("name"), text(".")]],
    ["a method call", "for non-MLA {st.upper()} hybrid models", [text("for non-MLA "), ph("st.upper()"), text(" hybrid models")]],
    [
      "a call with a quoted comma",
      "Invalid parser; expected one of {','.join(valid_parsers)}",
      [text("Invalid parser; expected one of "), ph("','.join(valid_parsers)")],
    ],
    ["a call with several arguments", "got {max(a, b)} items", [text("got "), ph("max(a, b)"), text(" items")]],
    ["a subscript with a quoted brace", 'key {d["}"]} missing', [text("key "), ph('d["}"]'), text(" missing")]],
    ["a single-quoted subscript", "key {d['k']} missing", [text("key "), ph("d['k']"), text(" missing")]],
    ["a !r conversion", "bad value {x!r}", [text("bad value "), ph("x!r")]],
    ["a format spec", "rank {n:>4} of {total}", [text("rank "), ph("n:>4"), text(" of "), ph("total")]],
    ["a nested format spec", "{value:{width}} wide", [ph("value:{width}"), text(" wide")]],
    ["two placeholders side by side", "{a}{b}", [ph("a"), ph("b")]],
    ["an empty placeholder", "got {}", [text("got "), ph("")]],
  ])("finds %s", (_story, message, segments) => {
    expect(parseTemplate(message)).toEqual(segments);
  });

  it("reads {{ and }} as literal braces, not placeholders", () => {
    expect(parseTemplate("use {{literal}} braces for {name}")).toEqual([text("use {literal} braces for "), ph("name")]);
  });

  it("keeps an unclosed { and everything after it as text", () => {
    expect(parseTemplate("missing brace {name here")).toEqual([text("missing brace {name here")]);
  });

  it("keeps a { closed by the wrong bracket as text", () => {
    expect(parseTemplate("odd { ) } text")).toEqual([text("odd { ) } text")]);
  });

  it("leaves printf conversions alone unless asked", () => {
    expect(parseTemplate("got %s for %(name)d, 100%%")).toEqual([text("got %s for %(name)d, 100%%")]);
  });

  it("returns no segments for an empty message", () => {
    expect(parseTemplate("")).toEqual([]);
  });
});

describe("reading a printf-style message", () => {
  it.each<[string, string, Segment[]]>([
    ["%s", "Cannot load %s", [text("Cannot load "), ph("%s")]],
    ["%r", "bad %r here", [text("bad "), ph("%r"), text(" here")]],
    ["a named %(name)d", "rank %(rank)d of %(total)d", [text("rank "), ph("%(rank)d"), text(" of "), ph("%(total)d")]],
    ["width and precision", "took %-10.3f s", [text("took "), ph("%-10.3f"), text(" s")]],
    ["%% as a literal percent", "100%% done in %ds", [text("100% done in "), ph("%d"), text("s")]],
    ["a lone % as text", "50%, then %s", [text("50%, then "), ph("%s")]],
    ["'% o' as Python does (space flag, octal)", "50% of", [text("50"), ph("% o"), text("f")]],
    ["a trailing %", "at 50%", [text("at 50%")]],
    ["f-string and printf together", "{name}: %s", [ph("name"), text(": "), ph("%s")]],
  ])("finds %s", (_story, message, segments) => {
    expect(parseTemplate(message, { printf: true })).toEqual(segments);
  });
});

describe("rendering a template", () => {
  it("puts the sample where each placeholder was", () => {
    expect(renderTemplate(parseTemplate("{a} and {b!r} {{c}}"), "X")).toEqual("X and X {c}");
  });

  it("renders the example record's message with its placeholder filled", () => {
    const message = exampleRecord().errorMessage;
    expect(renderTemplate(parseTemplate(message), "MAMBA")).toBe(message.replace("{st.upper()}", "MAMBA"));
  });
});

describe("sample renderings", () => {
  it("fill every placeholder with each sample value in turn, then try the message as written", () => {
    expect(sampleRenderings("model {name} not found")).toEqual([
      ...SAMPLE_VALUES.map((v) => `model ${v} not found`),
      "model {name} not found",
    ]);
  });

  it("try the f-string reading first, then the printf reading, then the literal text", () => {
    expect(sampleRenderings("{name}: %s")).toEqual([
      ...SAMPLE_VALUES.map((v) => `${v}: %s`),
      ...SAMPLE_VALUES.map((v) => `${v}: ${v}`),
      "{name}: %s",
    ]);
  });

  it("start with a real rendering, so a report of what was tried shows filled placeholders", () => {
    expect(sampleRenderings(exampleRecord().errorMessage)[0]).toBe(exampleRecord().errorMessage.replace("{st.upper()}", SAMPLE_VALUES[0]));
  });

  it("of a message without placeholders is the message itself, once", () => {
    expect(sampleRenderings("Out of memory.")).toEqual(["Out of memory."]);
  });

  it("turn literal braces and %% into the text a log shows", () => {
    expect(sampleRenderings("use {{x}} at 100%%")).toEqual(["use {x} at 100%%", "use {x} at 100%", "use {{x}} at 100%%"]);
  });

  it("include renderings with a number, a word and a quoted value", () => {
    const samples = sampleRenderings("bad {x!r}");
    for (const s of ["bad 7", "bad abc_def", "bad 'a'"]) expect(samples).toContain(s);
  });
});

describe("placeholderName", () => {
  it.each([
    ["architectures", "architectures"],
    ["x!r", "x"],
    ["n:>4", "n"],
    ["value:.2f", "value"],
    ["x!r:>10", "x"],
    ["model_config.dtype", "model_config.dtype"],
    ["','.join(valid_parsers)", "','.join(valid_parsers)"],
    ["d['a:b']", "d['a:b']"],
    ["x=", "x"],
    [" name ", "name"],
  ])("{%s} is called %s", (expr, name) => {
    expect(placeholderName(expr)).toBe(name);
  });
});
