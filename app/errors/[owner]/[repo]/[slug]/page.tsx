import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { atLeastOne, siteData } from "@/server/site-data";
import { datasetRepo, site } from "@/config/site";
import { RecordView } from "@/components/record/record-view";
import { highlightedCode } from "@/components/record/source-snippet";
import { decodeParam } from "@/components/ui/format";
import { neighboursOf, permalinkKey, splitRepo } from "@/lib/site/site-index";
import { absoluteUrl, recordPath } from "@/lib/record/permalink";
import {
  clip,
  firstSolution,
  severityColor,
  SHARE_IMAGE_SIZE,
  shareDescription,
  shareImagePath,
  shareTitle,
} from "@/lib/site/record-share";

type Params = { owner: string; repo: string; slug: string };

export const dynamicParams = false;

/** One page per record, up to the page limit (lib/page-plan); the long tail is drawn by /r at the same address. */
export function generateStaticParams(): Params[] {
  const { dataset, plan } = siteData();
  return atLeastOne(
    dataset.records.filter((r) => plan.prerendered.has(r.id)).map((r) => ({ ...repoParams(r.repo), slug: r.slug })),
    { owner: "none", repo: "none", slug: "none" },
  );
}

function repoParams(repo: string): Pick<Params, "owner" | "repo"> {
  const { owner, name } = splitRepo(repo);
  return { owner, repo: name };
}

async function recordFor(params: Promise<Params>) {
  const { owner, repo, slug } = await params;
  const { byPermalink } = siteData().index;
  return (
    byPermalink.get(permalinkKey(owner, repo, slug)) ??
    byPermalink.get(permalinkKey(decodeParam(owner), decodeParam(repo), decodeParam(slug)))
  );
}

/**
 * Share metadata for unfurlers (Open Graph, Twitter card), all URLs absolute.
 * Next writes these tags near the top of <head>, well inside the first 32 KB
 * chat unfurlers read (e2e/share.spec.ts checks the offset).
 */
export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const r = await recordFor(params);
  if (!r) return {};
  const title = shareTitle(r);
  // The page's own description is what the error means; the share cards add the first fix.
  const description = clip(r.documentation || `${r.errorClass} raised in ${r.repo} (${r.filePath}).`, 300);
  const shareText = shareDescription(r);
  const url = absoluteUrl(recordPath(r), site.url);
  const image = {
    url: absoluteUrl(shareImagePath(r.id), site.url),
    ...SHARE_IMAGE_SIZE,
    alt: `${r.errorClass} in ${r.repo}`,
    type: "image/png",
  };
  const fix = firstSolution(r.solutions);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description: shareText, url, type: "article", siteName: site.name, images: [image] },
    twitter: { card: "summary_large_image", title, description: shareText, images: [image] },
    other: {
      "twitter:label1": fix ? "Fix" : "Severity",
      "twitter:data1": fix ? clip(fix, 120) : r.severity,
      "twitter:label2": "Repository",
      "twitter:data2": r.repo,
    },
  };
}

/** The browser chrome takes the colour of the error's severity. */
export async function generateViewport({ params }: { params: Promise<Params> }): Promise<Viewport> {
  const r = await recordFor(params);
  return r ? { themeColor: severityColor(r.severity) } : {};
}

export default async function RecordPage({ params }: { params: Promise<Params> }) {
  const r = await recordFor(params);
  if (!r) notFound();
  const { dataset, index } = siteData();
  return (
    <RecordView
      record={r}
      datasetVersion={dataset.versionOf.get(r.id)}
      siteUrl={site.configuredUrl}
      neighbours={neighboursOf(index, r)}
      code={highlightedCode}
      feedback={{ datasetRepo: datasetRepo(), baseUrl: site.url }}
    />
  );
}
