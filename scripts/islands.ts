/**
 * errdex pages are static HTML with a few client components in them, the
 * islands (components/islands/registry.ts): the search box, copy buttons,
 * the lookup, the filters. Next's static export hydrates each page as one
 * React tree, rebuilt from an inline copy of the whole page (its RSC
 * payload: 30 KB of a 49 KB record page) by its client router (70 KB gzip).
 * errdex navigates with plain links, so it needs neither. After next build,
 * this bundles one small browser entry per island (React shared between
 * them, in hashed files under /_next/static/errdex/), then rewrites every
 * page Next wrote: its scripts out, the entries of the islands it holds in.
 * Next's scripts are then deleted: no page loads them.
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";
import { ISLANDS, type IslandName } from "../components/islands/registry";
import { NEXT_INLINE_SCRIPTS, UnexpectedScriptError } from "./csp";

/** Where the island bundles go, under the output directory; hashed names, so cacheable forever. */
const BUNDLE_DIR = "_next/static/errdex";

/**
 * Packages the islands take from another build than Node does. FlexSearch's
 * compact build (10.7 KB gzip, against 17.5 for the full one) has all the
 * search uses (Index, Encoder, charsets, suggestions, import) and lacks only
 * what it does not (workers, persistent storage, resolvers, keystores); the
 * build writes the index with the full build, and scripts/islands.test.ts
 * checks both answer alike. esbuild resolves these paths from the project.
 */
export const BROWSER_ALIASES = { flexsearch: "./node_modules/flexsearch/dist/flexsearch.compact.module.min.js" };

/** The browser files one island needs: its entry, and the chunks the entry imports (to preload). */
export interface IslandAssets {
  src: string;
  preload: string[];
}

export type IslandBundle = Map<IslandName, IslandAssets>;

const isIslandName = (name: string): name is IslandName => Object.hasOwn(ISLANDS, name);

/** One virtual entry module per island: import its component, hydrate its elements. */
const islandEntries: Plugin = {
  name: "errdex-islands",
  setup(b) {
    b.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice("island:".length), namespace: "island" }));
    b.onLoad({ filter: /.*/, namespace: "island" }, (args) => {
      if (!isIslandName(args.path)) return { errors: [{ text: `unknown island ${args.path}` }] };
      const spec = ISLANDS[args.path];
      return {
        contents: [
          `import { hydrateIslands } from "./components/islands/hydrate";`,
          `import { ${spec.export} as Component } from "./${spec.module}";`,
          `hydrateIslands(${JSON.stringify(args.path)}, Component);`,
        ].join("\n"),
        resolveDir: process.cwd(),
        loader: "ts",
      };
    });
  },
};

/** Bundles every island's browser entry into `<outDir>/_next/static/errdex/`; returns each island's files. */
export async function bundleIslands(outDir: string): Promise<{ islands: IslandBundle; bytes: number; files: number }> {
  const dir = path.join(outDir, BUNDLE_DIR);
  fs.rmSync(dir, { recursive: true, force: true });
  const result = await build({
    entryPoints: Object.fromEntries(Object.keys(ISLANDS).map((name) => [name, `island:${name}`])),
    outdir: dir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
    alias: BROWSER_ALIASES,
    // Next already links every page's stylesheets; a component's CSS import is only for Next.
    loader: { ".css": "empty" },
    logOverride: { "module-level-directive": "silent" },
    plugins: [islandEntries],
    logLevel: "warning",
  });
  const url = (file: string) => "/" + path.relative(outDir, file).split(path.sep).join("/");
  const islands: IslandBundle = new Map();
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const name = output.entryPoint?.replace(/^island:/, "");
    if (name && isIslandName(name)) islands.set(name, { src: url(file), preload: staticImports(result.metafile, file).map(url) });
  }
  const outputs = Object.values(result.metafile.outputs);
  return { islands, bytes: outputs.reduce((n, o) => n + o.bytes, 0), files: outputs.length };
}

