import { useQuery } from "@tanstack/react-query";
import Check from "lucide-react/icons/check";
import ChevronDown from "lucide-react/icons/chevron-down";
import Files from "lucide-react/icons/files";
import FolderInput from "lucide-react/icons/folder-input";
import Plus from "lucide-react/icons/plus";
import Search from "lucide-react/icons/search";
import { type FormEvent, useEffect, useState } from "react";
import { TABLE_LIMITS } from "#shared/schemas/review-table.ts";
import {
  DocumentPickerDialog,
  type PickedDocument,
} from "../../../components/document-picker-dialog.tsx";
import { FolderPicker } from "../../../components/folder-picker.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { SearchInput } from "../../../components/ui/search-input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { allFoldersOptions } from "../../../lib/shared-queries.ts";
import { documentSearchOptions } from "../api/detail-queries.ts";
import { useAddDocuments, useAddFolder } from "../hooks/use-table-mutations.ts";

type Source = "files" | "folder" | "search" | null;

const NO_DOCUMENTS: PickedDocument[] = [];

function reportAdded({ added, skipped }: { added: number; skipped: number }) {
  toast({
    title:
      added === 0
        ? "No new documents"
        : `Added ${added.toLocaleString("en")} document${added === 1 ? "" : "s"}`,
    description:
      skipped > 0
        ? `${skipped.toLocaleString("en")} ${skipped === 1 ? "was" : "were"} already in the table or not readable.`
        : undefined,
    variant: added > 0 ? "success" : "default",
  });
}

/** "Add documents": chosen files, a whole folder, or the hits of a search. */
export function AddDocumentsMenu({ tableId }: { tableId: string }) {
  const [source, setSource] = useState<Source>(null);
  const addDocuments = useAddDocuments();
  const close = (open: boolean) => !open && setSource(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" data-testid="add-documents">
            <Plus aria-hidden="true" />
            Add documents
            <ChevronDown aria-hidden="true" className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuItem onSelect={() => setSource("files")} data-testid="add-files">
            <Files aria-hidden="true" />
            Choose documents…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSource("folder")} data-testid="add-folder">
            <FolderInput aria-hidden="true" />A whole folder…
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSource("search")} data-testid="add-search">
            <Search aria-hidden="true" />
            From a search…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DocumentPickerDialog
        open={source === "files"}
        onOpenChange={close}
        title="Add documents as rows"
        chosen={NO_DOCUMENTS}
        max={TABLE_LIMITS.addBatchMax}
        onChoose={(documents) => {
          if (documents.length === 0) return;
          addDocuments.mutate(
            { tableId, documentIds: documents.map((d) => d._id) },
            {
              onSuccess: reportAdded,
              onError: (error) =>
                toast({
                  title: "Could not add documents",
                  description: error.message,
                  variant: "error",
                }),
            },
          );
        }}
      />
      <FolderDialog tableId={tableId} open={source === "folder"} onOpenChange={close} />
      <SearchDialog tableId={tableId} open={source === "search"} onOpenChange={close} />
    </>
  );
}

