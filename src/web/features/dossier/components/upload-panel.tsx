import { useQuery } from "@tanstack/react-query";
import ChevronDown from "lucide-react/icons/chevron-down";
import UploadCloud from "lucide-react/icons/cloud-upload";
import X from "lucide-react/icons/x";
import { useEffect } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { installLeaveGuard } from "../../../lib/leave-guard.ts";
import { documentsByIdOptions } from "../api/document-queries.ts";
import { type UploadItem, useUploadStore } from "../hooks/upload-store.ts";
import { UploadRow } from "./upload-row.tsx";

/** getMany takes at most 100 ids: the newest uploads are the ones worth watching. */
const WATCHED = 100;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Uploading 3 files", "Processing 2 documents", "1 of 4 uploads failed", "4 uploads complete". */
function headline(items: UploadItem[], processing: number): string {
  const active = items.filter((i) => i.status === "queued" || i.status === "uploading").length;
  const failed = items.filter((i) => i.status === "failed").length;
  if (active > 0) return `Uploading ${count(active, "file", "files")}`;
  if (processing > 0) return `Processing ${count(processing, "document", "documents")}`;
  if (failed > 0) return `${failed} of ${count(items.length, "upload", "uploads")} failed`;
  return `${count(items.length, "upload", "uploads")} complete`;
}

/**
 * The uploads of this tab: each file with its progress bar, then its
 * processing status, live, until it is ready (or why it failed).
 */
export function UploadPanel() {
  const { items, collapsed, setCollapsed, clearFinished } = useUploadStore();
  const ids = items.flatMap((item) => (item.documentId ? [item.documentId] : [])).slice(-WATCHED);
  const watched = useQuery({ ...documentsByIdOptions(ids), enabled: ids.length > 0 });
  const documents = new Map((watched.data ?? []).map((document) => [document._id, document]));
  const busy = items.some((i) => i.status === "queued" || i.status === "uploading");
  // Leaving the page would cut the uploads off: ask first (SPEC 2's warning).
  useEffect(() => (busy ? installLeaveGuard(() => true) : undefined), [busy]);
  if (items.length === 0) return null;

  const processing = items.filter((item) => {
    const status = item.documentId ? documents.get(item.documentId)?.processingStatus : undefined;
    return status === "pending" || status === "processing";
  }).length;
  const title = headline(items, processing);

  return (
    <section
      aria-label="Uploads"
      data-testid="upload-panel"
      className="fixed right-4 bottom-4 z-40 w-[min(380px,calc(100vw-2rem))] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-2xl shadow-black/30 sm:right-6 sm:bottom-6"
    >
      <header className="flex items-center gap-2.5 border-b px-4 py-3">
        <UploadCloud aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <h2
          className="min-w-0 flex-1 truncate font-medium text-sm"
          aria-live="polite"
          data-testid="upload-panel-title"
        >
          {title}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={collapsed ? "Show uploads" : "Hide uploads"}
          aria-expanded={!collapsed}
          onClick={() => setCollapsed(!collapsed)}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn("transition-transform", collapsed && "rotate-180")}
          />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label="Close the uploads panel"
          disabled={busy}
          onClick={clearFinished}
          data-testid="upload-panel-close"
        >
          <X aria-hidden="true" />
        </Button>
      </header>
      {collapsed ? null : (
        <ul className="max-h-80 divide-y overflow-y-auto">
          {items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              document={item.documentId ? documents.get(item.documentId) : undefined}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
