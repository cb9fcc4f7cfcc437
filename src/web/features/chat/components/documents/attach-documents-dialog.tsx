import { useQuery } from "@tanstack/react-query";
import { Check, FolderOpen, Search } from "lucide-react";
import { useMemo, useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { Button } from "../../../../components/ui/button.tsx";
import { cn } from "../../../../components/ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.tsx";
import { Input } from "../../../../components/ui/input.tsx";
import { Skeleton } from "../../../../components/ui/skeleton.tsx";
import { folderLabels } from "../../../../lib/folder-names.ts";
import { allFoldersOptions } from "../../../../lib/shared-queries.ts";
import { useDebouncedValue } from "../../../../lib/use-debounced-value.ts";
import { attachListOptions, attachSearchOptions } from "../../api/attach-queries.ts";
import { DocumentIcon } from "./document-icon.tsx";

interface AttachDocumentsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Already attached: shown checked, not offered again. */
  attachedIds: ReadonlySet<string>;
  onAttach: (documents: DocumentSummary[]) => void;
}

const TOP_LEVEL = "";

interface Row {
  document: DocumentSummary;
  snippet?: string;
}

/**
 * Pick documents from the dossier for the conversation: search them (full
 * text) or browse a folder; several at once.
 */
export function AttachDocumentsDialog({
  open,
  onOpenChange,
  attachedIds,
  onAttach,
}: AttachDocumentsDialogProps) {
  const [query, setQuery] = useState("");
  const [folderId, setFolderId] = useState(TOP_LEVEL);
  const [picked, setPicked] = useState<Map<string, DocumentSummary>>(new Map());
  const search = useDebouncedValue(query.trim(), 250);

  const folders = useQuery({ ...allFoldersOptions(), enabled: open });
  const labels = useMemo(() => folderLabels(folders.data ?? []), [folders.data]);
  const listing = useQuery({ ...attachListOptions(folderId || null), enabled: open && !search });
  const results = useQuery({
    ...attachSearchOptions(search, folderId || null),
    enabled: open && search !== "",
  });

  const active = search ? results : listing;
  const rows: Row[] | undefined = search
    ? results.data?.page.map((r) => ({ document: r.document, snippet: r.passages[0]?.text }))
    : listing.data?.page.map((document) => ({ document }));

  const toggle = (document: DocumentSummary) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(document._id)) next.delete(document._id);
      else next.set(document._id, document);
      return next;
    });
  };

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setPicked(new Map());
      setQuery("");
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl gap-0 p-0" data-testid="attach-dialog">
        <DialogHeader className="px-6 pt-6 pb-4">
          <DialogTitle>Attach documents</DialogTitle>
          <DialogDescription>
            The assistant reads and cites the documents you attach to this conversation.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 border-y bg-muted/20 px-6 py-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search your documents…"
              aria-label="Search documents"
              className="pl-8"
              data-testid="attach-search"
            />
          </div>
          <label className="relative sm:w-48">
            <span className="sr-only">Folder</span>
            <FolderOpen
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <select
              value={folderId}
              onChange={(event) => setFolderId(event.target.value)}
              className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background/40 pr-3 pl-8 text-sm outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
              data-testid="attach-folder"
            >
              <option value={TOP_LEVEL}>{search ? "All folders" : "Top level"}</option>
              {folders.data?.map((folder) => (
                <option key={folder._id} value={folder._id}>
                  {labels.get(folder._id) || folder.path}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div
          className="h-80 overflow-x-hidden overflow-y-auto px-3 py-2"
          data-testid="attach-results"
        >
          {active.error ? (
            <p className="px-3 py-10 text-center text-destructive text-sm" role="alert">
              {active.error.message}
            </p>
          ) : !rows ? (
            <div className="grid gap-2 p-2">
              {["a", "b", "c", "d", "e"].map((key) => (
                <Skeleton key={key} className="h-11 w-full" />
              ))}
            </div>
          ) : rows.length === 0 ? (
            <p className="px-3 py-14 text-center text-muted-foreground text-sm">
              {search
                ? `No documents match “${search}”.`
                : "No documents here yet. Upload some in the dossier first."}
            </p>
          ) : (
            <ul className="grid grid-cols-1 gap-0.5">
              {rows.map(({ document, snippet }) => {
                const attached = attachedIds.has(document._id);
                const checked = attached || picked.has(document._id);
                return (
                  <li key={document._id} className="min-w-0">
                    <label
                      data-testid={`attach-option-${document._id}`}
                      className={cn(
                        "relative flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left transition-colors",
                        "hover:bg-accent has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
                        attached && "cursor-default opacity-60 hover:bg-transparent",
                        checked && !attached && "bg-primary/[0.08] hover:bg-primary/[0.12]",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        disabled={attached}
                        onChange={() => toggle(document)}
                      />
                      <DocumentIcon fileType={document.fileType} />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-[13px]">
                          {document.title || document.name}
                        </span>
                        <span className="block truncate text-[12px] text-muted-foreground">
                          {attached ? "Already attached" : snippet || statusText(document)}
                        </span>
                      </span>
                      <span
                        aria-hidden="true"
                        className={cn(
                          "flex size-4.5 shrink-0 items-center justify-center rounded border",
                          checked && "border-primary bg-primary text-primary-foreground",
                        )}
                      >
                        {checked ? <Check className="size-3" /> : null}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <DialogFooter className="mt-0 items-center border-t px-6 py-4">
          <p className="mr-auto text-muted-foreground text-xs">
            {picked.size > 0 ? `${picked.size} selected` : "Select one or more documents"}
          </p>
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={picked.size === 0}
            onClick={() => {
              onAttach([...picked.values()]);
              close(false);
            }}
            data-testid="attach-confirm"
          >
            {picked.size > 1 ? `Attach ${picked.size} documents` : "Attach"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function statusText(document: DocumentSummary): string {
  if (document.processingStatus === "completed") return document.summary?.slice(0, 140) || "Ready";
  if (document.processingStatus === "failed")
    return "Processing failed: the assistant cannot read it";
  return "Still processing…";
}
