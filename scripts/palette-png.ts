/**
 * A PNG encoder for pictures drawn in a few known colours on white (the
 * share images): each pixel becomes the palette entry nearest to it, and the
 * image is written as 8-bit indexed colour. Text drawn in colour C over
 * white is anti-aliased into blends of C and white, so a palette of a few
 * blend levels per colour (`blendPalette`) keeps its look at a third of the
 * size of a full-colour PNG, and encodes in a few milliseconds.
 */
import zlib from "node:zlib";

/** An sRGB colour as [r, g, b], 0-255. */
export type Rgb = readonly [number, number, number];

/** `#rrggbb` as [r, g, b]. */
export function hexRgb(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${JSON.stringify(hex)}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

/** White, then `levels` blends of white into each colour (the last one the colour itself): at most 256 entries. */
export function blendPalette(colors: readonly Rgb[], levels: number): Rgb[] {
  const palette: Rgb[] = [[255, 255, 255]];
  for (const c of colors)
    for (let l = 1; l <= levels; l++) {
      const a = l / levels;
      palette.push([0, 1, 2].map((k) => Math.round(255 + (c[k]! - 255) * a)) as unknown as Rgb);
    }
  if (palette.length > 256)
    throw new Error(`a PNG palette holds 256 colours; ${colors.length} colours × ${levels} levels + white is ${palette.length}`);
  return palette;
}

/**
 * Encodes opaque RGBA pixels (`width * height * 4` bytes, as a canvas holds
 * them) with the palette entry nearest to each pixel.
 */
export function encodePalettePng(rgba: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  // One filter byte (0: none, which suits indexed colour) before each row of indices.
  const rows = Buffer.alloc((width + 1) * height);
  const nearest = new Map<number, number>();
  // Most pixels repeat the one before (background, solid shapes): only a change costs a lookup.
  let lastKey = -1;
  let lastIndex = 0;
  let o = 0;
  let p = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0;
    for (let x = 0; x < width; x++, p += 4) {
      const key = (rgba[p]! << 16) | (rgba[p + 1]! << 8) | rgba[p + 2]!;
      if (key !== lastKey) {
        let index = nearest.get(key);
        if (index === undefined) nearest.set(key, (index = nearestIndex(palette, rgba[p]!, rgba[p + 1]!, rgba[p + 2]!)));
        lastKey = key;
        lastIndex = index;
      }
      rows[o++] = lastIndex;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // indexed colour
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(palette.flat())),
    chunk("IDAT", zlib.deflateSync(rows, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function nearestIndex(palette: readonly Rgb[], r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < palette.length; i++) {
    const [pr, pg, pb] = palette[i]!;
    const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(bytes: Uint8Array): number {
  let c = -1;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
