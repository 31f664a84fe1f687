/** The 404 page: says what addresses errdex gives out and where to go instead. */
export function NotFoundView() {
  return (
    <div className="prose-text">
      <p className="font-mono text-sm text-muted">404</p>
      <h1 className="text-2xl font-semibold">No error record at this address</h1>
      <p className="mt-3">
        errdex has no page here. A record&apos;s permalink looks like{" "}
        <code className="chip">/errors/&lt;owner&gt;/&lt;repo&gt;/&lt;slug&gt;</code> and its short link like{" "}
        <code className="chip">/e/&lt;id&gt;</code>. Permalinks are kept when the dataset is updated, so check the address for a typo, or
        find the error again:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        <li>
          <a href="/">Paste a log on the home page</a> to find the errors it contains.
        </li>
        <li>
          <a href="/tags">Browse all tags</a>.
        </li>
        <li>
          <a href="/#repositories">Browse repositories</a>.
        </li>
      </ul>
    </div>
  );
}
