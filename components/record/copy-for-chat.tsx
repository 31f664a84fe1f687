"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { chatMarkdown } from "@/lib/site/record-share";

interface CopyForChatProps {
  errorClass: string;
  errorMessage: string;
  /** The first solution, if the record has one. */
  solution?: string | undefined;
  /** The record's permalink path, `/errors/…`. */
  path: string;
  /** The configured absolute base URL; without it the page's own origin is used. */
  siteUrl: string | null;
}

/** Copies the record as Markdown for a chat: class and message, the first fix, the permalink (which unfurls). */
export function CopyForChat({ errorClass, errorMessage, solution, path, siteUrl }: CopyForChatProps) {
  const text = () =>
    chatMarkdown({ errorClass, errorMessage, solution }, siteUrl ? siteUrl + path : new URL(path, window.location.href).href);
  return <CopyButton text={text} label="Copy for chat" copiedMessage="Copied Markdown for chat" />;
}
