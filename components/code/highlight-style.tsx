/**
 * The token-colour rules of a highlighted block. React hoists a `<style>`
 * with `href` and `precedence` into the head and emits each href once, so
 * blocks that share colours share one rule set.
 */
export function HighlightStyle({ css, cssKey }: { css: string; cssKey: string }) {
  if (!css) return null;
  return (
    <style href={`errdex-hl-${cssKey}`} precedence="default">
      {css}
    </style>
  );
}
