import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { datasetRepo, site } from "@/config/site";
import { Island } from "@/components/islands/island";
import { TailRecord } from "@/components/record/tail-record";

export const metadata: Metadata = {
  title: "No error record at this address",
  robots: { index: false },
};

/**
 * The 404 page. On a host that can only serve this page for a missing file
 * (no rewrite to /r), it still follows short links and draws a long-tail
 * record at its permalink.
 */
export default function NotFound() {
  const { dataset, plan } = siteData();
  return (
    <Island
      name="tail-record"
      of={TailRecord}
      props={{
        version: dataset.datasetVersion,
        siteUrl: site.configuredUrl,
        feedback: { datasetRepo: datasetRepo(), baseUrl: site.url },
        pending: "not-found",
        tail: plan.tail.length > 0,
      }}
    />
  );
}
