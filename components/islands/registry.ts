/**
 * The client components errdex hydrates, by island name: which module and
 * export each one is. Plain data, so both the server (components/islands/
 * island.tsx) and the build (scripts/islands.ts, one browser entry per
 * island) read it without importing any component.
 */
export const ISLANDS = {
  "search-dialog": { module: "components/search/search-dialog", export: "SearchDialog" },
  "copy-button": { module: "components/ui/copy-button", export: "CopyButton" },
  "copy-for-chat": { module: "components/record/copy-for-chat", export: "CopyForChat" },
  "snippet-focus": { module: "components/record/snippet-focus", export: "SnippetFocus" },
  "record-filter": { module: "components/browse/record-filter", export: "RecordFilter" },
  "tag-table": { module: "components/browse/tag-table", export: "TagTable" },
  "log-lookup": { module: "components/lookup/log-lookup", export: "LogLookup" },
  "tail-record": { module: "components/record/tail-record", export: "TailRecord" },
} as const satisfies Record<string, { module: string; export: string }>;

export type IslandName = keyof typeof ISLANDS;

/** The element that wraps every island in the HTML; styled `display: contents`, so it adds no box. */
export const ISLAND_TAG = "errdex-island";
