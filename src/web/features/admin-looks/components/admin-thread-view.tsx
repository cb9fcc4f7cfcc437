import { useQuery } from "@tanstack/react-query";
import Bot from "lucide-react/icons/bot";
import FileText from "lucide-react/icons/file-text";
import MessagesSquare from "lucide-react/icons/messages-square";
import Wrench from "lucide-react/icons/wrench";
import { lazy, Suspense } from "react";
import type { ChatMessage } from "#shared/schemas/chat.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { adminThreadOptions } from "../api/admin-look-queries.ts";
import { LoadError } from "./load-error.tsx";

/** The Markdown renderer in a chunk of its own (decision 016). */
const Markdown = lazy(() => import("./read-only-markdown.tsx"));

/** One thread, read-only: who, where, its documents and messages (opening it is a recorded look). */
export function AdminThreadView({ threadId }: { threadId: string }) {
  const thread = useQuery(adminThreadOptions(threadId));
  if (thread.error && !thread.data) {
    return <LoadError error={thread.error} retry={() => void thread.refetch()} />;
  }
  if (!thread.data) {
    return (
      <div className="grid gap-4 p-6" aria-busy="true">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="ml-auto h-14 w-2/3" />
        <Skeleton className="h-28 w-5/6" />
      </div>
    );
  }
  const t = thread.data;
  return (
    <article
      className="flex min-h-0 flex-col"
      data-testid="admin-thread"
      aria-labelledby="admin-thread-title"
    >
      <header className="border-b px-6 py-4">
        <h2 id="admin-thread-title" className="font-semibold text-lg leading-tight">
          {t.title}
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          {t.ownerName} <span className="text-muted-foreground/70">({t.ownerEmail})</span> ·{" "}
          {t.organizationName} · {t.messageCount} messages
          {t.modelId ? ` · ${t.modelId}` : ""}
        </p>
        {t.documents.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Attached documents">
            {t.documents.map((document) => (
              <li
                key={document._id}
                className="inline-flex items-center gap-1.5 rounded-md border bg-muted/40 px-2 py-0.5 text-[12.5px]"
              >
                <FileText aria-hidden="true" className="size-3.5 text-muted-foreground" />
                {document.name}
              </li>
            ))}
          </ul>
        ) : null}
      </header>
      <ol className="grid gap-4 px-6 py-5">
        {t.messageCount > t.messages.length ? (
          <li className="text-center text-muted-foreground text-xs">
            {t.messageCount - t.messages.length} older messages are not shown.
          </li>
        ) : null}
        {t.messages.length === 0 ? (
          <li className="flex flex-col items-center py-10 text-center text-muted-foreground text-sm">
            <MessagesSquare aria-hidden="true" className="mb-2 size-6" />
            No messages in this thread.
          </li>
        ) : null}
        {t.messages.map((message) => (
          <MessageItem key={message.id} message={message} ownerName={t.ownerName} />
        ))}
      </ol>
    </article>
  );
}

function MessageItem({ message, ownerName }: { message: ChatMessage; ownerName: string }) {
  const user = message.role === "user";
  const tools = message.parts.filter(
    (part) => part.type.startsWith("tool-") || part.type === "dynamic-tool",
  );
  return (
    <li
      data-testid="admin-message"
      data-role={message.role}
      className={cn("flex max-w-[85%] flex-col gap-1", user ? "ml-auto items-end" : "items-start")}
    >
      <span className="flex items-center gap-1.5 text-[11.5px] text-muted-foreground">
        {user ? null : <Bot aria-hidden="true" className="size-3.5" />}
        {user ? ownerName : "Assistant"} ·{" "}
        <time dateTime={new Date(message.createdAt).toISOString()}>
          {formatDateTime(message.createdAt)}
        </time>
        {message.status !== "complete" ? ` · ${message.status}` : ""}
      </span>
      {tools.length > 0 ? (
        <span className="inline-flex items-center gap-1.5 rounded-md border bg-muted/30 px-2 py-0.5 text-[12px] text-muted-foreground">
          <Wrench aria-hidden="true" className="size-3" />
          Used {tools.map((part) => part.type.replace(/^tool-/, "")).join(", ")}
        </span>
      ) : null}
      {message.content ? (
        <div
          className={cn(
            "rounded-xl border px-4 py-2.5",
            user ? "bg-primary/[0.08] border-primary/20" : "bg-card",
          )}
        >
          {user ? (
            <p className="whitespace-pre-wrap text-[14px] leading-relaxed">{message.content}</p>
          ) : (
            <Suspense
              fallback={<p className="whitespace-pre-wrap text-[14px]">{message.content}</p>}
            >
              <Markdown text={message.content} />
            </Suspense>
          )}
        </div>
      ) : null}
      {message.metadata.error ? (
        <span className="text-[12px] text-destructive">{message.metadata.error}</span>
      ) : null}
    </li>
  );
}
