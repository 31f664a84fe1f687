import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: [
      "lib/**/*.test.ts",
      "server/**/*.test.ts",
      "cli/**/*.test.ts",
      "scripts/**/*.test.ts",
      "components/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    exclude: ["**/*.corpus.test.ts", "node_modules/**"],
    testTimeout: 20000,
  },
});
