import base from "./playwright.config";
import { defineConfig } from "@playwright/test";

// `npm run shots`: screenshots of every page for a person to look at (not a test of behaviour).
export default defineConfig({ ...base, testDir: "e2e/shots", testIgnore: [] });
