import { site } from "../config/site";
import { siteData } from "../server/site-data";
import { SearchDialog } from "./search/search-dialog";
import { Island } from "./islands/island";

/** The top bar on every page: wordmark home link, the search box and the main navigation. */
export function SiteHeader() {
  // The search files are versioned so a new dataset is never served from an old cache; fetched when the search first opens.
  const version = siteData().dataset.datasetVersion;
  return (
    <header className="border-b border-line bg-subtle">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-2.5">
        <a href="/" className="flex items-center gap-2 font-mono text-lg font-bold text-fg no-underline hover:no-underline">
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
            <rect width="20" height="20" rx="4" fill="#cf222e" />
            <path d="M6 5h8v2H8.5v2H13v2H8.5v2H14v2H6z" fill="#fff" />
          </svg>
          {site.name}
        </a>
        <Island name="search-dialog" of={SearchDialog} props={{ base: "/_errdex/", version }} />
        <nav aria-label="Main">
          <ul className="flex gap-4 text-sm font-medium">
            <li>
              <a href="/">Home</a>
            </li>
            <li>
              <a href="/tags">Tags</a>
            </li>
            <li>
              <a href="/#repositories">Repositories</a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
