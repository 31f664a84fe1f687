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

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
/** Files whose names carry a hash of their content (Next's, the island bundles, the lookup's worker and data): never stale. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Reads the value at `key` of a shard file, if both exist. */
function fromShard(url: string, key: string): unknown {
  try {
    const shard = JSON.parse(fs.readFileSync(path.join(root, url), "utf8")) as Record<string, unknown>;
    return Object.hasOwn(shard, key) ? shard[key] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A short link (`/e/<id>`) has no file (scripts/short-links.ts): answer it
 * with a redirect to the permalink its shard names, which chat unfurlers
 * follow too. Returns the permalink, or undefined when the address is not
 * a short link, has a file (a removed record's page), or names no record.
 */
function shortLinkTarget(pathname: string): string | undefined {
  const target = /^\/e\/[^/]+\/?$/.test(pathname) ? tailTarget(pathname) : null;
  if (target?.kind !== "short" || existing(pathname)) return undefined;
  const permalink = fromShard(idShardUrl(target.id), target.id);
  return typeof permalink === "string" && permalink.startsWith("/") ? permalink : undefined;
}

/** Whether a file serves the decoded `pathname` (as itself or with .html). */
function existing(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).replace(/\/$/, "");
  } catch {
    return true;
  }
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return true;
  return fs.existsSync(`${file}.html`) || fs.existsSync(file);
}

/**
 * A long-tail record (lib/page-plan) has no file at its permalink: serve
 * /r.html there, with status 200, as the README asks of any host. Unlike
 * the README's host rules, this server first checks the record's shard, so
 * an address that names no record still gets a 404.
 */
const TAIL_ADDRESS = /^\/errors\/[^/]+\/[^/]+\/[^/]+\/?$/;

function tailRewrite(url: string): string {
  const q = url.indexOf("?");
  const pathname = q < 0 ? url : url.slice(0, q);
  if (!TAIL_ADDRESS.test(pathname) || existing(pathname)) return url;
  const target = tailTarget(pathname);
  const inTail = target?.kind === "record" && fromShard(recordShardUrl(target.permalink), target.permalink) !== undefined;
  return inTail ? "/r" + (q < 0 ? "" : url.slice(q)) : url;
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const permalink = shortLinkTarget(url.split("?", 1)[0]!);
  if (permalink) {
    for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
    res.writeHead(302, { Location: permalink, "Cache-Control": "no-cache" }).end();
    return;
  }
  req.url = tailRewrite(url);
  compressResponse(req, res);
  return handler(req, res, {
    public: root,
    cleanUrls: true,
    trailingSlash: false,
    directoryListing: false,
    headers: [
      { source: "**", headers: SECURITY_HEADERS },
      { source: "_next/static/**", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
      { source: "_errdex/match/**", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
      { source: "_errdex/match-worker.*.js", headers: [{ key: "Cache-Control", value: IMMUTABLE }] },
    ],
  });
});
server.listen(port, host, () => console.log(`errdex: serving ${root} on http://${host === "127.0.0.1" ? "localhost" : host}:${port}`));