/** Every chunk `file` imports statically, directly or not, in a stable order. */
function staticImports(meta: Metafile, file: string, seen = new Set<string>()): string[] {
  for (const imp of meta.outputs[file]?.imports ?? []) {
    if (imp.kind !== "import-statement" || seen.has(imp.path)) continue;
    seen.add(imp.path);
    staticImports(meta, imp.path, seen);
  }
  return [...seen];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;
/** Next's script tags and script preloads: its runtime, router, page chunks and legacy polyfills. */
const NEXT_SCRIPT_TAG = /<script src="\/_next\/static\/[^"]+\.js"(?: async="")?(?: noModule="")?><\/script>/g;
const NEXT_SCRIPT_PRELOAD = /<link rel="preload" as="script"(?: fetchPriority="\w+")? href="\/_next\/static\/[^"]+\.js"\/>/g;
const ISLAND_ATTR = /<errdex-island data-island="([a-z-]+)"/g;
/** A Next script URL anywhere in a page (in an attribute). */
const NEXT_SCRIPT_URL = /"(\/_next\/static\/(?!errdex\/)[^"]+\.js)"/;

/**
 * Rewrites one page Next wrote: removes its scripts (every inline one must
 * be of a form Next writes, as in scripts/csp.ts, or the build stops), then
 * loads the entries of the islands on the page. Returns the page unchanged
 * when Next did not write it.
 */
export function withIslands(html: string, islands: IslandBundle, file = "page"): string {
  if (!html.includes("/_next/static/")) return html;
  let out = html.replace(NEXT_SCRIPT_TAG, "").replace(NEXT_SCRIPT_PRELOAD, "");
  out = out.replace(INLINE_SCRIPT, (tag: string, attrs: string, body: string) => {
    if (/type=["']?application\/(ld\+)?json/.test(attrs)) return tag;
    if (!NEXT_INLINE_SCRIPTS.some((re) => re.test(body)))
      throw new UnexpectedScriptError(`${file}: an inline script that Next did not write: ${JSON.stringify(body.slice(0, 120))}`);
    return "";
  });
  const left = NEXT_SCRIPT_URL.exec(out);
  if (left) throw new Error(`${file}: still loads ${left[1]} after Next's scripts were removed; scripts/islands.ts must learn this form`);
  const names = new Set([...out.matchAll(ISLAND_ATTR)].map((m) => m[1]!));
  const tags: string[] = [];
  const preloaded = new Set<string>();
  for (const name of names) {
    const assets = isIslandName(name) ? islands.get(name) : undefined;
    if (!assets) throw new Error(`${file}: the page holds a "${name}" island, which has no bundle (components/islands/registry.ts)`);
    for (const chunk of assets.preload) {
      if (preloaded.has(chunk)) continue;
      preloaded.add(chunk);
      tags.push(`<link rel="modulepreload" href="${chunk}"/>`);
    }
    tags.push(`<script type="module" src="${assets.src}"></script>`);
  }
  const head = out.indexOf("</head>");
  return head < 0 ? out : out.slice(0, head) + tags.join("") + out.slice(head);
}

/** Deletes Next's scripts: after withIslands no page loads one (it refuses a page that still would). */
export function removeNextScripts(outDir: string): number {
  let removed = 0;
  const ours = path.join(outDir, BUNDLE_DIR) + path.sep;
  for (const file of filesUnder(path.join(outDir, "_next"), ".js")) {
    if (file.startsWith(ours)) continue;
    fs.rmSync(file);
    removed++;
  }
  removeEmptyFolders(path.join(outDir, "_next"));
  return removed;
}

/** Removes the folders under `dir` that are (or become) empty: the build-id folders held only Next's manifests. */
function removeEmptyFolders(dir: string): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) removeEmptyFolders(path.join(dir, e.name));
  if (fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

function filesUnder(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.join(e.parentPath, e.name));
}
