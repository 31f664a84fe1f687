import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_TAG, type IslandName } from "./registry";

/**
 * Hydrates every `name` island on the page with `Component` and the props
 * the server rendered it with (components/islands/island.tsx). An island
 * inside another one is left to the outer island, which draws it. Called by
 * the island's browser entry (scripts/islands.ts).
 */
export function hydrateIslands<P extends object>(name: IslandName, Component: ComponentType<P>): void {
  for (const el of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island="${name}"]`)) {
    if (el.parentElement?.closest(ISLAND_TAG)) continue;
    let props: P;
    try {
      props = JSON.parse(el.dataset.props ?? "{}") as P;
    } catch (err) {
      console.error(`errdex: the ${name} island has unreadable props`, err);
      continue;
    }
    hydrateRoot(el, createElement(Component, props));
  }
}
