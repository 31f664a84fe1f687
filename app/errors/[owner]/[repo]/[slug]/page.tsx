import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { atLeastOne, siteData } from "@/components/site-data";
import { site } from "@/components/site";
import { RecordView } from "@/components/record/record-view";
import { decodeParam, truncate } from "@/components/ui/format";
import { permalinkKey, splitRepo } from "@/lib/site-index";
import { absoluteUrl, recordPath } from "@/lib/permalink";

type Params = { owner: string; repo: string; slug: string };

export const dynamicParams = false;

/** One page per record. */
export function generateStaticParams(): Params[] {
  return atLeastOne(
    siteData().dataset.records.map((r) => ({ ...repoParams(r.repo), slug: r.slug })),
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
  return byPermalink.get(permalinkKey(owner, repo, slug)) ?? byPermalink.get(permalinkKey(decodeParam(owner), decodeParam(repo), decodeParam(slug)));
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const r = await recordFor(params);
  if (!r) return {};
  const title = truncate(`${r.errorClass}: ${r.errorMessage}`, 150);
  const description = truncate(r.documentation || `${r.errorClass} raised in ${r.repo} (${r.filePath}).`, 300);
  const url = absoluteUrl(recordPath(r), site.url);
  return {
    title,
    description,
    alternates: { canonical: url },
    openGraph: { title, description, url, type: "article" },
  };
}

export default async function RecordPage({ params }: { params: Promise<Params> }) {
  const r = await recordFor(params);
  if (!r) notFound();
  const { dataset } = siteData();
  return <RecordView record={r} datasetVersion={dataset.versionOf.get(r.id)} siteUrl={site.configuredUrl} />;
}
