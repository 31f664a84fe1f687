import { formatDateTime } from "./format";

/** A machine-readable `<time>` showing the instant in readable UTC. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
