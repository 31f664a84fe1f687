import type { ComponentType, DetailedHTMLProps, HTMLAttributes } from "react";
import type { IslandName } from "./registry";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "errdex-island": DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/**
 * A client component placed in a server-rendered page, marked so the browser
 * can hydrate it on its own (components/islands/hydrate.ts). Pages ship no
 * React Server Components payload and no Next router (scripts/islands.ts
 * strips them): each island's props travel in its `data-props` attribute,
 * so they must be plain JSON (strings, numbers, booleans, null, arrays,
 * objects). `name` must be the registry entry for `of`.
 */
export function Island<P extends object>({ name, of: Component, props }: { name: IslandName; of: ComponentType<P>; props: P }) {
  return (
    <errdex-island data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </errdex-island>
  );
}
