import { useEffect } from "react";
import { deferredModule } from "../../../../lib/deferred-module.ts";

/**
 * The Markdown renderer (react-markdown, GFM, citations: about 40 kB gzipped) in a chunk of its
 * own, so a new chat opens without it (decision 016). Route loaders of a thread fetch it beside
 * the thread's data; a new chat's view fetches it once it is on screen.
 */
const markdown = deferredModule(() => import("./markdown.tsx").then((module) => module.Markdown));

export function preloadMarkdown(): Promise<void> {
  return markdown.load().then(() => undefined);
}

/** An answer's text as Markdown; as plain text for the moment the renderer is not there. */
export function LazyMarkdown({ text }: { text: string }) {
  const Markdown = markdown.useLoaded();
  useEffect(() => {
    if (Markdown) return;
    markdown
      .load()
      .catch((error: unknown) =>
        console.warn("Could not load the Markdown renderer; answers show as plain text", error),
      );
  }, [Markdown]);
  if (Markdown) return <Markdown text={text} />;
  return (
    <div className="whitespace-pre-wrap text-[14.5px] leading-[1.7]" data-testid="markdown-pending">
      {text}
    </div>
  );
}
