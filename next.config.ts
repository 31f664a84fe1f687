import os from "node:os";
import type { NextConfig } from "next";

// A fully static site: `next build` writes `out/`, which any static host can serve.
const nextConfig: NextConfig = {
  output: "export",
  // ERRDEX_OUT: a second site from another dataset (the hostile-dataset e2e build) beside the main one.
  ...(process.env.ERRDEX_OUT ? { distDir: process.env.ERRDEX_OUT } : {}),
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  experimental: {
    // Pages render in worker processes, by default one fewer than the cores (a 2-core machine
    // gets one). While they render, the build's main process only waits: use every core.
    cpus: Number(process.env.ERRDEX_BUILD_WORKERS) || os.availableParallelism(),
  },
};

export default nextConfig;
