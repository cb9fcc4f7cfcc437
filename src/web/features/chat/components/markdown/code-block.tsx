import type { ComponentProps } from "react";
import type { ExtraProps } from "react-markdown";
import { CopyButton } from "../copy-button.tsx";

interface HastLike {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastLike[];
}

/** The plain text of a hast subtree (what the copy button copies). */
function textOf(node: HastLike | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function languageOf(node: HastLike | undefined): string | null {
  const code = node?.children?.find((child) => child.tagName === "code");
  const classes = code?.properties?.className;
  if (!Array.isArray(classes)) return null;
  for (const name of classes) {
    if (typeof name === "string" && name.startsWith("language-")) return name.slice(9);
  }
  return null;
}

/** A fenced code block: the language, a copy button and highlighted code. */
export function CodeBlock({ node, children }: ComponentProps<"pre"> & ExtraProps) {
  const language = languageOf(node);
  const text = textOf(node).replace(/\n$/, "");
  return (
    <div className="group/code my-4 overflow-hidden rounded-lg border bg-muted/40 dark:bg-black/25">
      <div className="flex h-9 items-center justify-between border-b bg-muted/50 pr-1.5 pl-3.5 dark:bg-white/[0.03]">
        <span className="font-mono text-[11.5px] text-muted-foreground lowercase">
          {language ?? "text"}
        </span>
        <CopyButton text={text} label="Copy code" size="sm" />
      </div>
      <pre className="overflow-x-auto px-4 py-3.5 font-mono text-[12.5px] leading-relaxed [&>code]:bg-transparent [&>code]:p-0">
        {children}
      </pre>
    </div>
  );
}
