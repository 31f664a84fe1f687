/**
 * Pydantic's validation errors, as vLLM's config classes raise them:
 *
 *     pydantic_core._pydantic_core.ValidationError: 1 validation error for VllmConfig
 *       Value error, Tensor parallel size (16) cannot be larger than … [type=value_error, input_value=ArgsKwargs(…), input_type=ArgsKwargs]
 *         For further information visit https://errors.pydantic.dev/2.11/v/value_error
 *
 * The message the check raised is between `Value error, ` (or `Assertion failed, `) and the ` [type=…` tail; the
 * rest is pydantic's frame around it, which no record's message holds.
 */

/** The start of a failed check's line: `Value error, ` or `Assertion failed, `, after any indent. */
const CHECK = /^\s*(?:Value error|Assertion failed), /;
/** The tail pydantic appends to a failed check's line (it may run on: input values are long). */
const TAIL = / \[type=\w+(?:, input_value=|, input_type=|\]\s*$)/;

/** A failed check's own message in one line of pydantic's report (`Value error, msg [type=…]` → `msg`), or null. */
export function pydanticCheck(line: string): string | null {
  const m = CHECK.exec(line);
  if (!m) return null;
  const rest = line.slice(m[0].length);
  const tail = TAIL.exec(rest);
  return tail ? rest.slice(0, tail.index) : rest;
}

/** Whether a line ends pydantic's report of a check (its ` [type=…` tail): nothing after it continues the message. */
export function endsPydanticCheck(line: string): boolean {
  return TAIL.test(line);
}

/**
 * The first failed check's message in a ValidationError's message (`1 validation error for X` and the lines after
 * it), or null when the message is not pydantic's report.
 */
export function pydanticMessage(message: string): string | null {
  if (!/^\d+ validation errors? for /.test(message.trimStart())) return null;
  for (const line of message.split("\n")) {
    const check = pydanticCheck(line);
    if (check !== null) return check;
  }
  return null;
}
