/**
 * `npm start`: serves the static site in `out/` on http://localhost:3000
 * (PORT overrides), building it first when there is no build. The headers
 * are the ones the README recommends for any static host; text is
 * compressed (brotli or gzip), and hashed assets are cached for a year.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import handler from "serve-handler";
import { SECURITY_HEADERS } from "./security-headers";
import { compressResponse } from "./compress";
import { idShardUrl, recordShardUrl, tailTarget } from "../lib/site/page-plan";

const root = path.resolve(process.env.ERRDEX_OUT ?? "out");
if (!fs.existsSync(path.join(root, "index.html"))) {
  console.log(`errdex: no build in ${root}; running npm run build first`);
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Files whose names carry a hash of their content (Next's and the island bundles): never stale. */
const IMMUTABLE = "public, max-age=31536000, immutable";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
/**
 * A long-tail record (lib/page-plan) has no file at its permalink or short
 * link: serve /r.html there, with status 200, as the README asks of any host.
 * Unlike the README's host rules, this server first checks the record's
 * shard, so an address that names no record still gets a 404.
 */
const TAIL_ADDRESS = /^\/(?:errors\/[^/]+\/[^/]+\/[^/]+|e\/[^/]+)\/?$/;

function inTail(pathname: string, search: string): boolean {
  const target = tailTarget(pathname, search);
  if (!target) return false;
  const key = target.kind === "record" ? target.permalink : target.id;
  const shard = path.join(root, target.kind === "record" ? recordShardUrl(key) : idShardUrl(key));
  try {
    return Object.hasOwn(JSON.parse(fs.readFileSync(shard, "utf8")) as object, key);
  } catch {
    return false;
  }
}

function tailRewrite(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!TAIL_ADDRESS.test(pathname)) return url;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).replace(/\/$/, "");
  } catch {
    return url;
  }
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return url;
  if (fs.existsSync(`${file}.html`) || fs.existsSync(file)) return url;
  return inTail(pathname, q < 0 ? "" : url.slice(q)) ? "/r" + (q < 0 ? "" : url.slice(q)) : url;
}

const server = http.createServer((req, res) => {
  req.url = tailRewrite(req.url);
  compressResponse(req, res);
  return handler(req, res, {
    public: root,
    cleanUrls: true,
    trailingSlash: false,
    directoryListing: false,
    headers: [
      { source: "**", headers: SECURITY_HEADERS },
      { source: "_next/static/**", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
    ],
  });
});
server.listen(port, host, () => console.log(`errdex: serving ${root} on http://${host === "127.0.0.1" ? "localhost" : host}:${port}`));
