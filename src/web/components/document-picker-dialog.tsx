import { useQuery } from "@tanstack/react-query";
import Check from "lucide-react/icons/check";
import FolderOpen from "lucide-react/icons/folder-open";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { pickerListOptions, pickerSearchOptions } from "../lib/document-picker-queries.ts";
import { folderLabels } from "../lib/folder-names.ts";
import { allFoldersOptions } from "../lib/shared-queries.ts";
import { useDebouncedValue } from "../lib/use-debounced-value.ts";
import { DocumentIcon } from "./document-icon.tsx";
import { Button } from "./ui/button.tsx";
import { cn } from "./ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog.tsx";
import { SearchInput } from "./ui/search-input.tsx";
import { Skeleton } from "./ui/skeleton.tsx";

export interface PickedDocument {
  _id: string;
  name: string;
}

interface DocumentPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Chosen so far: shown checked, and kept unless unchecked. */
  chosen: PickedDocument[];
  /** Most documents the input takes (chosen and picked together). */
  max: number;
  /**
   * The choice: every checked document (chosen ones left checked and new
   * picks), and the dossier summaries of the documents picked in this dialog.
   */
  onChoose: (documents: PickedDocument[], picked: DocumentSummary[]) => void;
  /** Already in use elsewhere (a chat's attachments): shown checked and disabled, not returned. */
  attachedIds?: ReadonlySet<string>;
  /** Under the title; "Choose up to {max} documents from your dossier." unless told. */
  description?: string;
  /** The confirm button's label for a count; "Use {count} documents" unless told. */
  confirmLabel?: (count: number) => string;
}

const NOTHING_ATTACHED: ReadonlySet<string> = new Set();

const TOP_LEVEL = "";

/**
 * Choose documents of the dossier (a module's input, a prompt's attachments, a review table's rows,
 * a chat's attachments): search them (full text) or browse a folder; several at once, up to the
 * input's maximum.
 */
export function DocumentPickerDialog({
  open,
  onOpenChange,
  title,
  chosen,
  max,
  onChoose,
  attachedIds = NOTHING_ATTACHED,
  description,
  confirmLabel = defaultConfirmLabel,
}: DocumentPickerDialogProps) {
  const [query, setQuery] = useState("");
  const [folderId, setFolderId] = useState(TOP_LEVEL);
  const [picked, setPicked] = useState<Map<string, PickedDocument>>(new Map());
  /** The full summaries of what was picked from the lists, for onChoose. */
  const summaries = useRef(new Map<string, DocumentSummary>());
  const search = useDebouncedValue(query.trim(), 250);

  useEffect(() => {
    if (!open) return;
    setPicked(new Map(chosen.map((d) => [d._id, d])));
    summaries.current.clear();
  }, [open, chosen]);

  const folders = useQuery({ ...allFoldersOptions(), enabled: open });
  const labels = useMemo(() => folderLabels(folders.data ?? []), [folders.data]);
  const listing = useQuery({ ...pickerListOptions(folderId || null), enabled: open && !search });
  const results = useQuery({
    ...pickerSearchOptions(search, folderId || null),
    enabled: open && search !== "",
  });
  const active = search ? results : listing;
  const rows: Array<{ document: DocumentSummary; snippet?: string }> | undefined = search
    ? results.data?.page.map((r) => ({ document: r.document, snippet: r.passages[0]?.text }))
    : listing.data?.page.map((document) => ({ document }));

  const toggle = (document: DocumentSummary) => {
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(document._id)) next.delete(document._id);
      else if (next.size < max) {
        next.set(document._id, { _id: document._id, name: document.name });
        summaries.current.set(document._id, document);
      }
      return next;
    });
  };
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setQuery("");
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl gap-0 p-0" data-testid="document-picker">
        <DialogHeader className="px-6 pt-6 pb-4">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {description ??
              `Choose up to ${max} document${max === 1 ? "" : "s"} from your dossier.`}
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2 border-y bg-muted/20 px-6 py-3 sm:flex-row">
          <SearchInput
            wrapperClassName="flex-1"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Search your documents…"
            aria-label="Search documents"
            data-testid="document-picker-search"
          />
          <label className="relative sm:w-48">
            <span className="sr-only">Folder</span>
            <FolderOpen
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <select
              value={folderId}
              onChange={(event) => setFolderId(event.target.value)}
              data-testid="document-picker-folder"
              className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background/40 pr-3 pl-8 text-sm outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
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
        <div className="h-80 overflow-x-hidden overflow-y-auto px-3 py-2">
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
                : folderId === TOP_LEVEL
                  ? "No documents at the top level. Pick a folder above, or search."
                  : "No documents in this folder."}
            </p>
          ) : (
            <ul className="grid gap-0.5">
              {rows.map(({ document, snippet }) => {
                const attached = attachedIds.has(document._id);
                const checked = attached || picked.has(document._id);
                const full = !checked && picked.size >= max;
                return (
                  <li key={document._id} className="min-w-0">
                    <label
                      data-testid={`document-option-${document._id}`}
                      className={cn(
                        "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 transition-colors",
                        "hover:bg-accent has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
                        checked && !attached && "bg-primary/[0.08] hover:bg-primary/[0.12]",
                        attached && "cursor-default opacity-60 hover:bg-transparent",
                        full && "cursor-not-allowed opacity-50 hover:bg-transparent",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        disabled={full || attached}
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
            {picked.size > 0 ? `${picked.size} of ${max} selected` : "Select one or more documents"}
          </p>
          <Button variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={picked.size === 0 && chosen.length === 0}
            onClick={() => {
              const documents = [...picked.values()];
              onChoose(
                documents,
                documents.flatMap((d) => summaries.current.get(d._id) ?? []),
              );
              close(false);
            }}
            data-testid="document-picker-confirm"
          >
            {confirmLabel(picked.size)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function defaultConfirmLabel(count: number): string {
  if (count === 0) return "Use no documents";
  return count === 1 ? "Use 1 document" : `Use ${count} documents`;
}

function statusText(document: DocumentSummary): string {
  if (document.processingStatus === "completed") return document.summary?.slice(0, 140) || "Ready";
  if (document.processingStatus === "failed") return "Processing failed: its text cannot be read";
  return "Still processing…";
}
