import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { atLeastOne, siteData } from "@/server/site-data";
import { site } from "@/config/site";
import { TagView } from "@/components/tag-view";
import { absoluteUrl, tagPath } from "@/lib/record/permalink";
import { decodeParam, plural } from "@/components/ui/format";

type Params = { tag: string };

export const dynamicParams = false;

/** One page per tag. */
export function generateStaticParams(): Params[] {
  return atLeastOne(
    siteData().index.tagList.map((t) => ({ tag: t.tag })),
    { tag: "none" },
  );
}

async function tagFor(params: Promise<Params>) {
  const { tag } = await params;
  const { tags } = siteData().index;
  return tags.get(tag) ?? tags.get(decodeParam(tag));
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const entry = await tagFor(params);
  if (!entry) return {};
  return {
    title: `Tag ${entry.tag}`,
    description: `${plural(entry.records.length, "error record")} tagged ${entry.tag}.`,
    alternates: { canonical: absoluteUrl(tagPath(entry.tag), site.url) },
  };
}

export default async function TagPage({ params }: { params: Promise<Params> }) {
  const entry = await tagFor(params);
  if (!entry) notFound();
  return <TagView entry={entry} />;
}
