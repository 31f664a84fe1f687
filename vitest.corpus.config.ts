import { defineConfig } from "vitest/config";

// The corpus suite reads the shared corpus beside the project (../shared/corpus, or ERRDEX_CORPUS).
export default defineConfig({
  test: {
    include: ["**/*.corpus.test.ts"],
    exclude: ["node_modules/**"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
