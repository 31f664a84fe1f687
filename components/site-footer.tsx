import { DateTime } from "./ui/date-time";
import { plural } from "./ui/format";

interface SiteFooterProps {
  datasetVersion: string;
  recordCount: number;
}

/** The bottom bar on every page: which dataset the site shows, and the privacy promise of the lookup. */
export function SiteFooter({ datasetVersion, recordCount }: SiteFooterProps) {
  return (
    <footer className="mt-12 border-t border-line bg-subtle">
      <div className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-1 px-4 py-4 text-sm text-muted">
        <p>
          {datasetVersion ? (
            <>
              Dataset version <DateTime iso={datasetVersion} />
            </>
          ) : (
            "No dataset loaded"
          )}{" "}
          · {plural(recordCount, "record")}
        </p>
        <p>Logs you paste never leave your browser.</p>
      </div>
    </footer>
  );
}
