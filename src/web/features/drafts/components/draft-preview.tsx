import { useQuery } from "@tanstack/react-query";
import { useBlocker } from "@tanstack/react-router";
import Archive from "lucide-react/icons/archive";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import FileInput from "lucide-react/icons/file-input";
import FileText from "lucide-react/icons/file-text";
import GitCompareArrows from "lucide-react/icons/git-compare-arrows";
import PencilLine from "lucide-react/icons/pencil-line";
import RefreshCw from "lucide-react/icons/refresh-cw";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import { lazy, Suspense, useState } from "react";
import { isAppError } from "#shared/errors.ts";
import type { Draft } from "#shared/schemas/draft.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { draftOptions } from "../api/draft-queries.ts";
import {
  useDiscardDraft,
  useRegenerateDraft,
  useUpdateDraft,
} from "../hooks/use-draft-mutations.ts";
import { draftClipboard } from "../lib/draft-html.ts";
import { formatDateTime, formatSize, relativeTime } from "../lib/format.ts";
import { CompareDialog } from "./compare-dialog.tsx";
import { DossierDocumentLink } from "./dossier-link.tsx";
import type { DraftEditorProps } from "./draft-editor.tsx";
import { DraftProse } from "./draft-prose.tsx";
import { DraftStatusBadge } from "./draft-status-badge.tsx";
import { SaveToDossierDialog } from "./save-to-dossier-dialog.tsx";

/** The editor and its extensions: two chunks fetched together on the first Edit. */
const DraftEditor = lazy(async () => {
  const [editor, kit] = await Promise.all([
    import("./draft-editor.tsx"),
    import("./editor-kit.ts"),
  ]);
  const Editor = editor.default;
  return {
    default: (props: Omit<DraftEditorProps, "extensions">) => (
      <Editor {...props} extensions={kit.draftExtensions} />
    ),
  };
});

type DialogKind = "compare" | "save" | "regenerate" | "discard" | null;

interface Editing {
  baseVersion: number;
  startTitle: string;
  startHtml: string;
  title: string;
  html: string;
  /** Bumped to remount the editor with other content (reloading the latest version). */
  key: number;
}

const LEAVE_QUESTION = "You have unsaved changes to this draft. Leave without saving them?";

