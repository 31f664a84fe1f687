import type { Traceback } from "../../log/traceback";
import { packageOf, packagePath } from "../rank/evidence";
import type { Rule } from "./judging";

/**
 * The package-relative file of a traceback's last frame when it lies in a dataset package other than `own` and no frame
 * is in `own` at all (`transformers/models/llama/configuration_llama.py` for an sglang record); else null.
 */
function otherPackage(tb: Traceback, own: string, packages: readonly string[]): string | null {
  const last = tb.frames[tb.frames.length - 1];
  if (!last || tb.frames.some((fr) => packagePath(fr.file, own) !== null)) return null;
  for (const pkg of packages) {
    if (pkg === own) continue;
    const at = packagePath(last.file, pkg);
    if (at) return at;
  }
  return null;
}

export const raisedElsewhere: Rule = {
  id: "raised-elsewhere",
  stage: "confidence",
  doc:
    "Similar wording from another project's copy of a check (sglang's `internvl.py` against transformers' own) is " +
    "low when the traceback's last frame lies in another dataset package and no frame in the record's: that " +
    "project's code raised it.",
  observe(j) {
    j.raisedElsewhere = j.f.kind === "similar" && j.hit && !j.site ? otherPackage(j.hit.tb, packageOf(j.e.repo), j.run.packages) : null;
  },
  confidence(j) {
    if (j.raisedElsewhere) j.confidence = "low";
  },
  weigh(j) {
    if (j.raisedElsewhere)
      j.reasons.push(`the traceback's last frame is in ${j.raisedElsewhere}, not in ${j.e.repo}: maybe that project's own check`);
  },
};
