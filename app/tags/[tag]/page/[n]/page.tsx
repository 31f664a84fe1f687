import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { atLeastOne, siteData } from "@/server/site-data";
import { site } from "@/config/site";
import { TagView } from "@/components/tag-view";
import { pageHref } from "@/components/browse/pager";
import { absoluteUrl, tagPath } from "@/lib/record/permalink";
import { tagPageCount } from "@/lib/site/site-index";
import { decodeParam } from "@/components/ui/format";

type Params = { tag: string; n: string };

export const dynamicParams = false;

/** Pages 2..n of every tag with more than one page (page 1 is /tags/<tag>). */
export function generateStaticParams(): Params[] {
  const params = siteData().index.tagList.flatMap((t) =>
    Array.from({ length: tagPageCount(t) - 1 }, (_, i) => ({ tag: t.tag, n: String(i + 2) })),
  );
  return atLeastOne(params, { tag: "none", n: "2" });
}

/** The tag and page number, or undefined for an unknown tag or a page it does not have. */
async function pageFor(params: Promise<Params>) {
  const { tag, n } = await params;
  const { tags } = siteData().index;
  const entry = tags.get(tag) ?? tags.get(decodeParam(tag));
  const page = /^[1-9][0-9]*$/.test(n) ? Number(n) : NaN;
  return entry && page >= 2 && page <= tagPageCount(entry) ? { entry, page } : undefined;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const found = await pageFor(params);
  if (!found) return {};
  const { entry, page } = found;
  return {
    title: `Tag ${entry.tag}, page ${page}`,
    description: `Page ${page} of the ${entry.records.length} error records tagged ${entry.tag}.`,
    alternates: { canonical: absoluteUrl(pageHref(tagPath(entry.tag), page), site.url) },
  };
}

export default async function TagPageN({ params }: { params: Promise<Params> }) {
  const found = await pageFor(params);
  if (!found) notFound();
  return <TagView entry={found.entry} page={found.page} />;
}
