/** How the mined site is built; shared by the Playwright config, the tree writer and the tests. */

/** The Python tree the test writes and mines (gitignored, under .errdex/). */
export const MINED_TREE = ".errdex/mined-tree";
/** The folder `errdex mine` writes the dataset into: the build's ERRDEX_DATA. */
export const MINED_DATA = ".errdex/mined-data";
/** The dataset file in it. */
export const MINED_FILE = `${MINED_DATA}/shipyard.jsonl`;
/** The directory the mined site is built into (`ERRDEX_OUT`; gitignored). */
export const MINED_OUT = "out-mined";
/** The repository and commit the records name. */
export const MINED_REPO = "acme/shipyard";
export const MINED_SHA = "5ca1ab1e0ddba11c0ffee0ddba11c0ffee0ddba1";
