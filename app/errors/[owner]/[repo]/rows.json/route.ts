import { atLeastOne, siteData } from "@/server/site-data";
import { REPO_PAGE_ROWS, toBrowseRow } from "@/lib/site/site-index";
import { decodeParam } from "@/components/ui/format";

type Params = { owner: string; repo: string };

export const dynamic = "force-static";
export const dynamicParams = false;

/** Only a repository too big to list whole on its page needs its rows as JSON (components/repo-view). */
export function generateStaticParams(): Params[] {
  return atLeastOne(
    siteData()
      .index.repoList.filter((r) => r.records.length > REPO_PAGE_ROWS)
      .map((r) => ({ owner: r.owner, repo: r.name })),
    { owner: "none", repo: "none" },
  );
}

/** Every record of a repository as compact browse rows, area by area: what the filter loads to cover them all. */
export async function GET(_req: Request, { params }: { params: Promise<Params> }) {
  const { owner, repo } = await params;
  const { repos } = siteData().index;
  const entry = repos.get(`${owner}/${repo}`) ?? repos.get(`${decodeParam(owner)}/${decodeParam(repo)}`);
  return Response.json(entry ? entry.groups.flatMap((g) => g.records.map(toBrowseRow)) : []);
}
