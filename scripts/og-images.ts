/**
 * Writes one 1200×630 share image per record to `out/og/<id>.png` (the
 * og:image and twitter:image of its page): a severity bar, the repository,
 * the class, the message, the first fix. Drawn on a canvas (@napi-rs/canvas,
 * Skia) in Geist, the font next/og draws with, and written as an indexed-
 * colour PNG (scripts/palette-png.ts): ~13 KB and ~10 ms a card, where
 * next/og's full-colour cards took 37 KB and ~45 ms. Record text is
 * untrusted: it is only ever drawn as text, clipped, and limited to what the
 * font draws (imageText).
 *
 * Images render in a pool of worker threads (ERRDEX_OG_WORKERS, default:
 * the CPU count, at most 8) into a content-addressed cache
 * (node_modules/.cache/errdex-og, keyed by the card's inputs and this
 * code), so a rebuild renders only new or changed records, and the build
 * can render while next build runs, then copy the images into the site.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from "@napi-rs/canvas";
import type { ErrorRecord } from "../lib/record/schema";
import { firstSolution, imageText, templateText, SHARE_IMAGE_SIZE, severityColor, shareImagePath } from "../lib/site/record-share";
import { blendPalette, encodePalettePng, hexRgb } from "./palette-png";

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const FG = "#1f2328";
const MUTED = "#59636e";
const FIX = "#1a7f37";
const BAR = 18;
const PAD = { top: 40, right: 64, bottom: 44, left: 64 };
/** Anti-aliasing levels kept per colour: 8 look like the full-colour card at a third of its bytes. */
const BLEND_LEVELS = 8;
/** The font's natural line height, which next/og's cards used for one-line blocks. */
const NORMAL_LINE = 1.32;

/** Geist Regular, as next/og bundles it (SIL Open Font License). */
const FONT = createRequire(import.meta.url).resolve("next/dist/compiled/@vercel/og/Geist-Regular.ttf");

/** A text block: font size in px, line height as a multiple of it, colour, most lines shown. */
interface TextStyle {
  size: number;
  lineHeight: number;
  color: string;
  lines: number;
}

/**
 * Breaks `text` into at most `style.lines` lines of at most `maxWidth` px,
 * at spaces where it can and inside a word too long for a line; what does
 * not fit ends in "…".
 */
export function wrapText(ctx: Pick<SKRSContext2D, "measureText">, text: string, maxWidth: number, maxLines: number): string[] {
  const fits = (s: string) => ctx.measureText(s).width <= maxWidth;
  const lines: string[] = [];
  let line = "";
  let cut = false;
  for (const next of text.split(" ")) {
    const joined = line ? `${line} ${next}` : next;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    let word = next;
    // A word wider than a line is cut where it stops fitting.
    while (lines.length < maxLines && !fits(word)) {
      const n = longestFittingPrefix(word, fits);
      lines.push(word.slice(0, n));
      word = word.slice(n);
    }
    if (lines.length === maxLines) {
      cut = true;
      break;
    }
    line = word;
  }
  if (!cut && line) lines.push(line);
  if (cut) {
    let last = lines[maxLines - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1);
    lines[maxLines - 1] = `${last.trimEnd()}…`;
  }
  return lines;
}

/** How many leading characters of `word` fit (at least one, so a line always advances). */
function longestFittingPrefix(word: string, fits: (s: string) => boolean): number {
  let lo = 1;
  let hi = word.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(word.slice(0, mid))) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Draws a text block with its top at `y`; returns where it ends. */
function drawText(ctx: SKRSContext2D, text: string, style: TextStyle, y: number): number {
  ctx.font = `${style.size}px Geist`;
  ctx.fillStyle = style.color;
  const step = style.size * style.lineHeight;
  const lines = wrapText(ctx, text, W - PAD.left - PAD.right, style.lines);
  lines.forEach((line, i) => ctx.fillText(line, PAD.left, y + i * step + (step - style.size) / 2));
  return y + lines.length * step;
}

/** Height of a text block before drawing it (for the blocks laid out from the bottom). */
function blockHeight(ctx: SKRSContext2D, text: string, style: TextStyle): number {
  ctx.font = `${style.size}px Geist`;
  return wrapText(ctx, text, W - PAD.left - PAD.right, style.lines).length * style.size * style.lineHeight;
}

/** The card: severity bar, repository, class, message; the first fix and the name at the bottom. Big type, so it reads on a phone. */
function drawCard(ctx: SKRSContext2D, r: ErrorRecord): void {
  const accent = severityColor(r.severity);
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = accent;
  ctx.fillRect(0, 0, W, BAR);
  ctx.textBaseline = "top";

  let y = BAR + PAD.top;
  y = drawText(ctx, imageText(`${r.repo} · ${r.severity}`, 70), { size: 30, lineHeight: NORMAL_LINE, color: MUTED, lines: 1 }, y);
  y = drawText(ctx, imageText(r.errorClass, 40), { size: 60, lineHeight: NORMAL_LINE, color: accent, lines: 1 }, y + 18);
  drawText(ctx, imageText(templateText(r.errorMessage), 150), { size: 44, lineHeight: 1.25, color: FG, lines: 4 }, y + 8);

  const name = { size: 26, lineHeight: NORMAL_LINE, color: MUTED, lines: 1 };
  let bottom = H - PAD.bottom - name.size * name.lineHeight;
  drawText(ctx, "errdex", name, bottom);
  const fix = firstSolution(r.solutions);
  if (fix) {
    const style = { size: 34, lineHeight: 1.3, color: FIX, lines: 2 };
    const text = imageText(`Fix: ${fix}`, 100);
    bottom -= 14 + blockHeight(ctx, text, style);
    drawText(ctx, text, style, bottom);
  }
}

