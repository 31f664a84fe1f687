/** The address of page `n` of a list whose first page is `base`. */
export function pageHref(base: string, n: number): string {
  return n === 1 ? base : `${base}/page/${n}`;
}

/** Numbered page links (plain links: crawlable, work without JavaScript), with rel=prev/next. */
export function Pager({ base, page, pages }: { base: string; page: number; pages: number }) {
  if (pages <= 1) return null;
  const link = "inline-block min-w-8 rounded-md border border-line px-2 py-0.5 text-center";
  return (
    <nav aria-label="Pages" className="mt-4 text-sm">
      <ul className="flex flex-wrap gap-1.5">
        {page > 1 ? (
          <li>
            <a className={link} rel="prev" href={pageHref(base, page - 1)}>
              Previous
            </a>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span className={`${link} font-semibold`} aria-current="page">
                {n}
              </span>
            ) : (
              <a className={link} href={pageHref(base, n)} aria-label={`Page ${n}`}>
                {n}
              </a>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <a className={link} rel="next" href={pageHref(base, page + 1)}>
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
