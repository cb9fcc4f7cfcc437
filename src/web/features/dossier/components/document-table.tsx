import { Link, useLocation } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import FolderIcon from "lucide-react/icons/folder";
import { useEffect, useState } from "react";
import { SKELETON_COUNT } from "#shared/constants.ts";
import type { Sort, SortField } from "#shared/rules/sort-cycle.ts";
import type { DocumentSummary, Folder } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { formatDate, plural } from "../lib/format.ts";
import { DocumentRow, rowClass } from "./document-row.tsx";
import { FavoriteButton } from "./favorite-button.tsx";
import { FolderActionsMenu } from "./folder-actions-menu.tsx";
import { TABLE_COLUMNS, TABLE_ROW_HEIGHT } from "./layout.ts";
import { OwnerBadge } from "./owner-badge.tsx";
import { SortHeader } from "./sort-header.tsx";
import { useScrollMargin } from "./use-scroll-margin.ts";

interface DocumentTableProps {
  folders: readonly { folder: Folder; subfolderCount: number }[];
  documents: readonly DocumentSummary[];
  loading: boolean;
  sort: Sort | null;
  onSort: (field: SortField) => void;
  /** The element that scrolls (the folder page's content area). */
  scrollElement: HTMLElement | null;
  onOpen: (documentId: string) => void;
  onNearEnd: () => void;
}

const SKELETON_ROWS = Array.from({ length: SKELETON_COUNT.table }, (_, index) => index);

const headerCell = "truncate text-left font-medium text-[12px] text-muted-foreground";

/**
 * The list view: subfolders, then documents in virtualized rows under a
 * header that stays in view. Columns as SPEC 2 names them. A real table laid
 * out with CSS grid, so rows can be positioned for virtualization.
 */
export function DocumentTable(props: DocumentTableProps) {
  const { folders, documents, scrollElement, onNearEnd, sort, onSort } = props;
  const [body, setBody] = useState<HTMLTableSectionElement | null>(null);
  const scrollMargin = useScrollMargin(body, scrollElement);
  const virtualizer = useVirtualizer({
    count: documents.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => TABLE_ROW_HEIGHT,
    overscan: 10,
    scrollMargin,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (documents.length > 0 && last >= documents.length - 10) onNearEnd();
  }, [last, documents.length, onNearEnd]);

  return (
    <table
      aria-label="Folder contents"
      aria-rowcount={folders.length + documents.length + 1}
      data-testid="document-table"
      className="grid min-w-[760px]"
    >
      <thead className="sticky top-0 z-10 grid border-b bg-background/95 backdrop-blur">
        <tr aria-rowindex={1} className={cn(TABLE_COLUMNS, "h-10 items-center px-4")}>
          <SortHeader field="fileType" label="Kind" sort={sort} onSort={onSort} />
          <SortHeader field="name" label="Name" sort={sort} onSort={onSort} />
          <SortHeader field="primaryTagName" label="Type" sort={sort} onSort={onSort} />
          <th scope="col" className={headerCell}>
            Details
          </th>
          <SortHeader field="_creationTime" label="Added" sort={sort} onSort={onSort} />
          <SortHeader field="size" label="Size" sort={sort} onSort={onSort} />
          <th scope="col" className={headerCell}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      {folders.length > 0 ? (
        <tbody className="grid">
          {folders.map(({ folder, subfolderCount }, index) => (
            <FolderRow
              key={folder._id}
              folder={folder}
              subfolderCount={subfolderCount}
              rowIndex={index + 2}
            />
          ))}
        </tbody>
      ) : null}
      {props.loading ? (
        <tbody className="grid" aria-busy="true">
          {SKELETON_ROWS.map((key) => (
            <SkeletonRow key={key} />
          ))}
        </tbody>
      ) : (
        <tbody
          ref={setBody}
          className="relative grid"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {rows.map((row) => {
            const document = documents[row.index];
            if (!document) return null;
            return (
              <DocumentRow
                key={document._id}
                document={document}
                rowIndex={folders.length + row.index + 2}
                onOpen={() => props.onOpen(document._id)}
                style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
              />
            );
          })}
        </tbody>
      )}
    </table>
  );
}

/** One of the 25 rows shown while the list's first page loads (SPEC 9). */
function SkeletonRow() {
  return (
    <tr
      data-testid="document-row-skeleton"
      className={cn(TABLE_COLUMNS, "h-[52px] items-center border-b px-4")}
    >
      <td>
        <Skeleton className="size-8 rounded-md" />
      </td>
      <td>
        <Skeleton className="h-4 w-3/5" />
      </td>
      <td>
        <Skeleton className="h-4 w-16" />
      </td>
      <td>
        <Skeleton className="h-4 w-24" />
      </td>
      <td>
        <Skeleton className="h-4 w-20" />
      </td>
      <td>
        <Skeleton className="h-4 w-12" />
      </td>
      <td />
    </tr>
  );
}

function FolderRow({
  folder,
  subfolderCount,
  rowIndex,
}: {
  folder: Folder;
  subfolderCount: number;
  rowIndex: number;
}) {
  const inShared = useLocation().pathname.startsWith("/dossier/shared");
  return (
    <tr
      aria-rowindex={rowIndex}
      data-testid="folder-row"
      data-path={folder.path}
      className={rowClass}
    >
      <td>
        <span className="inline-flex size-8 items-center justify-center rounded-md bg-primary/10 text-primary">
          <FolderIcon aria-hidden="true" className="size-4" />
        </span>
      </td>
      <td className="min-w-0">
        <Link
          to={inShared ? "/dossier/shared/$" : "/dossier/$"}
          params={{ _splat: folder.path }}
          title={folder.name}
          className="block truncate rounded-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {folder.name}
        </Link>
        <OwnerBadge ownerName={folder.ownerName} myRole={folder.myRole} className="-mt-0.5" />
      </td>
      <td className="text-muted-foreground">Folder</td>
      <td className="truncate text-muted-foreground">
        {subfolderCount > 0 ? plural(subfolderCount, "subfolder") : ""}
      </td>
      <td className="text-muted-foreground tabular-nums">{formatDate(folder._creationTime)}</td>
      <td className="text-muted-foreground">—</td>
      <td className="flex justify-end gap-0.5">
        <FavoriteButton
          entityType="folder"
          entityId={folder._id}
          name={folder.name}
          isFavorite={folder.isFavorite}
          className={
            folder.isFavorite ? undefined : "opacity-40 hover:opacity-100 focus-visible:opacity-100"
          }
        />
        <FolderActionsMenu folder={folder} className="size-7" />
      </td>
    </tr>
  );
}
