import { describe, expect, it } from "vitest";
import { printedTemplate, templatesAlike } from "./raise-template";

describe("raise-template", () => {
  it.each([
    ['raise ValueError(f"Invalid key_type: {key_type}")', { errorClass: "ValueError", template: "Invalid key_type: {key_type}" }],
    ["raise errors.BadRequest('Bad value %s' % x)", { errorClass: "BadRequest", template: "Bad value %s" }],
    ['raise ValueError(f"say \\"hi\\" {x}")', { errorClass: "ValueError", template: 'say \\"hi\\" {x}' }],
    ["raise ValueError(msg)", null],
    ["raise", null],
    ["return ValueError('x')", null],
    ["", null],
  ])("%s", (source, printed) => {
    expect(printedTemplate(source)).toEqual(printed);
  });

  it.each([
    ["Invalid key_type: {key_type}", "Invalid key_type: {key_type}={key_string}", true],
    ["Invalid key_type: {}", "Invalid key_type: {key_type}", true],
    ["Invalid key_type %s", "Invalid key_type {key_type}", true],
    ["Invalid grammar backend: {name}", "Invalid key_type: {key_type}", false],
    ["Invalid {x}", "Invalid {x} and more", false],
    ["{a}{b}", "{a}{b}{c}", false],
    ["", "anything at all here", false],
  ])("%s ~ %s", (a, b, alike) => {
    expect(templatesAlike(a, b)).toBe(alike);
  });
});
