import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { HOSTILE_DATA, HOSTILE_OUT, HOSTILE_PAGE_LIMIT } from "./e2e/hostile/settings";
import { E2E_DATASET_REPO, HOSTILE_DATASET_REPO } from "./e2e/dataset-repo";
import { MINED_DATA, MINED_OUT } from "./e2e/mined/settings";

/** Browser tests run against the built static site (`npm run build` first; `npm test` does it). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The hostile-dataset site (e2e/hostile): built from its own dataset into out-hostile/ by its web server's command. */
const HOSTILE_PORT = Number(process.env.E2E_HOSTILE_PORT ?? 3101);
/** The mined site (e2e/mined): a Python tree mined by `errdex mine`, built into out-mined/ by its web server's command. */
const MINED_PORT = Number(process.env.E2E_MINED_PORT ?? 3102);

export default defineConfig({
  testDir: "e2e",
  workers: 2,
  reporter: "list",
  forbidOnly: !!process.env.CI,
  use: {
    launchOptions: {
      executablePath: fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "main", testIgnore: ["shots/**", "hostile/**", "mined/**"], use: { baseURL: `http://localhost:${PORT}` } },
    { name: "hostile", testDir: "e2e/hostile", use: { baseURL: `http://localhost:${HOSTILE_PORT}` } },
    { name: "mined", testDir: "e2e/mined", use: { baseURL: `http://localhost:${MINED_PORT}` } },
  ],
  webServer: [
    {
      command: "npm start",
      url: `http://localhost:${PORT}`,
      reuseExistingServer: !process.env.CI,
      // `npm test` builds out/ with the same ERRDEX_DATASET_REPO (package.json); this one is for a server that builds first.
      env: { PORT: String(PORT), ERRDEX_DATASET_REPO: E2E_DATASET_REPO },
    },
    {
      // Writes the dataset and builds the site (about a minute) before serving it.
      command: "npx tsx e2e/hostile/make-dataset.ts && npm run build && npm start",
      url: `http://localhost:${HOSTILE_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      env: {
        PORT: String(HOSTILE_PORT),
        ERRDEX_DATA: HOSTILE_DATA,
        ERRDEX_OUT: HOSTILE_OUT,
        ERRDEX_PAGE_LIMIT: String(HOSTILE_PAGE_LIMIT),
        ERRDEX_DATASET_REPO: HOSTILE_DATASET_REPO,
      },
    },
    {
      // Writes a Python tree, mines it with `errdex mine`, and builds the site from the mined dataset before serving it.
      command: "npx tsx e2e/mined/make-site-data.ts && npm run build && npm start",
      url: `http://localhost:${MINED_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      env: { PORT: String(MINED_PORT), ERRDEX_DATA: MINED_DATA, ERRDEX_OUT: MINED_OUT },
    },
  ],
});
