/**
 * A strict Content-Security-Policy for a static export. Next inlines small
 * scripts in every page (its flight data), different on each page, so one
 * policy header cannot list them. After the build, each HTML file gets a
 * `<meta http-equiv="Content-Security-Policy">` first in its head, with the
 * SHA-256 hash of each of its inline scripts: no inline script runs without
 * its hash, no eval, connections only to the site itself. What a meta policy
 * cannot say (frame-ancestors) is in the response headers
 * (scripts/security-headers.ts), which every static host can set.
 */
import crypto from "node:crypto";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** The page policy for a page whose inline scripts hash to `hashes`. */
export function pagePolicy(hashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.map((h) => `'sha256-${h}'`).join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * The only inline scripts Next writes into a static export: its chunk list,
 * the flight-data queue, and pushes of flight data (one JSON string each, so
 * record text in them is data, never code). A hash is given only to a script
 * of exactly these forms; anything else in an inline script — markup that
 * escaped escaping, or a new Next — stops the build instead of being allowed.
 */
export const NEXT_INLINE_SCRIPTS = [
  /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\(\{"otherChunks":\["[\w./-]+\.js"(?:,"[\w./-]+\.js")*\],"runtimeModuleIds":\[\d+(?:,\d+)*\]\}\);?$/,
  /^\(self\.__next_f=self\.__next_f\|\|\[\]\)\.push\(\[0\]\);?$/,
  /^self\.__next_f\.push\(\[\d+,"(?:[^"\\\n\u2028\u2029]|\\.)*"\]\);?$/,
];

export class UnexpectedScriptError extends Error {}

/** Adds the policy meta tag to one HTML document (`file` names it in errors). */
export function withPolicy(html: string, file = "page"): string {
  if (html.includes('http-equiv="Content-Security-Policy"')) return html;
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    if (/type=["']?application\/(ld\+)?json/.test(m[1]!)) continue;
    const body = m[2]!;
    if (!NEXT_INLINE_SCRIPTS.some((re) => re.test(body))) {
      throw new UnexpectedScriptError(
        `${file}: an inline script that Next did not write: ${JSON.stringify(body.slice(0, 120))}; refusing to allow it in the Content-Security-Policy`,
      );
    }
    hashes.add(crypto.createHash("sha256").update(body, "utf8").digest("base64"));
  }
  const meta = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy([...hashes])}">`;
  const head = html.indexOf("<head>");
  if (head < 0) return html;
  // Keep charset first: it must sit in the first 1024 bytes.
  const charset = html.match(/<meta charSet="utf-8"\/>|<meta charset="utf-8">/i);
  const at = charset && charset.index! > head ? charset.index! + charset[0].length : head + "<head>".length;
  return html.slice(0, at) + meta + html.slice(at);
}
