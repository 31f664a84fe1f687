/**
 * The islands' FlexSearch build (scripts/islands.ts BROWSER_ALIASES) against
 * Node's, over the shared corpus's search files as the build writes them:
 * every query a user might type from the corpus's titles gets the same answer.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { loadDataset } from "../server/dataset";
import { buildSearchFiles } from "../lib/search/build";
import { answersByBuild, typedQueries } from "../lib/testing/flexsearch-parity";
import { BROWSER_ALIASES } from "./islands";

const CORPUS = process.env.ERRDEX_CORPUS ?? path.resolve(__dirname, "../../shared/corpus");

it("the islands' FlexSearch answers as Node's does over the corpus", async () => {
  const { records } = loadDataset(CORPUS, { quick: true });
  const { files } = await buildSearchFiles(records);
  // Every 7th query: the corpus's titles give some 90,000, and each takes a few ms twice.
  const queries = typedQueries(records).filter((_, i) => i % 7 === 0);
  const { full, other, otherHasWorker } = await answersByBuild(files, queries, BROWSER_ALIASES.flexsearch);
  expect(otherHasWorker).toBe(false);
  expect(queries.length).toBeGreaterThan(5000);
  expect(other).toEqual(full);
});
