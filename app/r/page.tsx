import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { datasetRepo, site } from "@/config/site";
import { Island } from "@/components/islands/island";
import { TailRecord } from "@/components/record/tail-record";

export const metadata: Metadata = {
  title: "Error record",
  robots: { index: false },
};

/**
 * The page a host serves for a long-tail record's permalink (and short link):
 * draws the record in the browser from its data shard (lib/page-plan).
 */
export default function TailRecordPage() {
  const { dataset } = siteData();
  return (
    <Island
      name="tail-record"
      of={TailRecord}
      props={{
        version: dataset.datasetVersion,
        siteUrl: site.configuredUrl,
        feedback: { datasetRepo: datasetRepo(), baseUrl: site.url },
        pending: "loading",
      }}
    />
  );
}
