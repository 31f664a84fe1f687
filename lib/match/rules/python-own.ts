import type { MatcherEntry } from "../data/matcher-data";
import { T } from "../rank/tuning";
import type { Rule } from "./judging";

/**
 * Messages Python itself raises with the same words, its standard library's included (argparse prints its usage errors
 * for any program): a record whose message is little more than one of these says nothing of where the error came from.
 */
const PYTHON_OWN = [
  // `'X' object has no attribute 'y'`, `module 'x' has no attribute 'y'`
  /has no attribute/,
  /object is not (?:subscriptable|callable|iterable)/,
  /^No module named/,
  /^cannot import name/,
  /index out of range/,
  /unsupported operand type/,
  /(?:takes|missing) \S+ (?:required )?positional argument/,
  /got an unexpected keyword argument/,
  /^invalid literal for/,
  /division by zero/,
  /not supported between instances of/,
  /^can only concatenate/,
  // argparse: `error: unrecognized arguments: --x`, `error: the following arguments are required: --y`
  /unrecognized arguments:/,
  /the following arguments are required:/,
  /argument \S+: invalid choice:/,
];

/** Whether a record's message mirrors one Python raises by itself. */
export function mirrorsPython(e: MatcherEntry): boolean {
  return e.letters < T.mirrorLetters && PYTHON_OWN.some((re) => re.test(e.message));
}

export const pythonOwn: Rule = {
  id: "python-own",
  stage: "confidence",
  doc:
    "A short record message that mirrors one Python raises by itself (`'X' object has no attribute 'Y'`, `No module " +
    "named …`, `index out of range`, argparse's `error: unrecognized arguments: …`) says nothing of where the error " +
    "came from: any code can print it. Like a " +
    "generic pattern it is not specific, so its matches are low unless the traceback shows the record's raise site.",
  observe(j) {
    j.mirror = mirrorsPython(j.e);
    if (j.mirror) j.specific = false;
  },
  weigh(j) {
    if (j.mirror) j.reasons.push("the message mirrors one Python raises by itself: any code can print it");
  },
};
