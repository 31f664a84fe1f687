/** How the hostile site is built and where it goes; shared by the Playwright config, the dataset writer and the tests. */

/** The dataset file the hostile site is built from (gitignored). */
export const HOSTILE_DATA = ".errdex/hostile.jsonl";
/** The directory the hostile site is built into (`ERRDEX_OUT`; gitignored). */
export const HOSTILE_OUT = "out-hostile";
/**
 * `ERRDEX_PAGE_LIMIT` of the hostile build: the five hostile originals get a
 * prerendered page; their twins and the fillers fall in the long tail and are
 * drawn in the browser (e2e/hostile/dataset.ts).
 */
export const HOSTILE_PAGE_LIMIT = 5;
