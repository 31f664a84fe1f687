import base from "./playwright.config";
import { defineConfig } from "@playwright/test";

// `npm run shots`: screenshots of every page for a person to look at (not a test of behaviour).
// Only the main site: the shots project takes the main project's settings and web server.
const main = base.projects!.find((p) => p.name === "main")!;
const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;
export default defineConfig({
  ...base,
  testDir: "e2e/shots",
  testIgnore: [],
  projects: [{ name: "shots", use: main.use }],
  webServer: server,
});
