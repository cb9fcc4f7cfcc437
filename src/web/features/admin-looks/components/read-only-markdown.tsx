import ImageOff from "lucide-react/icons/image-off";
import type { ComponentProps } from "react";
import ReactMarkdown, {
  type Components,
  defaultUrlTransform,
  type ExtraProps,
} from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeExternalHref } from "../../../lib/safe-url.ts";

/**
 * A message's text as Markdown, the way the chat shows it and as safely:
 * model output and what members typed are untrusted, so raw HTML is never
 * rendered (`skipHtml`), links are http(s) or mailto only and open in a new
 * tab without referrer, and images are not fetched (their host would learn
 * that someone read the thread).
 */
function SafeLink({ href, children }: ComponentProps<"a"> & ExtraProps) {
  const safe = safeExternalHref(href);
  if (!safe) return <span>{children}</span>;
  return (
    <a
      href={safe}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-medium text-primary underline underline-offset-2"
    >
      {children}
    </a>
  );
}

function NoImage({ alt }: ComponentProps<"img"> & ExtraProps) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-md border border-dashed bg-muted/40 px-2 py-0.5 text-[12.5px] text-muted-foreground">
      <ImageOff aria-hidden="true" className="size-3.5" />
      {alt?.trim() || "Image"} (not loaded)
    </span>
  );
}

const components: Components = {
  a: SafeLink,
  img: NoImage,
  table: ({ node: _node, ...props }) => (
    <div className="my-3 overflow-x-auto rounded-lg border">
      <table className="w-full border-collapse text-[13px]" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th className="border-b bg-muted/50 px-3 py-1.5 text-left font-semibold" {...props} />
  ),
  td: ({ node: _node, ...props }) => <td className="border-b px-3 py-1.5 align-top" {...props} />,
};

const PROSE = [
  "break-words text-[14px] leading-relaxed",
  "[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-5",
  "[&_h1,&_h2,&_h3]:mt-4 [&_h1,&_h2,&_h3]:mb-2 [&_h1,&_h2,&_h3]:font-semibold",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[12.5px]",
  "[&_pre]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3",
  "[&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground",
  "[&>*:first-child]:mt-0 [&>*:last-child]:mb-0",
].join(" ");

export default function ReadOnlyMarkdown({ text }: { text: string }) {
  return (
    <div className={PROSE} data-testid="admin-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={components}
        skipHtml
        urlTransform={defaultUrlTransform}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
