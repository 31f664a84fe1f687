/** Small text helpers for pages; pure. */

/** True for a string with visible content: the pages leave out null, "" and blank fields entirely. */
export function hasText(value: string | null | undefined): value is string {
  return value != null && value.trim() !== "";
}

/** The non-blank items of a list. */
export function textItems(items: readonly string[] | null | undefined): string[] {
  return (items ?? []).filter(hasText);
}

/** `text` cut to at most `max` characters (at a word boundary when one is near), with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd() + "…";
}

/** `1 record`, `2 records`. */
export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? word : many}`;
}

const DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** `28 Aug 2026, 05:10 UTC`: fixed locale and zone, so every build renders the same text. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
}

/** A route param decoded once more if it still holds %-escapes; malformed escapes are returned as is. */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
