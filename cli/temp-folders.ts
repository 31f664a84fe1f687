/** Temporary folders for the CLI's tests: each holds the files a test gives it, and is removed after the test. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

/** Writes `files` (path → text or bytes) under `dir`, making folders as needed. */
export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
}

/** Folders named `errdex-<prefix>-…` in the system's temporary folder, all removed after each test of the file that calls this. */
export function tempFolders(prefix: string) {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    /** A fresh folder holding `files`. */
    folder(files: Record<string, string | Buffer> = {}): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `errdex-${prefix}-`));
      made.push(dir);
      writeFiles(dir, files);
      return dir;
    },
    /** Removes `dir`, made some other way, after the test too. */
    removeAfter(dir: string): string {
      made.push(dir);
      return dir;
    },
  };
}
