import type { Rule } from "./judging";

export const nameConflict: Rule = {
  id: "name-conflict",
  stage: "confidence",
  doc:
    "Similar wording whose record names one thing where the line names another in the same place (`MLA` against " +
    "`MHA`, `Using mxfp4 requires` against `Using a \\`device_map\\` requires`), or states the opposite (`LoRA is not " +
    "enabled` against `LoRA is enabled`), is likely a sibling error rather than a rewording: it is never strong " +
    "overlap (strong-overlap), it ranks after matches the line does not contradict (contradicted-last), and its " +
    "reasons name each conflict.",
  weigh(j) {
    if (j.f.kind !== "similar") return;
    for (const c of j.f.wording!.conflict.names)
      j.reasons.push(
        c.negation
          ? `the line says "${c.line}" where the record says "${c.record}": maybe the opposite error`
          : `the line names ${c.line} where the record names ${c.record}: maybe another error`,
      );
  },
};
