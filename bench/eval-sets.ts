/**
 * The evaluation sets of real logs, found on disk: `eval/devset/` (read and
 * tuned on) and every `eval/heldout/<name>/` (measured blind). A set is a
 * folder with `expected.json` and `logs/`; adding a folder adds a set to
 * `npm run bench` and to the corpus suite, with no list to edit.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The evaluation root, `eval/` at the project's top. */
export const EVAL_DIR = fileURLToPath(new URL("../eval", import.meta.url));

export interface EvalSet {
  /** `devset` or `heldout/<name>`: the set's path under `eval/`, and its name in reports. */
  name: string;
  dir: string;
  heldOut: boolean;
}

/** The dev set. */
export const DEVSET: EvalSet = { name: "devset", dir: path.join(EVAL_DIR, "devset"), heldOut: false };

/** Every evaluation set: the dev set, then the held-out sets in name order. */
export function evalSets(root: string = EVAL_DIR): EvalSet[] {
  const heldDir = path.join(root, "heldout");
  const held = fs.existsSync(heldDir)
    ? fs
        .readdirSync(heldDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(heldDir, d.name, "expected.json")))
        .map((d) => d.name)
        .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
    : [];
  return [
    { name: "devset", dir: path.join(root, "devset"), heldOut: false },
    ...held.map((n) => ({ name: `heldout/${n}`, dir: path.join(heldDir, n), heldOut: true })),
  ];
}

/** The set named `name` (`devset`, `heldout/14`), or an error listing the sets there are. */
export function evalSet(name: string): EvalSet {
  const all = evalSets();
  const found = all.find((s) => s.name === name || s.dir === path.resolve(name));
  if (!found) throw new Error(`no evaluation set "${name}"; there are: ${all.map((s) => s.name).join(", ")}`);
  return found;
}
