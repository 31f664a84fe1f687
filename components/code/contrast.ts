/**
 * WCAG contrast for syntax colours: the GitHub themes' comment grey and a few
 * others fall below 4.5:1 on our code backgrounds (and on the error line's
 * highlight), so each colour is nudged towards black or white until it meets
 * AA on every background it is drawn on. Pure and cached per colour.
 */

/** Minimum contrast ratio for normal text (WCAG 2 AA). */
export const AA = 4.5;

type Rgb = [number, number, number];

/** Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored); null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex);
  if (!m) return null;
  let h = m[1]!;
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (rgb: Rgb) => "#" + rgb.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");

/** Relative luminance (WCAG 2). */
function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Contrast ratio of two colours, 1..21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const cache = new Map<string, string>();

/** `color`, or the nearest mix of it with black or white that reaches `min` against every background. */
export function ensureContrast(color: string, backgrounds: readonly string[], min = AA): string {
  const key = `${color}|${backgrounds.join(",")}|${min}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const fg = parseHex(color);
  const bgs = backgrounds.map(parseHex).filter((b): b is Rgb => b !== null);
  let out = color;
  if (fg && bgs.length) {
    const worst = (c: Rgb) => Math.min(...bgs.map((b) => contrastRatio(c, b)));
    const darkBackground = bgs.every((b) => luminance(b) < 0.2);
    const target: Rgb = darkBackground ? [255, 255, 255] : [0, 0, 0];
    let c = fg;
    for (let t = 0.05; worst(c) < min && t <= 1; t += 0.05) c = fg.map((v, i) => v + (target[i]! - v) * t) as Rgb;
    if (c !== fg) out = toHex(c);
  }
  cache.set(key, out);
  return out;
}
