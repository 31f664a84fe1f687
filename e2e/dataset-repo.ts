/**
 * The dataset repositories the e2e sites are built with (ERRDEX_DATASET_REPO):
 * the default site's by `npm test`'s build (package.json) and playwright.config.ts,
 * the hostile site's by its web server. The feedback tests expect exactly these.
 */
import { parseDatasetRepo, type DatasetRepo } from "../lib/site/dataset-repo";

export const E2E_DATASET_REPO = "errdex-e2e/dataset";
/** With a path template, so the hostile records' repository and slug land in an issue too. */
export const HOSTILE_DATASET_REPO = "errdex-e2e/hostile-data:records/{repo}/{slug}.jsonl";

export const e2eDatasetRepo: DatasetRepo = parseDatasetRepo(E2E_DATASET_REPO)!;
export const hostileDatasetRepo: DatasetRepo = parseDatasetRepo(HOSTILE_DATASET_REPO)!;

/** The base URL the builds put in issue permalinks (config/site). */
export const BUILD_SITE_URL = (process.env.ERRDEX_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");

/** The title and body of a new-issue URL, decoded. */
export function issueParts(url: string): { at: string; title: string | null; body: string | null } {
  const u = new URL(url);
  return { at: u.origin + u.pathname, title: u.searchParams.get("title"), body: u.searchParams.get("body") };
}
