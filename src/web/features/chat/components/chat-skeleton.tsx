import { Skeleton } from "../../../components/ui/skeleton.tsx";

/** The conversation's loading state: a header, a few messages and the message box. */
export function ChatSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the conversation"
      data-testid="chat-skeleton"
      className="flex h-dvh flex-col md:h-[calc(100dvh-1rem)]"
    >
      <div className="flex h-14 shrink-0 items-center border-b px-5">
        <Skeleton className="h-5 w-48" />
      </div>
      <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-8 overflow-hidden px-6 pt-8">
        <Skeleton className="ml-auto h-11 w-2/5 rounded-2xl" />
        <div className="flex gap-3.5">
          <Skeleton className="size-7 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-2.5">
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        </div>
        <Skeleton className="ml-auto h-11 w-1/3 rounded-2xl" />
        <div className="flex gap-3.5">
          <Skeleton className="size-7 shrink-0 rounded-lg" />
          <div className="grid flex-1 gap-2.5">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-5 md:px-6">
        <Skeleton className="h-[6.5rem] w-full rounded-2xl" />
      </div>
    </div>
  );
}
