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
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="currentColor">
          <path d="M0 6.75C0 5.78.78 5 1.75 5h1.5a.75.75 0 0 1 0 1.5h-1.5a.25.25 0 0 0-.25.25v7.5c0 .14.11.25.25.25h7.5a.25.25 0 0 0 .25-.25v-1.5a.75.75 0 0 1 1.5 0v1.5A1.75 1.75 0 0 1 9.25 16h-7.5A1.75 1.75 0 0 1 0 14.25ZM5 1.75C5 .78 5.78 0 6.75 0h7.5C15.22 0 16 .78 16 1.75v7.5A1.75 1.75 0 0 1 14.25 11h-7.5A1.75 1.75 0 0 1 5 9.25Zm1.75-.25a.25.25 0 0 0-.25.25v7.5c0 .14.11.25.25.25h7.5a.25.25 0 0 0 .25-.25v-7.5a.25.25 0 0 0-.25-.25Z" />
        </svg>
        {label}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-muted">
        {status}
      </span>
    </span>
  );
}
