import { Link } from "@tanstack/react-router";
import CircleCheck from "lucide-react/icons/circle-check";
import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import FileIcon from "lucide-react/icons/file";
import X from "lucide-react/icons/x";
import { fileTypeForName } from "#shared/file-types.ts";
import type { DocumentSummary } from "#shared/schemas/dossier.ts";
import { FileTypeIcon } from "../../../components/file-type-icon.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Progress } from "../../../components/ui/progress.tsx";
import { cancelUpload, type UploadItem } from "../hooks/upload-store.ts";
import { formatBytes } from "../lib/format.ts";
import { StatusBadge } from "./status-badge.tsx";

/** One file: its progress while it uploads, then its processing status, live. */
export function UploadRow({
  item,
  document,
}: {
  item: UploadItem;
  document: DocumentSummary | undefined;
}) {
  const fileType = fileTypeForName(item.fileName);
  const active = item.status === "queued" || item.status === "uploading";
  return (
    <li
      data-testid="upload-item"
      data-status={item.status}
      data-processing-status={document?.processingStatus}
      data-file-name={item.fileName}
      className="flex items-start gap-3 px-4 py-3"
    >
      {fileType ? (
        <FileTypeIcon fileType={fileType} className="mt-0.5" />
      ) : (
        <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <FileIcon aria-hidden="true" className="size-4" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="min-w-0 flex-1 truncate font-medium text-[13px]" title={item.fileName}>
            {item.fileName}
          </p>
          {item.status === "uploaded" && document ? (
            <StatusBadge status={document.processingStatus} />
          ) : null}
          {item.status === "uploaded" && !document ? (
            <CircleCheck aria-label="Uploaded" className="size-4 shrink-0 text-success" />
          ) : null}
          {item.status === "failed" || item.status === "cancelled" ? (
            <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
          ) : null}
        </div>
        <UploadDetail item={item} document={document} />
        {active ? (
          <Progress
            value={item.progress}
            label={`Uploading ${item.fileName}`}
            className="mt-2"
            data-testid="upload-progress"
          />
        ) : null}
      </div>
      {active ? (
        <Button
          variant="ghost"
          size="icon"
          className="-mr-1.5 size-7"
          aria-label={`Cancel uploading ${item.fileName}`}
          onClick={() => cancelUpload(item.id)}
        >
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

function UploadDetail({
  item,
  document,
}: {
  item: UploadItem;
  document: DocumentSummary | undefined;
}) {
  const muted = "mt-0.5 truncate text-[12px] text-muted-foreground";
  switch (item.status) {
    case "queued":
      return <p className={muted}>Waiting · {formatBytes(item.size)}</p>;
    case "uploading":
      return (
        <p className={cn(muted, "tabular-nums")}>
          {Math.round(item.progress * 100)}% · {formatBytes(item.size * item.progress)} of{" "}
          {formatBytes(item.size)}
        </p>
      );
    case "failed":
    case "cancelled":
      return (
        <p className="mt-0.5 text-[12px] text-destructive leading-snug" data-testid="upload-error">
          {item.error}
        </p>
      );
    case "uploaded": {
      if (document?.processingStatus === "failed") {
        return (
          <p className="mt-0.5 text-[12px] text-destructive leading-snug">
            {document.processingError ?? "Processing failed."}
          </p>
        );
      }
      const where = `${formatBytes(item.size)} · in ${item.folderLabel}`;
      if (document?.processingStatus !== "completed" || !item.documentId) {
        return <p className={muted}>{where}</p>;
      }
      return (
        <p className={muted}>
          {where} · <OpenLink path={item.folderPath} documentId={item.documentId} />
        </p>
      );
    }
  }
}

function OpenLink({ path, documentId }: { path: string | null; documentId: string }) {
  const className = "text-primary outline-none hover:underline focus-visible:underline";
  return path ? (
    <Link
      to="/dossier/$"
      params={{ _splat: path }}
      search={{ document: documentId }}
      className={className}
    >
      Open
    </Link>
  ) : (
    <Link to="/dossier" search={{ document: documentId }} className={className}>
      Open
    </Link>
  );
}
