"use client";

import { useLayoutEffect } from "react";

/**
 * Scrolls the snippet box (never the page) so the error line sits in its
 * middle. Renders nothing; the box keeps its size, so nothing shifts.
 */
export function SnippetFocus({ boxId, lineId }: { boxId: string; lineId: string }) {
  useLayoutEffect(() => {
    const box = document.getElementById(boxId);
    const line = document.getElementById(lineId);
    if (!box || !line || box.scrollHeight <= box.clientHeight) return;
    const top = line.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = Math.max(0, top - (box.clientHeight - line.offsetHeight) / 2);
  }, [boxId, lineId]);
  return null;
}
