import type { Traceback } from "../../log/traceback";
import type { MatcherEntry } from "../data/matcher-data";
import { packageOf, packagePath } from "../rank/evidence";
import type { Rule } from "./judging";

/**
 * A model's own folder in a record's path (`models/roc_bert/`), or null. Only a folder: vLLM's `models/utils.py`
 * beside `models/llama.py` is shared code.
 */
function modelPart(filePath: string): string | null {
  const m = /(?:^|\/)models\/[^/]+\//.exec(filePath);
  return m ? m[0].replace(/^\//, "") : null;
}

/**
 * For a record raised in a model's own folder: the package-relative file of the traceback's last frame when
 * it is in the record's package but no frame is in that model's folder or file; else null.
 */
function modelCopy(tb: Traceback, e: MatcherEntry): string | null {
  const part = modelPart(e.filePath);
  const last = tb.frames[tb.frames.length - 1];
  if (!part || !last) return null;
  const at = packagePath(last.file, packageOf(e.repo));
  if (!at) return null;
  const slashed = (file: string) => file.replace(/\\/g, "/");
  return tb.frames.some((fr) => slashed(fr.file).includes(`/${part}`)) ? null : at;
}

export const copiedIn: Rule = {
  id: "copied-in",
  stage: "confidence",
  doc:
    "A model's own copy of a shared check (transformers' `# Copied from`, a record in `models/roc_bert/`) matched in " +
    "full is at most medium when the final traceback raised it in the record's package without ever entering that " +
    "model's folder or file: the shared code, not this copy, raised it.",
  observe(j) {
    j.copiedIn = j.f.kind === "full" && j.hit?.final && !j.site ? modelCopy(j.hit.tb, j.e) : null;
  },
  confidence(j) {
    if (j.copiedIn && j.confidence === "high") j.confidence = "medium";
  },
  weigh(j) {
    if (j.copiedIn)
      j.reasons.push(
        `the traceback raised it in ${j.copiedIn}, never entering ${modelPart(j.e.filePath)}: maybe this model's copy of a shared check`,
      );
  },
};
