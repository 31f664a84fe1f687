/**
 * Mines one file for `errdex mine`: reads it, refuses what Python would
 * refuse (bytes that are not UTF-8, a NUL byte) or what is too large, parses
 * it, and turns its raise sites into records. Every refusal is a problem line
 * `path[:line]: what`, and the caller goes on with the next file.
 */
import fs from "node:fs";
import { mineSource } from "../lib/mine/raise-sites";
import { moduleName, siteRecord, type MinedRecord } from "../lib/mine/record";
import { splitLines } from "../lib/mine/lines";
import { LIMITS } from "../lib/record/limits";

/** Files past this size are skipped (generated tables, minified bundles), unless `--max-file-size` says otherwise. */
export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

/** What the miner needs to know about the tree, the same for every file. */
export interface TreeContext {
  repo: string;
  sha: string;
  analyzedAt: string;
  maxFileBytes: number;
}

export interface FileResult {
  records: { record: MinedRecord; scope: string }[];
  /** Problem lines (`path:line: …`) for stderr. */
  problems: string[];
  /** Unreadable messages: `path:line: Class: reason`. */
  unreadable: { where: string; reason: string }[];
  withoutMessage: number;
  /** True when the file was skipped whole (it does not parse, is not UTF-8…). */
  skipped: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Mines the file at `absPath`, known in the repository as `filePath`. */
export function mineFile(absPath: string, filePath: string, tree: TreeContext): FileResult {
  const result: FileResult = { records: [], problems: [], unreadable: [], withoutMessage: 0, skipped: true };
  const refuse = (what: string, line?: number) => {
    result.problems.push(`${filePath}${line ? `:${line}` : ""}: ${what}`);
    return result;
  };
  let bytes: Buffer;
  try {
    const size = fs.statSync(absPath).size;
    if (size > tree.maxFileBytes) return refuse(`skipped: ${size} bytes, larger than the limit of ${tree.maxFileBytes} (--max-file-size)`);
    bytes = fs.readFileSync(absPath);
  } catch (err) {
    return refuse(`cannot read: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
  let src: string;
  try {
    src = utf8.decode(bytes);
  } catch {
    const at = firstBadUtf8(bytes);
    return refuse(`cannot parse: not UTF-8 (byte 0x${bytes[at]!.toString(16).padStart(2, "0")} at offset ${at})`, lineOfByte(bytes, at));
  }
  const nul = src.indexOf("\0");
  if (nul >= 0)
    return refuse("cannot parse: source code cannot contain a NUL byte", lineOfByte(bytes, Buffer.byteLength(src.slice(0, nul))));
  if (src.charCodeAt(0) === 0xfeff) src = src.slice(1);
  let mined;
  try {
    mined = mineSource(src);
  } catch (err) {
    return refuse(`cannot mine: ${err instanceof Error ? err.message : String(err)}`);
  }
  const [syntax] = mined.syntaxErrors;
  if (syntax) return refuse(`cannot parse: ${syntax.message}`, syntax.line);
  result.skipped = false;
  const lines = splitLines(src);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const file = { repo: tree.repo, sha: tree.sha, analyzedAt: tree.analyzedAt, filePath, lines };
  for (const site of mined.sites) {
    const record = siteRecord(site, file);
    const refused = record.errorMessage.includes("\0")
      ? "a message holding a NUL character"
      : record.errorMessage.length > LIMITS.errorMessage || record.messagePattern.length > LIMITS.messagePattern
        ? `a message longer than ${LIMITS.errorMessage} characters`
        : null;
    if (refused) {
      result.unreadable.push({ where: `${filePath}:${site.line}: ${site.errorClass}`, reason: refused });
      continue;
    }
    result.records.push({ record, scope: site.scope || moduleName(filePath) });
  }
  for (const u of mined.unreadable) result.unreadable.push({ where: `${filePath}:${u.line}: ${u.errorClass}`, reason: u.reason });
  result.withoutMessage = mined.withoutMessage;
  return result;
}

/** Offset of the first byte of the first sequence that is not UTF-8 (only for files that failed to decode). */
export function firstBadUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}

/** The 1-based line of a byte offset. */
function lineOfByte(bytes: Buffer, at: number): number {
  let line = 1;
  for (let i = 0; i < at && i < bytes.length; i++) if (bytes[i] === 10) line++;
  return line;
}
