import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { matchAssets } from "@/server/match-assets";
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
  // Content-hashed addresses: a new dataset or worker is a new address, so both can be cached for a year.
  const { workerUrl, dataUrl } = matchAssets();
  return (
    <>
      <Island
        name="log-lookup"
        of={LogLookup}
        props={{
          workerUrl,
          dataUrl,
          recordCount: dataset.records.length,
          feedback: { datasetRepo: datasetRepo(), errdexVersion: version, datasetVersion: dataset.datasetVersion, baseUrl: site.url },
        }}
      />
      <HomeView recordCount={dataset.records.length} repos={index.repoList} tagCount={index.tagList.length} headingLevel={2} />
    </>
  );
}
