/**
 * Writes one 1200×630 share image per record to `out/og/<id>.png` (the
 * og:image and twitter:image of its page), with `next/og`'s ImageResponse.
 * Record text is untrusted: it is passed to the renderer as text children
 * only (never markup), clipped, and limited to what the bundled font draws.
 * Images render in a pool of worker threads (ERRDEX_OG_WORKERS, default:
 * the CPU count, at most 8); a corpus build writes 11,320 of them, ~45 ms
 * each on one core. Rendered images are kept in a content-addressed cache
 * (node_modules/.cache/errdex-og, keyed by the card's inputs and this code),
 * so a rebuild renders only new or changed records.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { ImageResponse } from "next/og";
import type { ErrorRecord } from "../lib/record/schema";
import { firstSolution, imageText, templateText, SHARE_IMAGE_SIZE, severityColor, shareImagePath } from "../lib/site/record-share";

/** The card: severity bar, class, message, repository and the first fix. Big type, so it reads on a phone. */
function Card({ r }: { r: ErrorRecord }) {
  const fix = firstSolution(r.solutions);
  return (
    <div style={{ display: "flex", flexDirection: "column", width: "100%", height: "100%", background: "#ffffff", color: "#1f2328" }}>
      <div style={{ display: "flex", height: 18, background: severityColor(r.severity) }} />
      <div style={{ display: "flex", flexDirection: "column", flex: 1, padding: "40px 64px 44px" }}>
        <div style={{ display: "flex", fontSize: 30, color: "#59636e" }}>{imageText(`${r.repo} · ${r.severity}`, 70)}</div>
        <div style={{ display: "flex", marginTop: 18, fontSize: 60, color: severityColor(r.severity) }}>{imageText(r.errorClass, 40)}</div>
        <div style={{ display: "flex", marginTop: 8, fontSize: 44, lineHeight: 1.25, maxHeight: 220, overflow: "hidden" }}>
          {imageText(templateText(r.errorMessage), 150)}
        </div>
        <div style={{ display: "flex", flex: 1 }} />
        {fix ? (
          <div style={{ display: "flex", fontSize: 34, lineHeight: 1.3, color: "#1a7f37", maxHeight: 90, overflow: "hidden" }}>
            {imageText(`Fix: ${fix}`, 100)}
          </div>
        ) : null}
        <div style={{ display: "flex", marginTop: 14, fontSize: 26, color: "#59636e" }}>errdex</div>
      </div>
    </div>
  );
}

/** Renders one record's image to PNG bytes. */
export async function renderShareImage(r: ErrorRecord): Promise<Buffer> {
  const res = new ImageResponse(<Card r={r} />, { ...SHARE_IMAGE_SIZE });
  return Buffer.from(await res.arrayBuffer());
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
  .update(fs.readFileSync(fileURLToPath(new URL("../lib/site/record-share.ts", import.meta.url))))
  .digest("hex");

/** The cache key of a record's image: the code plus every field the card shows. */
function cacheKey(r: ErrorRecord): string {
  const inputs = [r.repo, r.severity, r.errorClass, r.errorMessage, firstSolution(r.solutions) ?? ""];
  return crypto.createHash("sha256").update(CODE_HASH).update(JSON.stringify(inputs)).digest("hex").slice(0, 32);
}

async function renderAll(outDir: string, records: ErrorRecord[]): Promise<void> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  for (const r of records) {
    const cached = path.join(CACHE_DIR, `${cacheKey(r)}.png`);
    if (!fs.existsSync(cached)) {
      const tmp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      fs.writeFileSync(tmp, await renderShareImage(r));
      fs.renameSync(tmp, cached);
    }
    fs.copyFileSync(cached, fileFor(outDir, r.id));
  }
}

/** Writes every record's share image under `outDir`; returns how many and the seconds spent. */
export async function writeShareImages(
  outDir: string,
  records: ErrorRecord[],
  workers = defaultWorkers(),
): Promise<{ count: number; seconds: number }> {
  const t0 = performance.now();
  fs.mkdirSync(path.join(outDir, "og"), { recursive: true });
  const n = Math.max(1, Math.min(workers, Math.ceil(records.length / 50)));
  if (n === 1) {
    await renderAll(outDir, records);
  } else {
    const chunks = Array.from({ length: n }, (_, i) => records.filter((_, j) => j % n === i));
    await Promise.all(
      chunks.map(
        (chunk) =>
          new Promise<void>((resolve, reject) => {
            // The worker loads this file through tsx, as the build itself runs.
            const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
            const w = new Worker(boot, { eval: true, workerData: { outDir, records: chunk } });
            w.once("error", reject);
            w.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`share image worker exited with ${code}`))));
          }),
      ),
    );
  }
  return { count: records.length, seconds: (performance.now() - t0) / 1000 };
}

function defaultWorkers(): number {
  const fromEnv = Number(process.env.ERRDEX_OG_WORKERS);
  return fromEnv > 0 ? fromEnv : Math.min(8, os.availableParallelism());
}

if (!isMainThread && parentPort) {
  const { outDir, records } = workerData as { outDir: string; records: ErrorRecord[] };
  await renderAll(outDir, records);
}
