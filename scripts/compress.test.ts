import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import handler from "serve-handler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponse, negotiate, worthCompressing } from "./compress";

describe("negotiate", () => {
  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate", "gzip"],
    ["gzip;q=1.0, br;q=0", "gzip"],
    ["*", "br"],
    ["identity", null],
    ["br;q=0, gzip;q=0", null],
    ["", null],
    [undefined, null],
  ] as const)("%j → %s", (header, expected) => {
    expect(negotiate(header)).toBe(expected);
  });
});

describe("worthCompressing", () => {
  it("compresses whole text responses of a useful size", () => {
    expect(worthCompressing(200, { "content-type": "text/html; charset=utf-8", "content-length": 5000 })).toBe(true);
    expect(worthCompressing(200, { "content-type": "application/javascript", "content-length": 5000 })).toBe(true);
    expect(worthCompressing(200, { "content-type": "application/json" })).toBe(true);
  });
  it("leaves images, small bodies, partial, empty and encoded responses alone", () => {
    expect(worthCompressing(200, { "content-type": "image/png", "content-length": 50_000 })).toBe(false);
    expect(worthCompressing(200, { "content-type": "text/html", "content-length": 200 })).toBe(false);
    expect(worthCompressing(206, { "content-type": "text/html", "content-length": 5000 })).toBe(false);
    expect(worthCompressing(304, { "content-type": "text/html" })).toBe(false);
    expect(worthCompressing(200, { "content-type": "text/html", "content-encoding": "br" })).toBe(false);
  });
});

describe("compressResponse with serve-handler", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "errdex-compress-"));
  const page = "<!doctype html><p>" + "errdex ".repeat(20_000) + "</p>";
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dir, "page.html"), page);
    fs.writeFileSync(path.join(dir, "tiny.txt"), "small");
    server = http.createServer((req, res) => {
      compressResponse(req, res);
      return handler(req, res, { public: dir, cleanUrls: false });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A raw GET (fetch would decompress for us). */
  const get = (url: string, acceptEncoding?: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(base + url, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("sends brotli to a client that takes it, the same page once decoded, much smaller", async () => {
    const { headers, body } = await get("/page.html", "gzip, br");
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["content-length"]).toBeUndefined();
    expect(headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(body).toString() === page).toBe(true);
    expect(body.length).toBeLessThan(page.length / 20);
  });

  it("sends gzip when that is all the client takes", async () => {
    const { headers, body } = await get("/page.html", "gzip");
    expect(headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(body).toString() === page).toBe(true);
  });

  it("sends the file as it is otherwise", async () => {
    const plain = await get("/page.html");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString() === page).toBe(true);
    const tiny = await get("/tiny.txt", "br");
    expect(tiny.headers["content-encoding"]).toBeUndefined();
    expect(tiny.body.toString()).toBe("small");
  });
});
