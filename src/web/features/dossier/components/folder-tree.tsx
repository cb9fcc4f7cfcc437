import { Link, useLocation } from "@tanstack/react-router";
import ChevronRight from "lucide-react/icons/chevron-right";
import FolderIcon from "lucide-react/icons/folder";
import FolderOpen from "lucide-react/icons/folder-open";
import Library from "lucide-react/icons/library";
import { useEffect, useMemo, useState } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { cn } from "../../../components/ui/cn.ts";
import { folderAncestry } from "../../../lib/folder-names.ts";
import { buildFolderTree, type FolderNode } from "../../../lib/folder-tree.ts";
import { FavoriteButton } from "./favorite-button.tsx";

interface FolderTreeProps {
  folders: readonly Folder[];
  /** The folder on screen (null: the top level). */
  currentId: string | null;
}

const rowClass = cn(
  "group flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md pr-2 text-[13px] outline-none",
  "text-foreground/80 transition-colors hover:bg-accent/70 hover:text-foreground",
  "focus-visible:ring-2 focus-visible:ring-ring",
  "aria-[current=page]:bg-primary/12 aria-[current=page]:font-medium aria-[current=page]:text-foreground",
);

/**
 * The dossier's folders as a collapsible tree of links. The folder on screen
 * is highlighted and the folders above it open by themselves.
 */
export function FolderTree({ folders, currentId }: FolderTreeProps) {
  const tree = useMemo(() => buildFolderTree(folders), [folders]);
  // The shared area and favorites have no current folder either, but are not the top level.
  const onTopLevel = !/^\/dossier\/(shared|favorites)(\/|$)/.test(useLocation().pathname);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());

  // Open the way down to the current folder, and the folder itself, when it changes
  // (not on every push, so a folder closed by hand stays closed).
  const ancestry = useMemo(() => folderAncestry(folders, currentId), [folders, currentId]);
  const way = ancestry.map((folder) => folder._id).join("/");
  useEffect(() => {
    if (!way) return;
    setExpanded((previous) => {
      const missing = way.split("/").filter((id) => !previous.has(id));
      if (missing.length === 0) return previous;
      return new Set([...previous, ...missing]);
    });
  }, [way]);

  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <nav aria-label="Folders" data-testid="folder-tree">
      <Link
        to="/dossier"
        aria-current={currentId === null && onTopLevel ? "page" : undefined}
        activeOptions={{ exact: true, includeSearch: false }}
        data-testid="folder-tree-root"
        className={cn(rowClass, "pl-2")}
      >
        <Library
          aria-hidden="true"
          className="size-4 shrink-0 text-muted-foreground group-aria-[current=page]:text-primary"
        />
        <span className="truncate">My dossier</span>
      </Link>
      {tree.length > 0 ? (
        <ul className="mt-0.5 grid gap-px">
          {tree.map((node) => (
            <TreeItem
              key={node.folder._id}
              node={node}
              depth={0}
              currentId={currentId}
              expanded={expanded}
              toggle={toggle}
            />
          ))}
        </ul>
      ) : (
        <p className="px-2 py-3 text-muted-foreground text-xs">No folders yet.</p>
      )}
    </nav>
  );
}

interface TreeItemProps {
  node: FolderNode;
  depth: number;
  currentId: string | null;
  expanded: Set<string>;
  toggle: (id: string) => void;
}

function TreeItem({ node, depth, currentId, expanded, toggle }: TreeItemProps) {
  const { folder, children } = node;
  const open = expanded.has(folder._id);
  const current = folder._id === currentId;
  const Icon = open && children.length > 0 ? FolderOpen : FolderIcon;
  return (
    <li>
      <div className="group/row flex items-center" style={{ paddingLeft: `${depth * 12}px` }}>
        {children.length > 0 ? (
          <button
            type="button"
            onClick={() => toggle(folder._id)}
            aria-expanded={open}
            aria-label={open ? `Collapse ${folder.name}` : `Expand ${folder.name}`}
            data-testid={`folder-tree-toggle-${folder.path}`}
            className={cn(
              "flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground outline-none",
              "transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
            )}
          >
            <ChevronRight
              aria-hidden="true"
              className={cn("size-3.5 transition-transform duration-150", open && "rotate-90")}
            />
          </button>
        ) : (
          <span aria-hidden="true" className="size-6 shrink-0" />
        )}
        <Link
          to="/dossier/$"
          params={{ _splat: folder.path }}
          aria-current={current ? "page" : undefined}
          title={folder.name}
          data-testid="folder-tree-item"
          data-path={folder.path}
          className={cn(rowClass, "pl-1")}
        >
          <Icon
            aria-hidden="true"
            className={cn("size-4 shrink-0 text-muted-foreground", current && "text-primary")}
          />
          <span className="truncate">{folder.name}</span>
        </Link>
        <FavoriteButton
          entityType="folder"
          entityId={folder._id}
          name={folder.name}
          isFavorite={folder.isFavorite}
          className={cn(
            "size-6 shrink-0 [&_svg]:size-3.5",
            folder.isFavorite
              ? "opacity-100"
              : "opacity-0 focus-visible:opacity-100 group-hover/row:opacity-100",
          )}
        />
      </div>
      {open && children.length > 0 ? (
        <ul className="grid gap-px">
          {children.map((child) => (
            <TreeItem
              key={child.folder._id}
              node={child}
              depth={depth + 1}
              currentId={currentId}
              expanded={expanded}
              toggle={toggle}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
