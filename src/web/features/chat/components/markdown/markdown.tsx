import { memo } from "react";
import ReactMarkdown, { type Components, defaultUrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { cn } from "../../../../components/ui/cn.ts";
import { remarkCitations } from "../../lib/remark-citations.ts";
import { CodeBlock } from "./code-block.tsx";
import { highlighter, rehypeLoadHighlighter } from "./highlighter.ts";
import { BlockedImage, Citation, SafeLink } from "./safe-elements.tsx";
import "./markdown.css";

/**
 * Model output as Markdown: GFM (tables, task lists, strikethrough), code
 * highlighting and [n] citations. Code is coloured once the highlighter's chunk is there: it is
 * fetched with the first code block that names a language (decision 016), and the answer
 * re-renders. Model output is untrusted: raw HTML is never
 * rendered (no rehype-raw; `skipHtml` drops it), links are checked and open in
 * a new tab without referrer or opener, and images are not fetched.
 */
const components: Components = {
  a: SafeLink,
  img: BlockedImage,
  pre: CodeBlock,
  sup: Citation,
  table: ({ node: _node, className, ...props }) => (
    <div className="my-4 overflow-x-auto rounded-lg border">
      <table className={cn("w-full border-collapse text-[13px]", className)} {...props} />
    </div>
  ),
  th: ({ node: _node, className, ...props }) => (
    <th
      className={cn("border-b bg-muted/50 px-3 py-2 text-left font-semibold", className)}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td className={cn("border-b px-3 py-2 align-top", className)} {...props} />
  ),
};

const remarkPlugins = [remarkGfm, remarkCitations];
const untilHighlighted = [rehypeLoadHighlighter];

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  const rehypePlugins = highlighter.useLoaded() ?? untilHighlighted;
  return (
    <div className="chat-markdown" data-testid="markdown">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        skipHtml
        urlTransform={defaultUrlTransform}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
