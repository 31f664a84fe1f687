import type { RepoEntry } from "@/lib/site/site-index";
import { repoPath } from "@/lib/record/permalink";
import { plural } from "./ui/format";

interface HomeViewProps {
  recordCount: number;
  repos: readonly RepoEntry[];
  tagCount: number;
  /**
   * 1 while the home page has no other h1; 2 once the log lookup above it
   * (which brings the page's h1) is in place.
   */
  headingLevel?: 1 | 2;
}

/** What errdex holds: one or two sentences, the counts, the repositories and a way to the tags. */
export function HomeView({ recordCount, repos, tagCount, headingLevel = 1 }: HomeViewProps) {
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  return (
    <>
      <section aria-labelledby="about" className={headingLevel === 1 ? "" : "mt-10"}>
        <Title id="about" className={headingLevel === 1 ? "text-2xl font-semibold" : "section-title"}>
          Known errors, explained
        </Title>
        <p className="prose-text mt-2">
          errdex is an error knowledge base for on-call and ML-infrastructure engineers: each record explains one error raised in an
          open-source project, what triggers it and how to fix it, with the source line that raises it.
        </p>
        <p className="mt-2 text-muted">
          It holds {plural(recordCount, "error record")} from {plural(repos.length, "repository", "repositories")}, under{" "}
          <a href="/tags">{plural(tagCount, "tag")}</a>.
        </p>
      </section>

      <section aria-labelledby="repositories" className="mt-8">
        <Sub id="repositories" className="section-title scroll-mt-4">
          Repositories
        </Sub>
        <ul className="rec-list">
          {repos.map((r) => (
            <li key={r.repo}>
              <a href={repoPath(r.repo)} className="font-mono">
                {r.repo}
              </a>
              <span className="text-muted">{plural(r.records.length, "record")}</span>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <a href="/tags">Browse all {plural(tagCount, "tag")}</a>
        </p>
      </section>
    </>
  );
}
