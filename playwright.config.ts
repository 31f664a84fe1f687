import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/** Browser tests run against the built static site (`npm run build` first; `npm test` does it). */
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: "e2e",
  testIgnore: ["shots/**"],
  workers: 2,
  reporter: "list",
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "npm start",
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    env: { PORT: String(PORT) },
  },
});
