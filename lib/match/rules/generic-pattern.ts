import type { Rule } from "./judging";

export const genericPattern: Rule = {
  id: "generic-pattern",
  stage: "confidence",
  doc:
    "A pattern with little literal text (the record's `generic` flag: fewer than T.genericLetters letters) may match " +
    "unrelated errors: it is not specific, so a full or similar match of it is low and a partial one a tier lower, " +
    "unless the traceback shows the record's raise site. It is ranked by its literal text alone (explained).",
  observe(j) {
    if (j.e.generic) j.specific = false;
  },
  weigh(j) {
    if (j.e.generic) j.reasons.push(`generic pattern: only ${j.e.letters} letters of literal text, it may match unrelated errors`);
  },
};
