import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { HomeView } from "@/components/home-view";
import { LogLookup } from "@/components/lookup/log-lookup";
import { Island } from "@/components/islands/island";
import { datasetRepo, site } from "@/config/site";
import { version } from "@/package.json";
import { absoluteUrl } from "@/lib/record/permalink";

export const metadata: Metadata = {
  alternates: { canonical: absoluteUrl("/", site.url) },
};

export default function HomePage() {
  const { dataset, index } = siteData();
  // Versioned so a new dataset is never served from an old cache; fetched by the worker on first use.
  const v = encodeURIComponent(dataset.datasetVersion);
  return (
    <>
      <Island
        name="log-lookup"
        of={LogLookup}
        props={{
          workerUrl: `/_errdex/match-worker.js?v=${v}`,
          dataUrl: `/_errdex/match/filter.json?v=${v}`,
          recordCount: dataset.records.length,
          feedback: { datasetRepo: datasetRepo(), errdexVersion: version, datasetVersion: dataset.datasetVersion, baseUrl: site.url },
        }}
      />
      <HomeView recordCount={dataset.records.length} repos={index.repoList} tagCount={index.tagList.length} headingLevel={2} />
    </>
  );
}
