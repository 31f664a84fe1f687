import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { insideOut, siteFile, writeOut } from "./out-path";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-out-path-"));
const out = path.join(tmp, "out");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("insideOut", () => {
  it("resolves names inside the output folder", () => {
    expect(insideOut(out, "_errdex/manifest.json")).toBe(path.join(out, "_errdex", "manifest.json"));
    expect(insideOut(out, path.join(out, "e", "x.html"))).toBe(path.join(out, "e", "x.html"));
  });

  it.each([
    ["../escape.html", `refusing to write "../escape.html": it is outside the output folder ${out}`],
    ["a/../../escape.html", `refusing to write "a/../../escape.html": it is outside the output folder ${out}`],
    ["/etc/passwd", `refusing to write "/etc/passwd": it is outside the output folder ${out}`],
    [".", `refusing to write ".": it is outside the output folder ${out}`],
    ["a\\..\\..\\x", 'refusing to write "a\\\\..\\\\..\\\\x": it contains a backslash'],
    ["a\0b", 'refusing to write "a\\u0000b": it contains a NUL byte'],
  ])("refuses %j", (file, message) => {
    expect(() => insideOut(out, file)).toThrow(message);
  });
});

describe("siteFile", () => {
  it("maps a site path to its .html file", () => {
    expect(siteFile(out, "/errors/sgl-project/sglang/some-error")).toBe(
      path.join(out, "errors", "sgl-project", "sglang", "some-error.html"),
    );
    expect(siteFile(out, "/e/213d04cf659a6918")).toBe(path.join(out, "e", "213d04cf659a6918.html"));
  });

  it.each([
    ["/errors/../../../escape", 'refusing to write the site path "/errors/../../../escape": segment ".." is not a plain name'],
    ["/errors/%2e%2e/%2e%2e/x", 'refusing to write the site path "/errors/%2e%2e/%2e%2e/x": segment "%2e%2e" is not a plain name'],
    ["/errors/a%2F..%2F..%2Fx", 'refusing to write the site path "/errors/a%2F..%2F..%2Fx": segment "a%2F..%2F..%2Fx" is not a plain name'],
    ["/errors/a%5C..%5Cx", 'refusing to write the site path "/errors/a%5C..%5Cx": segment "a%5C..%5Cx" is not a plain name'],
    ["/errors/a%00b", 'refusing to write the site path "/errors/a%00b": segment "a%00b" is not a plain name'],
    ["/errors//x", 'refusing to write the site path "/errors//x": segment "" is not a plain name'],
    ["/errors/%E0%A4%A", 'refusing to write the site path "/errors/%E0%A4%A": "%E0%A4%A" is not valid percent-encoding'],
    ["/", 'refusing to write the site path "/": it names no file'],
  ])("refuses %j", (sitePath, message) => {
    expect(() => siteFile(out, sitePath)).toThrow(message);
  });
});

describe("writeOut", () => {
  it("writes inside and creates folders", () => {
    writeOut(out, "a/b/c.txt", "x");
    expect(fs.readFileSync(path.join(out, "a", "b", "c.txt"), "utf8")).toBe("x");
  });

  it("writes nothing outside", () => {
    expect(() => writeOut(out, "../outside.txt", "x")).toThrow("outside the output folder");
    expect(fs.existsSync(path.join(tmp, "outside.txt"))).toBe(false);
  });
});
