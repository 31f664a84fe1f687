import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { atLeastOne, siteData } from "@/server/site-data";
import { site } from "@/config/site";
import { RepoView } from "@/components/repo-view";
import { absoluteUrl, repoPath } from "@/lib/record/permalink";
import { decodeParam, plural } from "@/components/ui/format";

type Params = { owner: string; repo: string };

export const dynamicParams = false;

/** One page per repository. */
export function generateStaticParams(): Params[] {
  return atLeastOne(
    siteData().index.repoList.map((r) => ({ owner: r.owner, repo: r.name })),
    { owner: "none", repo: "none" },
  );
}

async function repoFor(params: Promise<Params>) {
  const { owner, repo } = await params;
  const { repos } = siteData().index;
  return repos.get(`${owner}/${repo}`) ?? repos.get(`${decodeParam(owner)}/${decodeParam(repo)}`);
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const entry = await repoFor(params);
  if (!entry) return {};
  return {
    title: `${entry.repo}: ${plural(entry.records.length, "known error")}`,
    description: `The errors errdex knows in ${entry.repo}, grouped by area of the codebase.`,
    alternates: { canonical: absoluteUrl(repoPath(entry.repo), site.url) },
  };
}

export default async function RepoPage({ params }: { params: Promise<Params> }) {
  const entry = await repoFor(params);
  if (!entry) notFound();
  return <RepoView entry={entry} tags={new Set(siteData().index.tags.keys())} />;
}
