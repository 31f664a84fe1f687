/**
 * A MatcherSnapshot as one byte string, and back: the CLI's cache. Loading
 * is a header parse, zero-copy views of the integer arrays and one UTF-8
 * decode per string list — no JSON of a hundred thousand entries, no hashing.
 *
 * Layout: `ERRDEXS1`, the header's byte length (u32 LE), four bytes of
 * padding, the header (JSON), then the sections, each at a multiple of 4.
 * Integer arrays are stored in the machine's byte order (the header says
 * which; a file from the other order is refused). A string list is the
 * UTF-8 of its strings joined, plus an int array of their offsets. A
 * list of long strings (the entries, about 770 bytes each) is decoded one
 * string at a time when read, not at load: a lookup reads a few thousand of
 * a hundred thousand.
 */
import type { MatcherSnapshot } from "./snapshot";

const MAGIC = "ERRDEXS2";
/** Lists whose strings average more bytes than this are decoded lazily. */
const LAZY_AVERAGE_BYTES = 64;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

interface Header {
  littleEndian: boolean;
  meta: Record<string, unknown>;
  /** Byte offset and element count of each int array, from the start of the file. */
  ints: [number, number][];
  /** For each string list: the int array (index into `ints`) of its offsets, its UTF-8 bytes' offset and length, and whether it is lazy (offsets in bytes) or not (in UTF-16 units). */
  strs: [number, number, number, boolean][];
}

/** Encodes a snapshot (see the layout above). */
export function encodeSnapshot(snap: MatcherSnapshot): Uint8Array {
  const encoder = new TextEncoder();
  const ints = [...snap.ints];
  const blobs: Uint8Array[] = [];
  const strs: [number, number, number, boolean][] = [];
  for (const list of snap.strs) {
    const blob = encoder.encode(list.join(""));
    const lazy = list.length > 0 && blob.byteLength / list.length > LAZY_AVERAGE_BYTES;
    // A lazy list is decoded string by string, so its offsets count bytes; an eager one is decoded whole and sliced, so they count UTF-16 units.
    const offsets = new Int32Array(list.length + 1);
    let n = 0;
    list.forEach((s, i) => {
      offsets[i] = n;
      n += lazy ? encoder.encode(s).byteLength : s.length;
    });
    offsets[list.length] = n;
    ints.push(offsets);
    blobs.push(blob);
    strs.push([ints.length - 1, 0, 0, lazy]);
  }
  // Lay the sections out after a header whose size depends on their offsets: measure, place, re-measure until stable.
  let headerBytes = 0;
  for (;;) {
    let at = align(16 + headerBytes);
    const intPlaces: [number, number][] = ints.map((a) => {
      const place: [number, number] = [at, a.length];
      at = align(at + a.byteLength);
      return place;
    });
    blobs.forEach((b, k) => {
      strs[k]![1] = at;
      strs[k]![2] = b.byteLength;
      at = align(at + b.byteLength);
    });
    const header: Header = { littleEndian: LITTLE_ENDIAN, meta: snap.meta, ints: intPlaces, strs };
    const headerJson = encoder.encode(JSON.stringify(header));
    if (headerJson.byteLength !== headerBytes) {
      headerBytes = headerJson.byteLength;
      continue;
    }
    const out = new Uint8Array(at);
    out.set(encoder.encode(MAGIC), 0);
    new DataView(out.buffer).setUint32(8, headerBytes, true);
    out.set(headerJson, 16);
    ints.forEach((a, k) => out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), intPlaces[k]![0]));
    blobs.forEach((b, k) => out.set(b, strs[k]![1]));
    return out;
  }
}

/** Decodes what encodeSnapshot wrote; throws on anything else (a cache then rebuilds). */
export function decodeSnapshot(bytes: Uint8Array): MatcherSnapshot {
  const decoder = new TextDecoder();
  if (bytes.byteLength < 16 || decoder.decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error("not an errdex matcher snapshot");
  const headerBytes = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, true);
  if (16 + headerBytes > bytes.byteLength) throw new Error("truncated matcher snapshot");
  const header = JSON.parse(decoder.decode(bytes.subarray(16, 16 + headerBytes))) as Header;
  if (header.littleEndian !== LITTLE_ENDIAN) throw new Error("matcher snapshot from a machine of the other byte order");
  const ints = header.ints.map(([offset, length]) => {
    if (offset + length * 4 > bytes.byteLength) throw new Error("truncated matcher snapshot");
    const at = bytes.byteOffset + offset;
    // Zero-copy when the file's buffer keeps the 4-byte alignment; a copy otherwise.
    return at % 4 === 0 ? new Int32Array(bytes.buffer, at, length) : new Int32Array(bytes.slice(offset, offset + length * 4).buffer);
  });
  const strs = header.strs.map(([offsetsIndex, offset, length, lazy]) => {
    if (offset + length > bytes.byteLength) throw new Error("truncated matcher snapshot");
    const offsets = ints[offsetsIndex]!;
    const count = offsets.length - 1;
    if (lazy) return lazyList(count, (i) => decoder.decode(bytes.subarray(offset + offsets[i]!, offset + offsets[i + 1]!)));
    const text = decoder.decode(bytes.subarray(offset, offset + length));
    const list = new Array<string>(count);
    for (let i = 0; i < count; i++) list[i] = text.slice(offsets[i], offsets[i + 1]);
    return list;
  });
  // The string lists' offset arrays were appended after the snapshot's own int arrays.
  const own = ints.slice(0, ints.length - header.strs.length);
  return { meta: header.meta, ints: own, strs };
}

/** A read-only array whose elements are decoded on first access. */
function lazyList(count: number, decode: (i: number) => string): string[] {
  const cache = new Array<string | undefined>(count);
  return new Proxy(cache as string[], {
    get(target, key, receiver) {
      if (typeof key === "string") {
        const i = Number(key);
        if (Number.isInteger(i) && i >= 0 && i < count) return (target[i] ??= decode(i));
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

function align(n: number): number {
  return (n + 3) & ~3;
}
