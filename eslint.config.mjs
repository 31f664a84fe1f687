// Lint: typescript-eslint's recommended rules, and the boundaries that keep
// the house livable: lib/ is framework-free (no node:*, React or Next; it runs
// unchanged in Node, the browser, a Web Worker and the CLI), code the browser
// may load uses `zod/mini` (classic Zod does not tree-shake), and no module
// imports itself back through a cycle.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";

/** Classic Zod: its namespace object keeps all of Zod (every locale) in a bundle; 83 KB gzip shared by every island. */
const CLASSIC_ZOD = ["zod", "zod/v4", "zod/v4/classic"].map((name) => ({
  name,
  message: "lib/ and components/ run in the browser: import zod/mini (functions instead of methods; see lib/record/schema.ts).",
}));

const NODE_BUILTINS = [
  "node:*",
  "fs",
  "fs/*",
  "path",
  "os",
  "child_process",
  "worker_threads",
  "url",
  "zlib",
  "crypto",
  "stream",
  "util",
  "http",
  "https",
  "net",
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      "out/",
      "out-*/",
      "dist/",
      ".errdex/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
      "public/_errdex/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: CLASSIC_ZOD }] },
  },
  {
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })] },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      // Log cleaning and terminal escaping match control characters on purpose.
      "no-control-regex": "off",
    },
  },
  {
    files: ["lib/**/*.ts"],
    ignores: ["lib/**/*.test.ts", "lib/testing/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: CLASSIC_ZOD,
          patterns: [
            { group: NODE_BUILTINS, message: "lib/ is framework-free: file-system and process code belongs in server/, cli/ or scripts/." },
            {
              group: ["react", "react/*", "react-dom", "react-dom/*", "next", "next/*"],
              message: "lib/ is framework-free: UI belongs in components/, routes in app/.",
            },
            {
              group: [
                "@/components/*",
                "@/app/*",
                "@/server/*",
                "@/cli/*",
                "@/scripts/*",
                "**/components/*",
                "**/app/*",
                "**/server/*",
                "**/cli/*",
                "**/scripts/*",
              ],
              message: "lib/ depends on nothing outside lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "scripts/**", "bench/**", "cli/**", "server/**", "e2e/**", "*.config.ts"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly" } },
  },
);
