import type { Metadata } from "next";
import { siteData } from "@/server/site-data";
import { site } from "@/config/site";
import { TagIndex } from "@/components/tag-index";
import { absoluteUrl } from "@/lib/record/permalink";

export const metadata: Metadata = {
  title: "Tags",
  description: "Every topic tag in errdex with the number of error records that carry it.",
  alternates: { canonical: absoluteUrl("/tags", site.url) },
};

export default function TagsPage() {
  return <TagIndex tags={siteData().index.tagList} />;
}
