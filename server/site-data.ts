/**
 * The dataset as the site's server components see it: the records plus the
 * lookups of `lib/site-index`, built once per build process. Import only
 * from server components and route files.
 */
import { getDataset, type Dataset } from "./dataset";
import { siteIndexFor, type SiteIndex } from "../lib/site/site-index";
import { pageLimitFrom, planPages, type PagePlan } from "../lib/site/page-plan";

export interface SiteData {
  dataset: Dataset;
  index: SiteIndex;
  /** Which records get a prerendered page (ERRDEX_PAGE_LIMIT; lib/page-plan). */
  plan: PagePlan;
}

const plans = new WeakMap<Dataset, PagePlan>();

/** The dataset and its page lookups (cached: every page of a build shares them). */
export function siteData(): SiteData {
  const dataset = getDataset();
  let plan = plans.get(dataset);
  if (!plan) plans.set(dataset, (plan = planPages(dataset.records, pageLimitFrom(process.env.ERRDEX_PAGE_LIMIT))));
  return { dataset, index: siteIndexFor(dataset.records), plan };
}

/**
 * `output: "export"` refuses a dynamic route whose generateStaticParams is
 * empty (a dataset without tags, say). Such a route then gets one stand-in
 * param, whose page finds nothing and renders the 404 content.
 */
export function atLeastOne<P extends Record<string, string>>(params: P[], standIn: P): P[] {
  return params.length ? params : [standIn];
}
