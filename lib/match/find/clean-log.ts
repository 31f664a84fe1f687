/**
 * The first stage of a lookup: the log cleaned line by line (`log/log-normalize.ts`) in chunks of about
 * CHUNK_CHARS, so a long log reports progress as it goes. A lookup over split data cleans the log once with
 * `cleanLog` and hands the lines to both the key filter and each run of the matcher (`LookupOptions.cleaned`):
 * the lines are the same as the matcher's own cleaning gives.
 */
import { normalizeRows, type LogLine } from "../../log/log-normalize";

const CHUNK_CHARS = 2_000_000;

/** A log cleaned as a lookup cleans it: every line (numbered in the whole log), and where each chunk ends. */
export interface CleanLog {
  lines: LogLine[];
  /** Each chunk in turn: the index in `lines` after its last line, and the position in the raw log after it. */
  chunks: { lineEnd: number; charEnd: number }[];
}

/** One cleaned chunk: its lines (numbered in the whole log), and the position in the raw log after it. */
export interface CleanChunk {
  lines: LogLine[];
  charEnd: number;
}

/** Where a lookup cuts a log into the chunks it cleans and scans in turn: after a line end, about `chunkChars` apart. */
export function chunkEnds(log: string, chunkChars = CHUNK_CHARS): number[] {
  const ends: number[] = [];
  for (let pos = 0; pos < log.length;) {
    let end = Math.min(log.length, pos + chunkChars);
    if (end < log.length) {
      const nl = log.indexOf("\n", end);
      end = nl < 0 ? log.length : nl + 1;
    }
    ends.push(end);
    pos = end;
  }
  return ends;
}

/** Cleans a log chunk by chunk (an empty log is one empty line, as normalizeLog gives). */
export function* cleanChunks(log: string, chunkChars = CHUNK_CHARS): Generator<CleanChunk> {
  let rawLineOffset = 0;
  let pos = 0;
  for (const end of log.length === 0 ? [0] : chunkEnds(log, chunkChars)) {
    const { lines, rows } = normalizeRows(log.slice(pos, end), rawLineOffset);
    rawLineOffset += rows;
    pos = end;
    yield { lines, charEnd: end };
  }
}

/** The whole log cleaned, kept with its chunks: equal to normalizeLog(log) line for line. */
export function cleanLog(log: string, chunkChars = CHUNK_CHARS): CleanLog {
  const out: CleanLog = { lines: [], chunks: [] };
  for (const c of cleanChunks(log, chunkChars)) {
    for (const l of c.lines) out.lines.push(l);
    out.chunks.push({ lineEnd: out.lines.length, charEnd: c.charEnd });
  }
  return out;
}

/** The chunks of a log cleaned before, as cleanChunks gave them. */
export function* chunksOf(cleaned: CleanLog): Generator<CleanChunk> {
  let from = 0;
  for (const c of cleaned.chunks) {
    yield { lines: cleaned.lines.slice(from, c.lineEnd), charEnd: c.charEnd };
    from = c.lineEnd;
  }
}
