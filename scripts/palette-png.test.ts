import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { blendPalette, encodePalettePng, hexRgb, type Rgb } from "./palette-png";

/** Reads a PNG's chunks back, checking each CRC; returns the header fields, the palette and the rows of indices. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  const chunks = new Map<string, Buffer>();
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString("latin1");
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length), `${type} CRC`).toBe(zlib.crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.set(type, data);
    at += 12 + length;
  }
  const ihdr = chunks.get("IHDR")!;
  const plte = chunks.get("PLTE")!;
  return {
    width: ihdr.readUInt32BE(0),
    height: ihdr.readUInt32BE(4),
    bitDepth: ihdr[8],
    colorType: ihdr[9],
    palette: Array.from({ length: plte.length / 3 }, (_, i) => [plte[i * 3], plte[i * 3 + 1], plte[i * 3 + 2]]),
    rows: zlib.inflateSync(chunks.get("IDAT")!),
    ended: chunks.has("IEND"),
  };
}

describe("blendPalette", () => {
  it("starts with white and ends each colour's run with the colour itself", () => {
    const palette = blendPalette([hexRgb("#cf222e"), hexRgb("#1f2328")], 4);
    expect(palette).toHaveLength(9);
    expect(palette[0]).toEqual([255, 255, 255]);
    expect(palette[4]).toEqual([0xcf, 0x22, 0x2e]);
    expect(palette[8]).toEqual([0x1f, 0x23, 0x28]);
    expect(palette[2]).toEqual([231, 145, 151]); // halfway to #cf222e
  });
  it("refuses more than a PNG palette holds", () => {
    expect(() =>
      blendPalette(
        [
          [0, 0, 0],
          [1, 1, 1],
        ],
        128,
      ),
    ).toThrow("a PNG palette holds 256 colours; 2 colours × 128 levels + white is 257");
  });
  it("refuses a colour that is not #rrggbb", () => {
    expect(() => hexRgb("red")).toThrow('not a #rrggbb colour: "red"');
  });
});

describe("encodePalettePng", () => {
  it("writes an 8-bit indexed PNG whose every pixel is the nearest palette colour", () => {
    const palette: Rgb[] = [
      [255, 255, 255],
      [0, 0, 0],
      [200, 0, 0],
    ];
    // 3×2: white, near-black, near-red / red, black, light grey (nearer white).
    const pixels = [255, 255, 255, 10, 10, 10, 190, 20, 5, 200, 0, 0, 0, 0, 0, 220, 220, 220];
    const rgba = new Uint8Array((pixels.length / 3) * 4);
    pixels.forEach((v, i) => (rgba[Math.floor(i / 3) * 4 + (i % 3)] = v));
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    const png = decode(encodePalettePng(rgba, 3, 2, palette));
    expect(png).toMatchObject({ width: 3, height: 2, bitDepth: 8, colorType: 3, palette, ended: true });
    expect([...png.rows]).toEqual([0, 0, 1, 2, 0, 2, 1, 0]);
  });
  it("refuses pixels that do not match the size", () => {
    expect(() => encodePalettePng(new Uint8Array(10), 2, 2, [[0, 0, 0]])).toThrow("expected 16 bytes of RGBA, got 10");
  });
});