function FolderDialog({
  tableId,
  open,
  onOpenChange,
}: {
  tableId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const folders = useQuery({ ...allFoldersOptions(), enabled: open });
  const [folderId, setFolderId] = useState<string | null>(null);
  const [includeSubfolders, setIncludeSubfolders] = useState(true);
  const addFolder = useAddFolder();
  useEffect(() => {
    if (open) addFolder.reset();
  }, [open, addFolder.reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!folderId) return;
    const result = await addFolder
      .mutateAsync({ tableId, folderId, includeSubfolders })
      .catch(() => null);
    if (!result) return;
    reportAdded(result);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-folder-dialog" aria-describedby="add-folder-description">
        <DialogHeader>
          <DialogTitle>Add a folder</DialogTitle>
          <DialogDescription id="add-folder-description">
            Every document of the folder you can read becomes a row. Documents already in the table
            are skipped.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          {folders.data ? (
            <FolderPicker
              folders={folders.data}
              value={folderId}
              onChange={setFolderId}
              label="Folder to add"
            />
          ) : (
            <div className="flex justify-center py-6">
              <Spinner label="Loading folders" />
            </div>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={includeSubfolders}
              onChange={(event) => setIncludeSubfolders(event.target.checked)}
              data-testid="add-folder-subfolders"
              className="size-4 accent-primary"
            />
            Include subfolders
          </label>
          {addFolder.error ? <Alert variant="error">{addFolder.error.message}</Alert> : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!folderId || addFolder.isPending}
              data-testid="add-folder-submit"
            >
              {addFolder.isPending ? <Spinner /> : null}
              {folderId ? "Add the folder" : "Choose a folder"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SearchDialog({
  tableId,
  open,
  onOpenChange,
}: {
  tableId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const results = useQuery({ ...documentSearchOptions(query), enabled: open && query !== "" });
  const addDocuments = useAddDocuments();
  useEffect(() => {
    if (!open) return;
    setText("");
    setQuery("");
    setExcluded(new Set());
    addDocuments.reset();
  }, [open, addDocuments.reset]);

  const hits = results.data?.page ?? [];
  const chosen = hits.filter((hit) => !excluded.has(hit.document._id));
  const toggle = (id: string) =>
    setExcluded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const add = async () => {
    const result = await addDocuments
      .mutateAsync({ tableId, documentIds: chosen.map((hit) => hit.document._id) })
      .catch(() => null);
    if (!result) return;
    reportAdded(result);
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="add-search-dialog"
        aria-describedby="add-search-description"
        className="max-w-xl gap-0 p-0"
      >
        <DialogHeader className="px-6 pt-6 pb-4">
          <DialogTitle>Add from a search</DialogTitle>
          <DialogDescription id="add-search-description">
            Search the text of your documents, then add the hits as rows.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex gap-2 border-y bg-muted/20 px-6 py-3"
          onSubmit={(event) => {
            event.preventDefault();
            setExcluded(new Set());
            setQuery(text.trim());
          }}
        >
          <SearchInput
            wrapperClassName="flex-1"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="termination for convenience"
            aria-label="Search documents"
            autoFocus
            data-testid="add-search-input"
          />
          <Button type="submit" variant="secondary" disabled={text.trim() === ""}>
            Search
          </Button>
        </form>
        <div className="h-72 overflow-y-auto px-3 py-2" data-testid="add-search-results">
          {query === "" ? (
            <p className="px-3 py-10 text-center text-muted-foreground text-sm">
              Type words the documents contain and press Enter.
            </p>
          ) : results.error ? (
            <p className="px-3 py-10 text-center text-destructive text-sm" role="alert">
              {results.error.message}
            </p>
          ) : results.isPending ? (
            <div className="grid gap-2 p-2">
              {["a", "b", "c", "d"].map((key) => (
                <Skeleton key={key} className="h-12 w-full" />
              ))}
            </div>
          ) : hits.length === 0 ? (
            <p className="px-3 py-10 text-center text-muted-foreground text-sm">
              No document matches.
            </p>
          ) : (
            <ul className="grid gap-0.5">
              {hits.map((hit) => {
                const on = !excluded.has(hit.document._id);
                return (
                  <li key={hit.document._id}>
                    <button
                      type="button"
                      aria-pressed={on}
                      onClick={() => toggle(hit.document._id)}
                      className={cn(
                        "flex w-full items-start gap-3 rounded-md px-3 py-2 text-left outline-none transition-colors",
                        "hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring",
                      )}
                    >
                      <span
                        aria-hidden="true"
                        className={cn(
                          "mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border",
                          on && "border-primary bg-primary text-primary-foreground",
                        )}
                      >
                        {on ? <Check className="size-3" /> : null}
                      </span>
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-[13px]">
                          {hit.document.name}
                        </span>
                        <span className="line-clamp-2 text-[12px] text-muted-foreground">
                          {hit.passages[0]?.text ?? ""}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {addDocuments.error ? (
          <div className="px-6 pt-3">
            <Alert variant="error">{addDocuments.error.message}</Alert>
          </div>
        ) : null}
        <DialogFooter className="px-6 py-4">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => void add()}
            disabled={chosen.length === 0 || addDocuments.isPending}
            data-testid="add-search-submit"
          >
            {addDocuments.isPending ? <Spinner /> : null}
            Add {chosen.length > 0 ? chosen.length : ""} document{chosen.length === 1 ? "" : "s"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
