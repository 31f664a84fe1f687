/**
 * What `npm ci` may fetch: every package from the npm registry, and no
 * install script beyond esbuild's (which only picks its platform binary, a
 * package from the same registry). A new dependency that downloads from
 * elsewhere at install time fails here before it reaches CI.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

interface LockPackage {
  resolved?: string;
  integrity?: string;
  inBundle?: boolean;
  hasInstallScript?: boolean;
  link?: boolean;
}
const lock = JSON.parse(fs.readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockPackage>;
};
const installed = Object.entries(lock.packages).filter(([name, p]) => name !== "" && !p.link);

describe("package-lock.json", () => {
  it("is a v3 lockfile with packages", () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(installed.length).toBeGreaterThan(100);
  });

  it("fetches every package from the npm registry, pinned by its hash", () => {
    // No `resolved` means the configured registry; the project sets none of its own.
    const elsewhere = installed
      .filter(([, p]) => p.resolved !== undefined && !p.resolved.startsWith("https://registry.npmjs.org/"))
      .map(([name, p]) => `${name} ${p.resolved}`);
    expect(elsewhere).toEqual([]);
    expect(fs.existsSync(new URL("../.npmrc", import.meta.url))).toBe(false);
    // Packages bundled inside another package's tarball come with it and carry no hash of their own.
    const unpinned = installed.filter(([, p]) => !p.inBundle && !p.integrity?.startsWith("sha512-")).map(([name]) => name);
    expect(unpinned).toEqual([]);
  });

  it("runs install scripts only for esbuild", () => {
    const scripts = installed.filter(([, p]) => p.hasInstallScript).map(([name]) => name.replace(/^.*node_modules\//, ""));
    expect(new Set(scripts)).toEqual(new Set(["esbuild"]));
  });
});
