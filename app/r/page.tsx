import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { site } from "@/config/site";
import { NotFoundView } from "@/components/not-found-view";
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
    <TailRecord
      version={dataset.datasetVersion}
      siteUrl={site.configuredUrl}
      pending={
        <div className="prose-text" aria-busy="true">
          <p className="text-muted">Loading the error record…</p>
          <noscript>
            <p>This record is drawn by JavaScript. Turn it on, or find the error from the home page.</p>
          </noscript>
        </div>
      }
      fallback={<NotFoundView />}
    />
  );
}
