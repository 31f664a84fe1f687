import { parseTemplate } from "@/lib/record/message-template";

/**
 * An error message as written in the source, with each f-string placeholder
 * marked: a styled span whose title explains it and whose hidden prefix tells
 * screen readers it stands for a run-time value.
 */
export function MessageText({ message }: { message: string }) {
  return (
    <>
      {parseTemplate(message).map((s, i) =>
        s.kind === "text" ? (
          s.value
        ) : (
          <span key={i} className="ph" title={`Placeholder: the value of ${s.expr} when the error is raised`}>
            <span className="sr-only">placeholder </span>
            {`{${s.expr}}`}
          </span>
        ),
      )}
    </>
  );
}
