"use client";

import { useEffect, useRef, useState } from "react";

interface CopyButtonProps {
  /**
   * What to copy. A site-relative path (`/errors/…`) is made absolute with the
   * page's origin. A client parent may pass a function, called on click.
   */
  text: string | (() => string);
  /** The button's label, e.g. "Copy permalink". */
  label: string;
  /** What the live region announces after a copy. */
  copiedMessage?: string;
}

/** Resolves a site-relative path against the current page; anything else is returned as is. */
function resolve(text: string): string {
  return text.startsWith("/") ? new URL(text, window.location.href).href : text;
}

/** Copies with the Clipboard API, falling back to a hidden textarea where it is unavailable (plain http). */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

/** A button that copies `text` and announces the result in a polite live region. */
export function CopyButton({ text, label, copiedMessage = "Copied" }: CopyButtonProps) {
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    clearTimeout(timer.current);
    try {
      await copyText(typeof text === "function" ? text() : resolve(text));
      setStatus(copiedMessage);
    } catch {
      setStatus("Could not copy: select the text and copy it by hand");
    }
    timer.current = setTimeout(() => setStatus(""), 4000);
  };

  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className="btn" onClick={onClick}>
        <span aria-hidden="true" className="icon-copy" />
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-muted">
        {status}
      </span>
    </span>
  );
}
