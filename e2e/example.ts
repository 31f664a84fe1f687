/** The canonical example record (data/example.json), read the way the site reads it, for tests to derive expectations from. */
import fs from "node:fs";
import type { ErrorRecord } from "../lib/record/schema";
import { recordPath } from "../lib/record/permalink";

const line = fs.readFileSync(new URL("../data/example.json", import.meta.url), "utf8");

export const example: ErrorRecord = JSON.parse(line).record;
export const examplePath = recordPath(example);

/** A traceback whose final exception is the example record's message, raised at its raise site. */
export const EXAMPLE_TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 1344, in maybe_send_extra',
  "    raise RuntimeError(",
  "RuntimeError: PD Disaggregation does NOT support PD different TP sizes for non-MLA MAMBA hybrid models yet.",
].join("\n");

/** A traceback raised in the example record's file, with a message no record has: the no-match view's raise site. */
export const NO_MATCH_IN_EXAMPLE_FILE = [
  "Traceback (most recent call last):",
  '  File "/app/serve.py", line 10, in <module>',
  "    main()",
  '  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/disaggregation/mooncake/conn.py", line 402, in transfer_worker',
  "    session = self.sessions[session_id]",
  "KeyError: 'session-7f3a'",
].join("\n");
