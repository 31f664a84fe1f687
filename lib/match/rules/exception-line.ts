import { finalTracebacks, type Traceback } from "../../log/traceback";
import type { Rule, Run } from "./judging";

type Hit = { tb: Traceback; final: boolean };
/** Per ranking run: the traceback each line belongs to, from its exception line to its end (computed once a run). */
const byLine = new WeakMap<Run, Map<number, Hit>>();

function exceptionLines(run: Run): Map<number, Hit> {
  let map = byLine.get(run);
  if (map) return map;
  map = new Map();
  const finals = new Set(finalTracebacks(run.tracebacks));
  for (const tb of run.tracebacks) {
    const chainedLater = !finals.has(tb) || tb.chainCut === true;
    for (let l = tb.exceptionLine; l <= tb.endLine; l++) map.set(l, { tb, final: !chainedLater });
  }
  byLine.set(run, map);
  return map;
}

export const exceptionLine: Rule = {
  id: "exception-line",
  stage: "evidence",
  doc:
    "A match on a traceback's exception line (or the lines of its message after it) is that traceback's error. When " +
    "its lines touch several tracebacks, the final one is taken: a traceback that another one chains after, or that " +
    "the paste cuts in a chain, is not final. The later rules read its frames and its class from this traceback.",
  observe(j) {
    const lines = exceptionLines(j.run);
    for (const line of j.f.lines) {
      const h = lines.get(line.line);
      if (h && (!j.hit || (h.final && !j.hit.final))) j.hit = h;
    }
  },
};
