/**
 * Record prose with Markdown-style `code` spans shown as code (the mined
 * corpus writes identifiers that way). Nothing else is interpreted: an
 * unpaired backtick stays literal text.
 */
export function InlineText({ text }: { text: string }) {
  const parts = text.split(/`([^`\n]+)`/);
  if (parts.length === 1) return text;
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