/** One canvas per thread, drawn over for each card. */
let canvas: Canvas | null = null;

/** Renders one record's image to PNG bytes. */
export function renderShareImage(r: ErrorRecord): Buffer {
  if (!canvas) {
    if (!GlobalFonts.registerFromPath(FONT, "Geist")) throw new Error(`share images: cannot load the font ${FONT}`);
    canvas = createCanvas(W, H);
  }
  const ctx = canvas.getContext("2d", { alpha: false });
  drawCard(ctx, r);
  const palette = blendPalette([MUTED, FG, FIX, severityColor(r.severity)].map(hexRgb), BLEND_LEVELS);
  return encodePalettePng(canvas.data(), W, H, palette);
}

/** The file a record's image is written to under `outDir`. */
function fileFor(outDir: string, id: string): string {
  return path.join(outDir, ...shareImagePath(id).split("/").filter(Boolean).map(decodeURIComponent));
}

const CACHE_DIR = path.resolve("node_modules/.cache/errdex-og");

/** Changes whenever the card's code does, so a new design never reuses old images. */
const CODE_HASH = crypto
  .createHash("sha256")
  .update(fs.readFileSync(fileURLToPath(import.meta.url)))
  .update(fs.readFileSync(fileURLToPath(new URL("./palette-png.ts", import.meta.url))))
  .update(fs.readFileSync(fileURLToPath(new URL("../lib/site/record-share.ts", import.meta.url))))
  .digest("hex");

/** The cached image of a record: named by the code plus every field the card shows. */
function cachedFile(r: ErrorRecord): string {
  const inputs = [r.repo, r.severity, r.errorClass, r.errorMessage, firstSolution(r.solutions) ?? ""];
  return path.join(
    CACHE_DIR,
    `${crypto.createHash("sha256").update(CODE_HASH).update(JSON.stringify(inputs)).digest("hex").slice(0, 32)}.png`,
  );
}

async function renderAll(records: ErrorRecord[]): Promise<void> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  for (const r of records) {
    const cached = cachedFile(r);
    if (fs.existsSync(cached)) continue;
    const tmp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    fs.writeFileSync(tmp, renderShareImage(r));
    fs.renameSync(tmp, cached);
    // The canvas's pixel buffers are freed by Node-API finalizers, which run only when the
    // event loop turns: a loop that never yields holds every card's 3 MB (23 GB on the corpus).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Renders the images `records` lack in the cache, in worker threads; returns
 * how many were rendered and the seconds spent. Touches no output directory,
 * so it can run while next build rebuilds it.
 */
export async function renderShareImages(
  records: ErrorRecord[],
  workers = defaultWorkers(),
): Promise<{ rendered: number; seconds: number }> {
  const t0 = performance.now();
  const missing = records.filter((r) => !fs.existsSync(cachedFile(r)));
  const n = Math.max(1, Math.min(workers, Math.ceil(missing.length / 50)));
  if (n === 1) await renderAll(missing);
  else {
    const chunks = Array.from({ length: n }, (_, i) => missing.filter((_, j) => j % n === i));
    await Promise.all(
      chunks.map(
        (chunk) =>
          new Promise<void>((resolve, reject) => {
            // The worker loads this file through tsx, as the build itself runs.
            const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
            const w = new Worker(boot, { eval: true, workerData: { records: chunk } });
            w.once("error", reject);
            w.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`share image worker exited with ${code}`))));
          }),
      ),
    );
  }
  return { rendered: missing.length, seconds: (performance.now() - t0) / 1000 };
}

/** Copies every record's image from the cache (renderShareImages first) to `<outDir>/og/`; returns how many and their bytes. */
export function copyShareImages(outDir: string, records: ErrorRecord[]): { count: number; bytes: number } {
  fs.mkdirSync(path.join(outDir, "og"), { recursive: true });
  let bytes = 0;
  for (const r of records) {
    const cached = cachedFile(r);
    fs.copyFileSync(cached, fileFor(outDir, r.id));
    bytes += fs.statSync(cached).size;
  }
  return { count: records.length, bytes };
}

function defaultWorkers(): number {
  const fromEnv = Number(process.env.ERRDEX_OG_WORKERS);
  return fromEnv > 0 ? fromEnv : Math.min(8, os.availableParallelism());
}

if (!isMainThread && parentPort) {
  const { records } = workerData as { records: ErrorRecord[] };
  await renderAll(records);
}
