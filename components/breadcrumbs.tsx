/** One step of a breadcrumb trail; the last step is the current page and has no link. */
export interface Crumb {
  label: string;
  href?: string;
}

/** The trail above a page's heading: a labelled nav with an ordered list. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-3">
      <ol>
        {items.map((c, i) => (
          <li key={i}>{c.href && i < items.length - 1 ? <a href={c.href}>{c.label}</a> : <span aria-current="page">{c.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
