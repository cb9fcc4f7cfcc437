import { deferredModule } from "../../../../lib/deferred-module.ts";

interface HastLike {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastLike[];
}

/**
 * rehype-highlight (highlight.js with its common languages, about 50 kB gzipped) in a chunk of
 * its own, fetched the first time an answer holds code that names a language (decision 016).
 */
export const highlighter = deferredModule(() =>
  import("./highlight-plugin.ts").then(({ rehypeHighlight }) => [rehypeHighlight]),
);

/** Does the tree hold a `<pre><code class="language-x">` (what rehype-highlight colours)? */
function hasLanguageCode(node: HastLike, parent?: HastLike): boolean {
  if (node.tagName === "code" && parent?.tagName === "pre") {
    const classes = node.properties?.className;
    return (
      Array.isArray(classes) &&
      classes.some((name) => /^(lang|language)-/.test(String(name))) &&
      !classes.some((name) => name === "no-highlight" || name === "nohighlight")
    );
  }
  return (node.children ?? []).some((child) => hasLanguageCode(child, node));
}

/** Until the highlighter is there: a rehype plugin that fetches it when the code needs it. */
export function rehypeLoadHighlighter() {
  return (tree: HastLike) => {
    if (!hasLanguageCode(tree)) return;
    highlighter
      .load()
      .catch((error: unknown) =>
        console.warn("Could not load the code highlighter; code stays plain", error),
      );
  };
}
