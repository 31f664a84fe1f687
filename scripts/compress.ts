/**
 * On-the-fly compression for `npm start` (scripts/serve.ts), with Node's
 * zlib: brotli when the client takes it, else gzip. serve-handler writes
 * headers with `writeHead` and the body by piping a file (or `end`); this
 * wraps a response so that, once the headers say the body is worth
 * compressing (a whole 200 response of a text type), everything written
 * after goes through the compressor.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import zlib from "node:zlib";

/** Text types worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|manifest\+json|xml)|image\/svg\+xml)/i;
/** Below this many bytes compression saves less than it costs. */
const MIN_BYTES = 1024;

export type Encoding = "br" | "gzip";

/** The best encoding `accept-encoding` allows (q=0 refuses one), or null. */
export function negotiate(acceptEncoding: string | string[] | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of [acceptEncoding ?? ""].flat().join(",").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    offered.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (enc: string) => (offered.get(enc) ?? offered.get("*") ?? 0) > 0;
  return accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
}

/** Whether a response with these headers should be compressed. */
export function worthCompressing(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status !== 200 || headers["content-encoding"]) return false;
  const length = Number(headers["content-length"] ?? Infinity);
  return COMPRESSIBLE.test(String(headers["content-type"] ?? "")) && length >= MIN_BYTES;
}

/** Makes `res` compress its body when `req` allows and the response is worth it (see worthCompressing). */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const encoding = req.method === "HEAD" ? null : negotiate(req.headers["accept-encoding"]);
  res.setHeader("Vary", "Accept-Encoding");
  if (!encoding) return;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as () => ServerResponse;

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === "object" && r !== null && !Array.isArray(r));
    for (const [key, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(key, value);
    if (worthCompressing(status, res.getHeaders())) {
      res.removeHeader("Content-Length");
      res.setHeader("Content-Encoding", encoding);
      pipeThrough(encoding === "br" ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip({ level: 6 }));
    }
    return writeHead(status);
  }) as ServerResponse["writeHead"];

  function pipeThrough(z: zlib.BrotliCompress | zlib.Gzip) {
    z.on("data", (chunk: Buffer) => {
      if (!write(chunk)) z.pause();
    });
    res.on("drain", () => z.resume());
    z.on("drain", () => res.emit("drain"));
    z.on("end", () => end());
    z.on("error", (err) => res.destroy(err));
    res.write = ((chunk: string | Buffer, ...args: unknown[]) => {
      const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
      return z.write(chunk, callback);
    }) as ServerResponse["write"];
    res.end = ((chunk?: unknown, ...args: unknown[]) => {
      if (typeof chunk === "function") args.unshift(chunk);
      else if (chunk !== undefined && chunk !== null) z.write(chunk as string | Buffer);
      const callback = args.find((a) => typeof a === "function") as (() => void) | undefined;
      if (callback) res.once("finish", callback);
      z.end();
      return res;
    }) as ServerResponse["end"];
  }
}

/** Quality 5: most of brotli's gain at a fraction of quality 11's time, fine for compressing per request. */
const BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};
