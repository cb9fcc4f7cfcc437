import ChevronRight from "lucide-react/icons/chevron-right";
import FolderIcon from "lucide-react/icons/folder";
import FolderOpen from "lucide-react/icons/folder-open";
import Library from "lucide-react/icons/library";
import { type ReactNode, useId, useMemo, useState } from "react";
import type { Folder } from "#shared/schemas/dossier.ts";
import { folderAncestry } from "../lib/folder-names.ts";
import { buildFolderTree, type FolderNode } from "../lib/folder-tree.ts";
import { cn } from "./ui/cn.ts";

interface FolderPickerProps {
  folders: readonly Folder[];
  /** The chosen target; null is the top level. */
  value: string | null;
  onChange: (folderId: string | null) => void;
  /** Folders that cannot be chosen (the one being moved and everything inside it). */
  disabledIds?: ReadonlySet<string>;
  /** Where the item is now: marked "Current" (absent: nothing is marked). */
  currentId?: string | null;
  label: string;
}

const ROOT = "__root__";

/**
 * A folder tree to choose a move target from: native radio buttons, so the
 * arrow keys move the choice and screen readers announce it; the chevrons
 * open and close folders.
 */
export function FolderPicker(props: FolderPickerProps) {
  const { folders, value, onChange, disabledIds, currentId } = props;
  const name = useId();
  const tree = useMemo(() => buildFolderTree(folders), [folders]);
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set(folderAncestry(folders, currentId ?? null).map((folder) => folder._id)),
  );
  const toggle = (id: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const shared = { name, value, onChange, disabledIds, currentId, expanded, toggle };
  return (
    <fieldset
      data-testid="folder-picker"
      className="max-h-72 min-w-0 overflow-y-auto rounded-lg border bg-background/40 p-1.5"
    >
      <legend className="sr-only">{props.label}</legend>
      <PickerRow
        {...shared}
        id={null}
        depth={0}
        label="Dossier (top level)"
        icon={<Library aria-hidden="true" className="size-4" />}
        disabled={false}
        testId="folder-picker-root"
      />
      {tree.map((node) => (
        <PickerNode key={node.folder._id} {...shared} node={node} depth={1} />
      ))}
    </fieldset>
  );
}

interface SharedProps {
  name: string;
  value: string | null;
  onChange: (folderId: string | null) => void;
  disabledIds?: ReadonlySet<string>;
  currentId?: string | null;
  expanded: Set<string>;
  toggle: (id: string) => void;
}

function PickerNode(props: SharedProps & { node: FolderNode; depth: number }) {
  const { node, depth, expanded } = props;
  const { folder, children } = node;
  const open = expanded.has(folder._id);
  const disabled = props.disabledIds?.has(folder._id) ?? false;
  return (
    <>
      <PickerRow
        {...props}
        id={folder._id}
        label={folder.name}
        icon={
          open && children.length > 0 ? (
            <FolderOpen aria-hidden="true" className="size-4" />
          ) : (
            <FolderIcon aria-hidden="true" className="size-4" />
          )
        }
        disabled={disabled}
        expandable={children.length > 0 && !disabled}
        open={open}
        testId={`folder-picker-${folder.path}`}
      />
      {open && !disabled
        ? children.map((child) => (
            <PickerNode key={child.folder._id} {...props} node={child} depth={depth + 1} />
          ))
        : null}
    </>
  );
}

interface RowProps extends SharedProps {
  id: string | null;
  depth: number;
  label: string;
  icon: ReactNode;
  disabled: boolean;
  expandable?: boolean;
  open?: boolean;
  testId: string;
}

function PickerRow(props: RowProps) {
  const { id, depth, disabled } = props;
  const chosen = props.value === id;
  return (
    <div className="flex items-center" style={{ paddingLeft: `${depth * 14}px` }}>
      {props.expandable && id ? (
        <button
          type="button"
          aria-label={props.open ? `Collapse ${props.label}` : `Expand ${props.label}`}
          aria-expanded={props.open}
          onClick={() => props.toggle(id)}
          className="flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronRight
            aria-hidden="true"
            className={cn("size-3.5 transition-transform", props.open && "rotate-90")}
          />
        </button>
      ) : (
        <span aria-hidden="true" className="size-6 shrink-0" />
      )}
      <label
        data-testid={props.testId}
        data-chosen={chosen || undefined}
        className={cn(
          "flex h-8 min-w-0 flex-1 cursor-pointer items-center gap-2 rounded-md px-2 text-[13px]",
          "transition-colors hover:bg-accent has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-ring",
          chosen && "bg-primary/15 text-foreground hover:bg-primary/20",
          disabled && "cursor-not-allowed opacity-45 hover:bg-transparent",
        )}
      >
        <input
          type="radio"
          name={props.name}
          value={id ?? ROOT}
          checked={chosen}
          disabled={disabled}
          onChange={() => props.onChange(id)}
          className="sr-only"
        />
        <span className={cn("text-muted-foreground", chosen && "text-primary")}>{props.icon}</span>
        <span className="truncate">{props.label}</span>
        {props.currentId === id ? (
          <span className="ml-auto shrink-0 rounded-full border px-1.5 py-px text-[10px] text-muted-foreground">
            Current
          </span>
        ) : null}
      </label>
    </div>
  );
}
