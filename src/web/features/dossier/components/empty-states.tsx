import { Link } from "@tanstack/react-router";
import UploadCloud from "lucide-react/icons/cloud-upload";
import FolderPlus from "lucide-react/icons/folder-plus";
import FolderSearch from "lucide-react/icons/folder-search";
import FolderX from "lucide-react/icons/folder-x";
import SearchX from "lucide-react/icons/search-x";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";

function EmptyState({
  icon,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center justify-center px-6 py-16 text-center"
    >
      <div className="mb-5 flex size-14 items-center justify-center rounded-2xl border bg-card text-muted-foreground shadow-sm [&_svg]:size-6">
        {icon}
      </div>
      <h2 className="font-semibold text-base">{title}</h2>
      {children ? (
        <div className="mt-1.5 max-w-sm text-muted-foreground text-sm">{children}</div>
      ) : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** An empty folder says what to do, with both actions at hand. */
export function EmptyFolder({
  onUpload,
  onCreateFolder,
}: {
  onUpload: () => void;
  onCreateFolder: () => void;
}) {
  return (
    <EmptyState
      testId="empty-folder"
      icon={<UploadCloud aria-hidden="true" />}
      title="This folder is empty. Upload documents or create a folder."
      actions={
        <>
          <Button size="sm" onClick={onUpload}>
            <UploadCloud aria-hidden="true" />
            Upload documents
          </Button>
          <Button size="sm" variant="outline" onClick={onCreateFolder}>
            <FolderPlus aria-hidden="true" />
            New folder
          </Button>
        </>
      }
    >
      You can also drag files from your computer and drop them here.
    </EmptyState>
  );
}

export function NoMatches({ onClear, query }: { onClear: () => void; query?: string }) {
  return (
    <EmptyState
      testId="no-matches"
      icon={<SearchX aria-hidden="true" />}
      title={query ? `No documents match “${query}”` : "No documents match these filters"}
      actions={
        <Button size="sm" variant="outline" onClick={onClear}>
          Clear {query ? "search" : "filters"}
        </Button>
      }
    >
      {query
        ? "Search looks through the text of processed documents in this folder and its subfolders."
        : "Try another status or date range."}
    </EmptyState>
  );
}

/** /dossier/{path} that names no folder (mistyped, renamed or deleted). */
export function FolderNotFound({ path }: { path: string }) {
  return (
    <EmptyState
      testId="folder-not-found"
      icon={<FolderX aria-hidden="true" />}
      title="Folder not found"
      actions={
        <Button asChild size="sm" variant="outline">
          <Link to="/dossier">
            <FolderSearch aria-hidden="true" />
            Back to the dossier
          </Link>
        </Button>
      }
    >
      There is no folder at{" "}
      <span className="break-all font-mono text-foreground/80 text-xs">/{path}</span>. It may have
      been renamed, moved or deleted.
    </EmptyState>
  );
}