/** The right pane: the open draft, its actions and, on Edit, the editor. */
export function DraftPreview({
  draftId,
  onBack,
  onGone,
}: {
  draftId: string;
  onBack: () => void;
  onGone: () => void;
}) {
  const query = useQuery(draftOptions(draftId));
  const draft = query.data;
  const update = useUpdateDraft();
  const regenerate = useRegenerateDraft();
  const discard = useDiscardDraft();
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const dirty =
    editing !== null &&
    (editing.html !== editing.startHtml || editing.title !== editing.startTitle);
  // Never lose the member's text: leaving the draft (another draft, another page, closing the tab) asks first.
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(LEAVE_QUESTION),
    enableBeforeUnload: () => dirty,
  });

  if (query.error) {
    return (
      <PaneMessage title="Could not load this draft" detail={query.error.message}>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </PaneMessage>
    );
  }
  if (draft === undefined) return <PreviewSkeleton />;
  if (draft === null) {
    return (
      <PaneMessage
        title="This draft is not available"
        detail="It may have been removed, or it belongs to someone else."
      >
        <Button size="sm" variant="outline" onClick={onBack}>
          Back to the list
        </Button>
      </PaneMessage>
    );
  }

  const editable = (draft.status === "ready" || draft.status === "failed") && !draft.fileName;
  const canRegenerate =
    Boolean(draft.moduleId && draft.executionId) &&
    (draft.status === "ready" || draft.status === "failed");
  const canSave =
    draft.status === "ready" ||
    (draft.status === "failed" && Boolean(draft.content || draft.fileName));
  const canDiscard = draft.status !== "saved" && draft.status !== "discarded";
  const changedMeanwhile = editing !== null && draft.version !== editing.baseVersion;

  const startEditing = () => {
    setConflict(null);
    setSaveError(null);
    setEditing({
      baseVersion: draft.version,
      startTitle: draft.title,
      startHtml: draft.content,
      title: draft.title,
      html: draft.content,
      key: Date.now(),
    });
  };
  const saveEdit = async () => {
    if (!editing) return;
    setSaveError(null);
    const title = editing.title.trim();
    try {
      await update.mutateAsync({
        draftId: draft._id,
        baseVersion: editing.baseVersion,
        ...(title !== editing.startTitle ? { title } : {}),
        ...(editing.html !== editing.startHtml ? { content: editing.html } : {}),
      });
      setEditing(null);
      setConflict(null);
      toast({
        title: "Draft saved",
        description: "Your changes are the draft's new version.",
        variant: "success",
      });
    } catch (error) {
      if (isAppError(error) && error.code === "CONFLICT") setConflict(error.message);
      else setSaveError(error instanceof Error ? error.message : String(error));
    }
  };
  const reloadLatest = () => {
    if (
      !window.confirm(
        "Replace your text with the latest version of the draft? Copy your text first if you want to keep it.",
      )
    )
      return;
    setConflict(null);
    setEditing({
      baseVersion: draft.version,
      startTitle: draft.title,
      startHtml: draft.content,
      title: draft.title,
      html: draft.content,
      key: Date.now(),
    });
  };
  const copyMine = async () => {
    if (!editing) return;
    const { html, text } = draftClipboard(editing.html);
    try {
      if (typeof ClipboardItem !== "undefined") {
        await navigator.clipboard.write([
          new ClipboardItem({
            "text/html": new Blob([html], { type: "text/html" }),
            "text/plain": new Blob([text], { type: "text/plain" }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(text);
      }
      toast({
        title: "Your text is copied",
        description: "Paste it wherever you need it.",
        variant: "success",
      });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the text in the editor and copy it yourself.",
        variant: "error",
      });
    }
  };

  return (
    <article
      className="flex min-h-0 flex-col lg:h-full"
      aria-label={draft.title}
      data-testid="draft-preview"
      data-version={draft.version}
    >
      <header className="flex flex-col gap-3 border-b px-5 py-4 sm:px-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 flex-1">
            <button
              type="button"
              onClick={onBack}
              className="mb-2 inline-flex items-center gap-1 text-[12.5px] text-muted-foreground hover:text-foreground lg:hidden"
            >
              <ArrowLeft aria-hidden="true" className="size-3.5" /> All drafts
            </button>
            {editing ? (
              <Input
                value={editing.title}
                onChange={(e) => setEditing({ ...editing, title: e.target.value })}
                aria-label="Title"
                maxLength={200}
                className="h-9 font-semibold text-lg"
                data-testid="draft-title-input"
              />
            ) : (
              <h2
                className="truncate font-semibold text-xl tracking-tight"
                data-testid="draft-title"
              >
                {draft.title}
              </h2>
            )}
            <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-[12.5px] text-muted-foreground">
              <DraftStatusBadge status={draft.status} />
              <span>{draft.moduleName ?? "Draft"}</span>
              <span aria-hidden="true">·</span>
              <span data-testid="draft-version">Version {draft.version}</span>
              <span aria-hidden="true">·</span>
              <time
                dateTime={new Date(draft.updatedAt).toISOString()}
                title={formatDateTime(draft.updatedAt)}
              >
                Updated {relativeTime(draft.updatedAt)}
              </time>
            </div>
          </div>
          {editing ? (
            <div className="flex shrink-0 items-center gap-2">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  if (!dirty || window.confirm("Discard your changes to this draft?")) {
                    setEditing(null);
                    setConflict(null);
                  }
                }}
                data-testid="draft-edit-cancel"
              >
                Cancel
              </Button>
              <Button
                size="sm"
                onClick={() => void saveEdit()}
                disabled={update.isPending || !editing.title.trim() || !dirty}
                data-testid="draft-edit-save"
              >
                {update.isPending ? <Spinner /> : null}
                Save changes
              </Button>
            </div>
          ) : (
            <div className="flex shrink-0 items-center gap-1.5">
              {draft.hasPreviousVersion ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setDialog("compare")}
                  data-testid="draft-compare-button"
                >
                  <GitCompareArrows aria-hidden="true" />
                  <span className="hidden sm:inline">Compare</span>
                </Button>
              ) : null}
              {editable ? (
                <Button variant="outline" size="sm" onClick={startEditing} data-testid="draft-edit">
                  <PencilLine aria-hidden="true" />
                  Edit
                </Button>
              ) : null}
              {canSave ? (
                <Button
                  size="sm"
                  onClick={() => setDialog("save")}
                  data-testid="draft-save-to-dossier"
                >
                  <FileInput aria-hidden="true" />
                  <span className="hidden sm:inline">Save to dossier</span>
                  <span className="sm:hidden">Save</span>
                </Button>
              ) : null}
              {canRegenerate || canDiscard ? (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label="More actions"
                      data-testid="draft-more"
                    >
                      <MoreHorizontal aria-hidden="true" />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    {canRegenerate ? (
                      <DropdownMenuItem
                        onSelect={() => setDialog("regenerate")}
                        data-testid="draft-regenerate"
                      >
                        <RefreshCw aria-hidden="true" /> Regenerate
                      </DropdownMenuItem>
                    ) : null}
                    {canDiscard ? (
                      <DropdownMenuItem
                        onSelect={() => setDialog("discard")}
                        data-testid="draft-discard"
                        className="text-destructive focus:text-destructive"
                      >
                        <Archive aria-hidden="true" /> Discard
                      </DropdownMenuItem>
                    ) : null}
                  </DropdownMenuContent>
                </DropdownMenu>
              ) : null}
            </div>
          )}
        </div>
      </header>

      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-8">
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {draft.status === "pending" ? (
            <div
              className="flex items-center gap-2.5 rounded-lg border border-primary/25 bg-primary/[0.07] px-4 py-2.5 text-sm"
              role="status"
              data-testid="draft-generating"
            >
              <Spinner className="text-primary" />
              <span>Generating… the text appears here as it is written.</span>
            </div>
          ) : null}
          {draft.status === "failed" ? (
            <Alert variant="error" title="The run did not finish">
              {draft.error ?? "The module could not write this draft."}{" "}
              {canRegenerate ? "You can regenerate it." : null}
            </Alert>
          ) : null}
          {draft.status === "saved" && draft.savedDocumentId ? (
            <div
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-muted/40 px-4 py-2.5 text-sm"
              data-testid="draft-saved"
            >
              <span>This draft is saved in the dossier.</span>
              <SavedLink documentId={draft.savedDocumentId} />
            </div>
          ) : null}
          {draft.status === "discarded" ? (
            <Alert variant="info">This draft was discarded. It stays here for reference.</Alert>
          ) : null}
          {editing && (conflict || changedMeanwhile) ? (
            <div
              role="alert"
              data-testid="draft-conflict"
              className="flex flex-col gap-2.5 rounded-lg border border-warning/30 bg-warning/[0.08] px-4 py-3 text-sm"
            >
              <p className="font-medium">This draft changed while you were editing</p>
              <p className="text-muted-foreground">
                {conflict ??
                  `It is now at version ${draft.version}; you started from version ${editing.baseVersion}.`}{" "}
                Your text is still here.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void copyMine()}
                  data-testid="draft-conflict-copy"
                >
                  <Copy aria-hidden="true" /> Copy my text
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={reloadLatest}
                  data-testid="draft-conflict-reload"
                >
                  <RotateCcw aria-hidden="true" /> Load the latest version
                </Button>
              </div>
            </div>
          ) : null}
          {saveError ? <Alert variant="error">{saveError}</Alert> : null}

          {editing ? (
            <Suspense fallback={<EditorLoading />}>
              <DraftEditor
                key={editing.key}
                initialHtml={editing.html}
                onChange={(html) => setEditing((e) => (e ? { ...e, html } : e))}
                disabled={update.isPending}
              />
            </Suspense>
          ) : draft.fileName ? (
            <FileResult draft={draft} />
          ) : draft.content ? (
            <DraftProse
              html={draft.content}
              className={cn(
                draft.status === "pending" &&
                  "after:ml-0.5 after:inline-block after:h-4 after:w-1.5 after:animate-pulse after:bg-primary/70 after:align-middle after:content-['']",
              )}
            />
          ) : draft.status === "pending" ? (
            <div className="flex flex-col gap-2.5" aria-hidden="true">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-5/6" />
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">This draft has no text.</p>
          )}

          {draft.citations.length > 0 && !editing ? (
            <section
              aria-labelledby="draft-sources"
              className="mt-4 border-t pt-4"
              data-testid="draft-citations"
            >
              <h3
                id="draft-sources"
                className="mb-2 font-semibold text-[13px] text-muted-foreground uppercase tracking-wide"
              >
                Sources
              </h3>
              <ol className="flex flex-col gap-2">
                {draft.citations.map((c) => (
                  <li key={`${c.n}-${c.documentId}`} className="flex gap-2.5 text-[13px]">
                    <span className="mt-px flex size-5 shrink-0 items-center justify-center rounded-full bg-primary/15 font-medium text-[11px] text-primary">
                      {c.n}
                    </span>
                    <div className="min-w-0">
                      <DossierDocumentLink
                        documentId={c.documentId}
                        folderId={null}
                        className="font-medium hover:underline"
                      >
                        {c.documentName || "Document"}
                      </DossierDocumentLink>
                      {c.quote ? (
                        <p className="mt-0.5 text-muted-foreground italic leading-snug">
                          “{c.quote}”
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      </div>

      {dialog === "compare" ? (
        <CompareDialog draft={draft} onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
      {dialog === "save" ? (
        <SaveToDossierDialog draft={draft} onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
      {dialog === "regenerate" ? (
        <ConfirmDialog
          title="Regenerate this draft?"
          description={`${draft.moduleName ?? "The module"} runs again with the same inputs. Its result becomes version ${draft.version + 1}; the current text stays in the version history.`}
          confirmLabel="Regenerate"
          testId="draft-regenerate-dialog"
          onOpenChange={(open) => !open && setDialog(null)}
          onConfirm={async () => {
            await regenerate.mutateAsync({ draftId: draft._id });
          }}
        />
      ) : null}
      {dialog === "discard" ? (
        <ConfirmDialog
          title="Discard this draft?"
          description="It leaves your list of drafts. You can still find it under the Discarded status."
          confirmLabel="Discard"
          destructive
          testId="draft-discard-dialog"
          onOpenChange={(open) => !open && setDialog(null)}
          onConfirm={async () => {
            await discard.mutateAsync({ draftId: draft._id });
            toast({ title: "Draft discarded", description: `“${draft.title}” was put aside.` });
            onGone();
          }}
        />
      ) : null}
    </article>
  );
}

function SavedLink({ documentId }: { documentId: string }) {
  return (
    <DossierDocumentLink
      documentId={documentId}
      folderId={null}
      className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
      testId="draft-saved-link"
    >
      <FileText aria-hidden="true" className="size-4" /> Open in dossier
    </DossierDocumentLink>
  );
}

function FileResult({ draft }: { draft: Draft }) {
  return (
    <div
      className="flex items-center gap-4 rounded-xl border bg-card/60 p-4"
      data-testid="draft-file"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <FileText aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{draft.fileName}</p>
        <p className="text-[12.5px] text-muted-foreground">
          {[draft.fileMimeType, draft.fileSize !== null ? formatSize(draft.fileSize) : null]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <Button variant="outline" size="sm" asChild>
        <a
          href={`/api/drafts/${encodeURIComponent(draft._id)}/file`}
          download={draft.fileName ?? undefined}
        >
          <Download aria-hidden="true" /> Download
        </a>
      </Button>
    </div>
  );
}

function EditorLoading() {
  return (
    <div className="flex min-h-[24rem] items-center justify-center rounded-lg border" role="status">
      <Spinner label="Loading the editor" />
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-6" aria-hidden="true">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-1/3" />
      <div className="mt-6 flex flex-col gap-2.5">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

function PaneMessage({
  title,
  detail,
  children,
}: {
  title: string;
  detail: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex h-full min-h-[20rem] flex-col items-center justify-center px-6 py-14 text-center">
      <p className="font-medium text-sm">{title}</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{detail}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}
