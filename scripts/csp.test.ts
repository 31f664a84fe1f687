import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { UnexpectedScriptError, withPolicy } from "./csp";

const sha = (s: string) => `'sha256-${crypto.createHash("sha256").update(s, "utf8").digest("base64")}'`;
const TURBOPACK =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/0j1we3cwg31qe.js","static/chunks/1cuyxw6v18rxx.js"],"runtimeModuleIds":[94553]});';
const QUEUE = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT = 'self.__next_f.push([1,"0:{\\"P\\":null,\\"b\\":\\"x\\"}\\n1:\\"\\u003cimg src=x onerror=alert(1)\\u003e\\"\\n"])';
const page = (...scripts: string[]) =>
  `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>t</title></head><body>${scripts.map((s) => `<script>${s}</script>`).join("")}</body></html>`;

describe("withPolicy", () => {
  it("hashes exactly Next's own inline scripts, after the charset", () => {
    const html = withPolicy(page(TURBOPACK, QUEUE, FLIGHT), "a.html");
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)![1]!;
    expect(policy).toContain(`script-src 'self' ${sha(TURBOPACK)} ${sha(QUEUE)} ${sha(FLIGHT)};`);
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("unsafe-eval");
    expect(html.indexOf('<meta charSet="utf-8"/>')).toBeLessThan(html.indexOf("Content-Security-Policy"));
  });

  it.each([
    ["a script injected by a record", "alert(1)"],
    ["code after a flight push", 'self.__next_f.push([1,"x"]);alert(1)'],
    ["a flight push that is not a string", "self.__next_f.push([1,alert(1)])"],
    ["a string that breaks out of its quotes", 'self.__next_f.push([1,"x"+alert(1)+"y"])'],
    [
      "a chunk list naming code",
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[alert(1)],"runtimeModuleIds":[1]});',
    ],
  ])("refuses %s, naming the file", (_name, script) => {
    expect(() => withPolicy(page(QUEUE, script), "errors/a/b/c.html")).toThrow(UnexpectedScriptError);
    expect(() => withPolicy(page(QUEUE, script), "errors/a/b/c.html")).toThrow(
      `errors/a/b/c.html: an inline script that Next did not write: ${JSON.stringify(script.slice(0, 120))}; refusing to allow it in the Content-Security-Policy`,
    );
  });

  it("leaves JSON data blocks and scripts with a src alone", () => {
    const html = withPolicy(
      `<html><head><meta charSet="utf-8"/></head><body><script type="application/ld+json">{"a":1}</script><script src="/_next/x.js"></script></body></html>`,
    );
    expect(html).toContain("script-src 'self';");
  });

  it("does not add a second policy", () => {
    const once = withPolicy(page(QUEUE));
    expect(withPolicy(once)).toBe(once);
  });
});
