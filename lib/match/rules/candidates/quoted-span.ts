/**
 * quoted-span: a message quoted inside a sentence is compared by the span that looks like the message, not by the whole
 * sentence around it (the prose's own words would drown the message's).
 */
import type { RuleDoc } from "../rule";
import { T } from "../../rank/tuning";

export const QUOTED_SPAN: RuleDoc = {
  id: "quoted-span",
  stage: "candidates",
  doc:
    "A line no record's wording matched as a whole is compared again by the spans that look like a quoted message: " +
    'text between double quotes or backticks (`"No model architectures are specified" when running …`), and a sentence ' +
    "that opens with a backticked name and runs to its full stop (`` `prompt_logprobs` must be a positive value. `` inside " +
    "prose), and what follows a line's last colon when T.spanWords words of prose come before it (`[Bug]: … an error " +
    "message appears: Quantization scheme is not supported`). A span needs T.spanWords words; the prose around it is " +
    "left out.",
};

/** A span of a line's text: where it starts and ends, and its text. */
export interface Span {
  start: number;
  end: number;
  text: string;
}

/** Text between a pair of double quotes (straight or curly) or backticks, on one line. */
const QUOTED = /"([^"]+)"|“([^”]+)”|`([^`]+)`/g;
/** A backticked name and the rest of its sentence, to a full stop, question or exclamation mark or the line's end. */
const NAMED_SENTENCE = /`[^`\s]+`[^.!?`]*(?:[.!?]|$)/g;
/** A web address. */
const URL = /[a-z]+:\/\//;
/** Prose before a colon ends in a letter or a parenthesis (a label such as `Device type:` has fewer words). */
const PROSE_END = /[A-Za-z)]$/;
/** The quotes around a whole line. */
const WHOLE_QUOTES = /^["“`]|["”`]$/g;
/** A word of a span: letters first. */
const WORD = /[A-Za-z][A-Za-z0-9_]*/g;

/** The spans of `text` that look like a quoted message (see QUOTED_SPAN), in order, each at most once. */
export function quotedSpans(text: string): Span[] {
  const out: Span[] = [];
  const add = (start: number, end: number) => {
    const span = text.slice(start, end).trim();
    // A span that is the whole line (but its quotes) says nothing the line did not.
    if ((span.match(WORD)?.length ?? 0) < T.spanWords || span === text.trim().replace(WHOLE_QUOTES, "")) return;
    if (out.some((s) => s.text === span)) return;
    out.push({ start, end, text: span });
  };
  for (const m of text.matchAll(QUOTED)) add(m.index + 1, m.index + m[0].length - 1);
  for (const m of text.matchAll(NAMED_SENTENCE)) add(m.index, m.index + m[0].length);
  // What follows the last `: `, with prose before it since the colon before: T.spanWords words or more (not a class,
  // a logger's level, a title tag or a field's label).
  const at = text.lastIndexOf(": ");
  const before = at < 0 ? "" : text.slice(text.lastIndexOf(":", at - 1) + 1, at);
  // (Nor a link to read: its words are a page's address, not a message.)
  const prose = (before.match(WORD)?.length ?? 0) >= T.spanWords && PROSE_END.test(before);
  if (prose && !URL.test(text.slice(at))) add(at + 2, text.length); // not tuning: the length of ": "
  return out.sort((a, b) => a.start - b.start || b.end - a.end);
}
