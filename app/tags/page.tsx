import type { Metadata } from "next";
import { siteData } from "@/components/site-data";
import { site } from "@/components/site";
import { TagIndex } from "@/components/tag-index";
import { absoluteUrl } from "@/lib/permalink";

export const metadata: Metadata = {
  title: "Tags",
  description: "Every topic tag in errdex with the number of error records that carry it.",
  alternates: { canonical: absoluteUrl("/tags", site.url) },
};

export default function TagsPage() {
  return <TagIndex tags={siteData().index.tagList} />;
}
