/**
 * "Share this lookup" links. Everything lives in the URL fragment, which
 * browsers never send to servers and chat unfurlers never see: the matched
 * record ids with their line numbers, and — only if the user opts in — the
 * log itself, compressed and size-limited.
 */
import LZString from "lz-string";
import { ID_RE } from "../record/ids";

export interface SharedMatch {
  id: string;
  lines: number[];
}

export interface SharedLookup {
  matches: SharedMatch[];
  log?: string;
}

/** Longest compressed log a link may carry: links past ~32 KB break in chat apps and some browsers. */
export const MAX_SHARED_LOG_CHARS = 24_000;
const MAX_SHARED_MATCHES = 50;
const MAX_LINES_PER_MATCH = 20;

export type EncodeResult = { ok: true; fragment: string } | { ok: false; reason: string };

/** Builds the fragment (without `#`). With a log, fails when the compressed log is over the limit. */
export function encodeShare(share: SharedLookup): EncodeResult {
  const params = new URLSearchParams();
  params.set("lookup", "1");
  params.set(
    "m",
    share.matches
      .slice(0, MAX_SHARED_MATCHES)
      .map((m) => `${m.id}:${m.lines.slice(0, MAX_LINES_PER_MATCH).join(",")}`)
      .join(";"),
  );
  if (share.log !== undefined) {
    const packed = LZString.compressToEncodedURIComponent(share.log);
    if (packed.length > MAX_SHARED_LOG_CHARS) {
      return {
        ok: false,
        reason: `the log compresses to ${kb(packed.length)}, over the ${kb(MAX_SHARED_LOG_CHARS)} a link can carry; share the matches only, or trim the log to the relevant part`,
      };
    }
    params.set("log", packed);
  }
  return { ok: true, fragment: params.toString() };
}

/** Reads a fragment (with or without `#`); null when it is not a shared lookup or is malformed. */
export function decodeShare(fragment: string): SharedLookup | null {
  const params = new URLSearchParams(fragment.replace(/^#/, ""));
  if (params.get("lookup") !== "1") return null;
  const matches: SharedMatch[] = [];
  for (const part of (params.get("m") ?? "").split(";")) {
    if (!part) continue;
    const [id = "", lines = ""] = part.split(":");
    if (!ID_RE.test(id)) return null;
    const nums = lines ? lines.split(",").map(Number) : [];
    if (nums.some((n) => !Number.isInteger(n) || n < 1)) return null;
    matches.push({ id, lines: nums.slice(0, MAX_LINES_PER_MATCH) });
    if (matches.length >= MAX_SHARED_MATCHES) break;
  }
  const packed = params.get("log");
  let log: string | undefined;
  if (packed) {
    if (packed.length > MAX_SHARED_LOG_CHARS) return null;
    const text = LZString.decompressFromEncodedURIComponent(packed);
    if (typeof text !== "string" || text === "") return null;
    log = text;
  }
  return { matches, log };
}

function kb(chars: number): string {
  return `${(chars / 1024).toFixed(1)} KB`;
}
