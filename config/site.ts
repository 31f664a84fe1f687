/**
 * Site configuration, read once at build time. `ERRDEX_SITE_URL` is the
 * public base URL used for canonical links and share metadata; without it
 * the site describes itself as http://localhost:3000 (what `npm start` serves).
 * `ERRDEX_DATASET_REPO` names the GitHub repository where the dataset is
 * maintained (lib/site/dataset-repo): pages then offer to improve a record
 * or report a wrong match there.
 */
import { parseDatasetRepo, type DatasetRepo } from "../lib/site/dataset-repo";

/** The base URL when `ERRDEX_SITE_URL` is not set. */
const LOCAL_URL = "http://localhost:3000";

/** Reads `ERRDEX_SITE_URL`, without a trailing slash; null when unset or blank. */
function configuredUrl(): string | null {
  const raw = process.env.ERRDEX_SITE_URL?.trim();
  return raw ? raw.replace(/\/+$/, "") : null;
}

export interface SiteConfig {
  name: string;
  description: string;
  /** Absolute base URL for canonical and share links. */
  url: string;
  /** `ERRDEX_SITE_URL` as given, or null: copy buttons then use the page's own origin. */
  configuredUrl: string | null;
}

export const site: SiteConfig = {
  name: "errdex",
  description:
    "An error knowledge base for on-call and ML-infrastructure engineers: paste a log, find the known errors it contains, and what to do about them.",
  url: configuredUrl() ?? LOCAL_URL,
  configuredUrl: configuredUrl(),
};

/**
 * `ERRDEX_DATASET_REPO` parsed, or null when unset. Throws a DatasetRepoError
 * for a malformed value (the build checks it first and stops with its message).
 */
export function datasetRepo(): DatasetRepo | null {
  return parseDatasetRepo(process.env.ERRDEX_DATASET_REPO);
}
