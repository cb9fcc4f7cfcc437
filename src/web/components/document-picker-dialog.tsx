import { useQuery } from "@tanstack/react-query";
import { Check, FileText, FolderOpen, Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { pickerListOptions, pickerSearchOptions } from "../lib/document-picker-queries.ts";
import { folderLabels } from "../lib/folder-names.ts";
import { allFoldersOptions } from "../lib/shared-queries.ts";
import { useDebouncedValue } from "../lib/use-debounced-value.ts";
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
import { Input } from "./ui/input.tsx";
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
  /** Most documents the input takes. */
  max: number;
  onChoose: (documents: PickedDocument[]) => void;
}

const TOP_LEVEL = "";

/**
 * Choose documents of the dossier (a module's input, a prompt's attachments): search them (full
 * text) or browse a folder; several at once, up to the input's maximum.
 */
export function DocumentPickerDialog({
  open,
  onOpenChange,
  title,
  chosen,
  max,
  onChoose,
}: DocumentPickerDialogProps) {
  const [query, setQuery] = useState("");
  const [folderId, setFolderId] = useState(TOP_LEVEL);
  const [picked, setPicked] = useState<Map<string, PickedDocument>>(new Map());
  const search = useDebouncedValue(query.trim(), 250);

  useEffect(() => {
    if (open) setPicked(new Map(chosen.map((d) => [d._id, d])));
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
      else if (next.size < max) next.set(document._id, { _id: document._id, name: document.name });
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
            Choose up to {max} document{max === 1 ? "" : "s"} from your dossier.
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
              data-testid="document-picker-search"
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
        <div className="h-80 overflow-y-auto px-3 py-2">
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
                const checked = picked.has(document._id);
                const full = !checked && picked.size >= max;
                return (
                  <li key={document._id} className="min-w-0">
                    <label
                      data-testid={`document-option-${document._id}`}
                      className={cn(
                        "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 transition-colors",
                        "hover:bg-accent has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
                        checked && "bg-primary/[0.08] hover:bg-primary/[0.12]",
                        full && "cursor-not-allowed opacity-50 hover:bg-transparent",
                      )}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={checked}
                        disabled={full}
                        onChange={() => toggle(document)}
                      />
                      <FileText
                        aria-hidden="true"
                        className="size-4 shrink-0 text-muted-foreground"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-[13px]">
                          {document.title || document.name}
                        </span>
                        <span className="block truncate text-[12px] text-muted-foreground">
                          {snippet || statusText(document)}
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
              onChoose([...picked.values()]);
              close(false);
            }}
            data-testid="document-picker-confirm"
          >
            {picked.size === 0
              ? "Use no documents"
              : picked.size === 1
                ? "Use 1 document"
                : `Use ${picked.size} documents`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function statusText(document: DocumentSummary): string {
  if (document.processingStatus === "completed") return document.summary?.slice(0, 140) || "Ready";
  if (document.processingStatus === "failed") return "Processing failed: its text cannot be read";
  return "Still processing…";
}
