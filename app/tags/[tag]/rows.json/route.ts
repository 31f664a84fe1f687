import { atLeastOne, siteData } from "@/server/site-data";
import { tagPageCount, toBrowseRow } from "@/lib/site/site-index";
import { decodeParam } from "@/components/ui/format";

type Params = { tag: string };

export const dynamic = "force-static";
export const dynamicParams = false;

/** Only paginated tags need their rows as JSON: a one-page tag filters the rows already on its page. */
export function generateStaticParams(): Params[] {
  return atLeastOne(
    siteData()
      .index.tagList.filter((t) => tagPageCount(t) > 1)
      .map((t) => ({ tag: t.tag })),
    { tag: "none" },
  );
}

/** Every record of a tag as compact browse rows, in the tag's order: what the filter loads to cover all pages. */
export async function GET(_req: Request, { params }: { params: Promise<Params> }) {
  const { tag } = await params;
  const { tags } = siteData().index;
  const entry = tags.get(tag) ?? tags.get(decodeParam(tag));
  return Response.json(entry ? entry.records.map(toBrowseRow) : []);
}
