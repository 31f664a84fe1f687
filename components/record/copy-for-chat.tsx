"use client";

import { CopyButton } from "@/components/ui/copy-button";
import { chatMarkdown, type ChatMatch } from "@/lib/site/chat-markdown";

interface CopyForChatProps {
  errorClass: string;
  errorMessage: string;
  /** The first solution, if the record has one. */
  solution?: string | undefined;
  /** The record's permalink path, `/errors/…`. */
  path: string;
  /** The configured absolute base URL; without it the page's own origin is used. */
  siteUrl: string | null;
  /** How it matched the pasted log, on a lookup result. */
  match?: ChatMatch | undefined;
}

/**
 * Copies the record as Markdown for a chat: class and message, how it matched
 * (on a lookup result), the first fix, the permalink (which unfurls). The
 * same Markdown as a bullet of `errdex match --format markdown`.
 */
export function CopyForChat({ errorClass, errorMessage, solution, path, siteUrl, match }: CopyForChatProps) {
  const text = () =>
    chatMarkdown({ errorClass, errorMessage, solution }, siteUrl ? siteUrl + path : new URL(path, window.location.href).href, match);
  return <CopyButton text={text} label="Copy for chat" copiedMessage="Copied Markdown for chat" />;
}
