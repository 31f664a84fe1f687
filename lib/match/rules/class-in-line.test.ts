import { describe, expect, it } from "vitest";
import { classInLine } from "./class-in-line";
import { apply, judging, line, traceback } from "./test-judging";

describe("class-in-line", () => {
  it.each([
    { story: "a line naming the class before its message", text: "I still get RuntimeError: LoRA is not enabled", named: ["RuntimeError"] },
    { story: "a line naming none", text: "LoRA is not enabled", named: [] },
  ])("$story", ({ text, named }) => {
    const start = text.indexOf("LoRA");
    expect(apply(classInLine, judging({ f: { lines: [line(text, { start })] } })).named).toEqual(named);
  });

  it("leaves it to the traceback when there is one", () => {
    const j = judging({ hit: { tb: traceback(), final: true }, f: { lines: [line("RuntimeError: x")] } });
    expect(apply(classInLine, j).named).toBeUndefined();
  });
});
