/**
 * `npm start`: serves the static site in `out/` on http://localhost:3000
 * (PORT overrides), building it first when there is no build. The headers
 * are the ones the README recommends for any static host.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import handler from "serve-handler";
import { SECURITY_HEADERS } from "./security-headers";

const root = path.resolve(process.env.ERRDEX_OUT ?? "out");
if (!fs.existsSync(path.join(root, "index.html"))) {
  console.log(`errdex: no build in ${root}; running npm run build first`);
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const server = http.createServer((req, res) =>
  handler(req, res, {
    public: root,
    cleanUrls: true,
    trailingSlash: false,
    directoryListing: false,
    headers: [{ source: "**", headers: SECURITY_HEADERS }],
  }),
);
server.listen(port, host, () => console.log(`errdex: serving ${root} on http://${host === "127.0.0.1" ? "localhost" : host}:${port}`));
