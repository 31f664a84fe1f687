/**
 * Every file the build writes goes through here, whatever gave its name (a
 * record, a previous manifest, a shard key): the path must stay inside the
 * output folder. A name with `..`, `%2e%2e`, a backslash, a NUL or an
 * absolute path elsewhere stops the build with the path named, before any
 * write.
 */
import fs from "node:fs";
import path from "node:path";

/** `file` (relative to `outDir`, or absolute) resolved; throws unless it lies inside `outDir`. */
export function insideOut(outDir: string, file: string): string {
  if (file.includes("\0")) throw new Error(`refusing to write ${JSON.stringify(file)}: it contains a NUL byte`);
  if (file.includes("\\")) throw new Error(`refusing to write ${JSON.stringify(file)}: it contains a backslash`);
  const root = path.resolve(outDir);
  const full = path.resolve(root, file);
  const rel = path.relative(root, full);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel))
    throw new Error(`refusing to write ${JSON.stringify(file)}: it is outside the output folder ${root}`);
  return full;
}

/** The file that serves a site path (`/errors/a/b/c` → `<outDir>/errors/a/b/c.html`), each segment percent-decoded and checked. */
export function siteFile(outDir: string, sitePath: string, ext = ".html"): string {
  const rest = sitePath.replace(/^\//, "");
  if (rest === "") throw new Error(`refusing to write the site path ${JSON.stringify(sitePath)}: it names no file`);
  const decoded = rest.split("/").map((s) => {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      throw new Error(`refusing to write the site path ${JSON.stringify(sitePath)}: ${JSON.stringify(s)} is not valid percent-encoding`);
    }
    if (d === "" || d === "." || d === ".." || d.includes("/") || d.includes("\\") || d.includes("\0"))
      throw new Error(`refusing to write the site path ${JSON.stringify(sitePath)}: segment ${JSON.stringify(s)} is not a plain name`);
    return d;
  });
  return insideOut(outDir, path.join(...decoded) + ext);
}

/** Writes `data` to `file` inside `outDir` (checked by insideOut), creating folders. */
export function writeOut(outDir: string, file: string, data: string | Uint8Array): void {
  const full = insideOut(outDir, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, data);
}
