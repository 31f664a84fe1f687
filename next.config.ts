import type { NextConfig } from "next";

// A fully static site: `next build` writes `out/`, which any static host can serve.
const nextConfig: NextConfig = {
  output: "export",
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
