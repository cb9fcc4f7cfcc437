import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * A step's output: model and automation text is untrusted, so it is rendered
 * as Markdown without any raw HTML (react-markdown never renders HTML it
 * finds) and links open only http(s) addresses (in a new tab) and this app's own pages.
 */
export function StepOutput({ text }: { text: string }) {
  return (
    <div className="prose-workflow max-w-none text-sm leading-relaxed [&_h1]:mt-3 [&_h1]:font-semibold [&_h1]:text-base [&_h2]:mt-3 [&_h2]:font-semibold [&_h2]:text-[15px] [&_h3]:mt-2 [&_h3]:font-medium [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_table]:my-2 [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={(url) => (/^(https?:\/\/|\/[^/\\])/i.test(url) ? url : "")}
        components={{
          a: ({ href, children }) => (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-primary underline"
            >
              {children}
            </a>
          ),
          img: () => null,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
