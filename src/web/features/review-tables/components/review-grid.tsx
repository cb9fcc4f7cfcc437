// biome-ignore-all lint/a11y/useSemanticElements: a virtualized ARIA grid positions rows and cells absolutely, which table elements do not allow
// biome-ignore-all lint/a11y/useFocusableInteractive: rows and headers are not tab stops in an ARIA grid; one cell is (a roving tabindex)
import { useVirtualizer } from "@tanstack/react-virtual";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowUp from "lucide-react/icons/arrow-up";
import ArrowUpDown from "lucide-react/icons/arrow-up-down";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import ExternalLink from "lucide-react/icons/external-link";
import FileText from "lucide-react/icons/file-text";
import Filter from "lucide-react/icons/funnel";
import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash";
import X from "lucide-react/icons/x";
import { type KeyboardEvent, memo, useCallback, useMemo, useRef, useState } from "react";
import type { TableColumn, TableRole, TableRow } from "#shared/schemas/review-table.ts";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import {
  type CellMap,
  cellKey,
  type FilterState,
  isActiveFilter,
  type SortState,
} from "../lib/grid-model.ts";
import { documentHref } from "../lib/links.ts";
import { AnswerTypeIcon } from "./answer-type-icon.tsx";
import { cellDescription, GridCellContent } from "./grid-cell.tsx";
import { InAppLink } from "./in-app-link.tsx";

export const ROW_HEIGHT = 40;
export const HEADER_HEIGHT = 44;
export const DOCUMENT_WIDTH = 280;
export const COLUMN_WIDTH = 232;

interface ReviewGridProps {
  columns: readonly TableColumn[];
  /** Rows as drawn: already filtered and sorted. */
  rows: readonly TableRow[];
  /** Rows in the table, for "row n of N". */
  totalRows: number;
  cells: CellMap;
  role: TableRole;
  sort: SortState | null;
  filters: FilterState;
  selected: { rowId: string; columnId: string } | null;
  onSort: (sort: SortState | null) => void;
  onFilter: (columnId: string) => void;
  onClearFilter: (columnId: string) => void;
  onEditColumn: (column: TableColumn) => void;
  onRemoveColumn: (column: TableColumn) => void;
  onRemoveRow: (row: TableRow) => void;
  onOpenCell: (rowId: string, columnId: string) => void;
}

/**
 * The review grid (decision 029): rows are documents, columns are questions.
 * Virtualized in both directions, so only the cells in view (plus a margin)
 * are in the DOM whether the table has 10 rows or 10,000; the header sticks
 * to the top and the document column to the left. One cell is the tab stop
 * (a roving tabindex): arrows, Home/End and PageUp/PageDown move it, Enter
 * or Space opens the cell's panel.
 */
export function ReviewGrid(props: ReviewGridProps) {
  const { columns, rows, cells } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ row: 0, column: 0 });

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollPaddingStart: HEADER_HEIGHT,
    getItemKey: (index) => rows[index]?._id ?? index,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => COLUMN_WIDTH,
    overscan: 2,
    scrollPaddingStart: DOCUMENT_WIDTH,
    getItemKey: (index) => columns[index]?._id ?? index,
  });

  const width = DOCUMENT_WIDTH + columnVirtualizer.getTotalSize();
  const height = HEADER_HEIGHT + rowVirtualizer.getTotalSize();
  const virtualRows = rowVirtualizer.getVirtualItems();
  const virtualColumns = columnVirtualizer.getVirtualItems();
  // Column widths are fixed: the same window of columns has the same offsets, so rows keep
  // their props (and skip rendering) while only the vertical window moves.
  const columnWindow = virtualColumns.map((item) => `${item.index}@${item.start}`).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the window's content, not the array's identity
  const visibleColumns = useMemo(
    () => virtualColumns.map((item) => ({ index: item.index, start: item.start, size: item.size })),
    [columnWindow],
  );

  const focusCell = useCallback(
    (row: number, column: number) => {
      const nextRow = Math.max(0, Math.min(rows.length - 1, row));
      const nextColumn = Math.max(0, Math.min(columns.length, column));
      setActive({ row: nextRow, column: nextColumn });
      rowVirtualizer.scrollToIndex(nextRow);
      if (nextColumn > 0) columnVirtualizer.scrollToIndex(nextColumn - 1);
      requestAnimationFrame(() => {
        scrollRef.current
          ?.querySelector<HTMLElement>(
            `[data-row-index="${nextRow}"][data-col-index="${nextColumn}"]`,
          )
          ?.focus({ preventScroll: true });
      });
    },
    [rows.length, columns.length, rowVirtualizer, columnVirtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.rowIndex === undefined) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const moves: Record<string, [number, number]> = {
      ArrowDown: [active.row + 1, active.column],
      ArrowUp: [active.row - 1, active.column],
      ArrowRight: [active.row, active.column + 1],
      ArrowLeft: [active.row, active.column - 1],
      PageDown: [active.row + page, active.column],
      PageUp: [active.row - page, active.column],
      Home: event.ctrlKey ? [0, 0] : [active.row, 0],
      End: event.ctrlKey ? [rows.length - 1, columns.length] : [active.row, columns.length],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(move[0], move[1]);
    }
  };

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label="Review table"
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      data-testid="review-grid"
      onKeyDown={onKeyDown}
      className="relative min-h-0 flex-1 overflow-auto overscroll-contain rounded-lg border bg-card/30 [contain:strict]"
    >
      <div style={{ width, height, position: "relative" }}>
        <div role="rowgroup" className="sticky top-0 z-20" style={{ width, height: HEADER_HEIGHT }}>
          <div role="row" aria-rowindex={1} className="relative h-full border-b bg-card">
            <div
              role="columnheader"
              aria-colindex={1}
              className="sticky left-0 z-10 flex h-full items-center gap-2 border-r bg-card px-3 font-medium text-[12.5px] text-muted-foreground"
              style={{ width: DOCUMENT_WIDTH }}
            >
              <FileText aria-hidden="true" className="size-3.5" />
              Document
              <span className="ml-auto font-normal text-[11.5px] tabular-nums">
                {rows.length === props.totalRows
                  ? `${rows.length.toLocaleString("en")}`
                  : `${rows.length.toLocaleString("en")} of ${props.totalRows.toLocaleString("en")}`}
              </span>
            </div>
            {virtualColumns.map((item) => {
              const column = columns[item.index];
              if (!column) return null;
              return (
                <ColumnHeader
                  key={column._id}
                  column={column}
                  index={item.index}
                  left={DOCUMENT_WIDTH + item.start}
                  width={item.size}
                  role={props.role}
                  sort={props.sort?.columnId === column._id ? props.sort.direction : null}
                  filtered={isActiveFilter(props.filters[column._id])}
                  onSort={props.onSort}
                  onFilter={props.onFilter}
                  onClearFilter={props.onClearFilter}
                  onEdit={props.onEditColumn}
                  onRemove={props.onRemoveColumn}
                />
              );
            })}
          </div>
        </div>
        <div role="rowgroup">
          {virtualRows.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <GridRow
                key={row._id}
                row={row}
                index={item.index}
                top={HEADER_HEIGHT + item.start}
                height={item.size}
                width={width}
                columns={columns}
                visibleColumns={visibleColumns}
                cells={cells}
                role={props.role}
                activeColumn={active.row === item.index ? active.column : -1}
                selectedColumnId={
                  props.selected?.rowId === row._id ? props.selected.columnId : null
                }
                onFocusCell={setActive}
                onOpenCell={props.onOpenCell}
                onRemoveRow={props.onRemoveRow}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface GridRowProps {
  row: TableRow;
  index: number;
  top: number;
  height: number;
  width: number;
  columns: readonly TableColumn[];
  visibleColumns: ReadonlyArray<{ index: number; start: number; size: number }>;
  cells: CellMap;
  role: TableRole;
  /** The tab stop's column when it is in this row, else -1. */
  activeColumn: number;
  selectedColumnId: string | null;
  onFocusCell: (active: { row: number; column: number }) => void;
  onOpenCell: (rowId: string, columnId: string) => void;
  onRemoveRow: (row: TableRow) => void;
}

/** One row: memoized, so scrolling renders only the rows that come into view. */
const GridRow = memo(function GridRow(props: GridRowProps) {
  const { row, index } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-testid="grid-row"
      className="group/row absolute top-0 left-0 border-b border-border/60 hover:bg-accent/20"
      style={{ width: props.width, height: props.height, transform: `translateY(${props.top}px)` }}
    >
      <DocumentCell
        row={row}
        index={index}
        role={props.role}
        active={props.activeColumn === 0}
        onFocusCell={props.onFocusCell}
        onRemove={props.onRemoveRow}
      />
      {props.visibleColumns.map((columnItem) => {
        const column = props.columns[columnItem.index];
        if (!column) return null;
        return (
          <GridCell
            key={column._id}
            rowId={row._id}
            columnId={column._id}
            rowIndex={index}
            colIndex={columnItem.index + 1}
            left={DOCUMENT_WIDTH + columnItem.start}
            width={columnItem.size}
            cell={props.cells.get(cellKey(row._id, column._id))}
            hidden={row.documentName === null}
            tabStop={props.activeColumn === columnItem.index + 1}
            selected={props.selectedColumnId === column._id}
            onFocusCell={props.onFocusCell}
            onOpen={props.onOpenCell}
          />
        );
      })}
    </div>
  );
});

interface GridCellProps {
  rowId: string;
  columnId: string;
  rowIndex: number;
  colIndex: number;
  left: number;
  width: number;
  cell: Parameters<typeof GridCellContent>[0]["cell"];
  hidden: boolean;
  tabStop: boolean;
  selected: boolean;
  onFocusCell: (active: { row: number; column: number }) => void;
  onOpen: (rowId: string, columnId: string) => void;
}

/** One answer cell: memoized, since a live push changes a few cells of thousands. */
const GridCell = memo(function GridCell(props: GridCellProps) {
  const open = () => {
    if (!props.hidden) props.onOpen(props.rowId, props.columnId);
  };
  return (
    <div
      role="gridcell"
      aria-colindex={props.colIndex + 1}
      aria-selected={props.selected}
      aria-label={props.hidden ? "Not available" : cellDescription(props.cell)}
      tabIndex={props.tabStop ? 0 : -1}
      data-row-index={props.rowIndex}
      data-col-index={props.colIndex}
      data-testid="grid-cell"
      data-status={props.cell?.status ?? "empty"}
      data-edited={props.cell?.edited ? "true" : undefined}
      onClick={open}
      onFocus={() => props.onFocusCell({ row: props.rowIndex, column: props.colIndex })}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          open();
        }
      }}
      className={cn(
        "absolute top-0 flex h-full cursor-pointer items-center border-border/50 border-r px-3 text-[13px]",
        "outline-none focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        props.selected && "bg-primary/10 ring-1 ring-primary/50 ring-inset",
        props.cell?.status === "failed" && "bg-destructive/5",
        props.hidden && "cursor-default",
      )}
      style={{ left: props.left, width: props.width }}
    >
      {props.hidden ? (
        <span className="text-muted-foreground/50">—</span>
      ) : (
        <GridCellContent cell={props.cell} />
      )}
    </div>
  );
});

function DocumentCell({
  row,
  index,
  role,
  active,
  onFocusCell,
  onRemove,
}: {
  row: TableRow;
  index: number;
  role: TableRole;
  active: boolean;
  onFocusCell: (active: { row: number; column: number }) => void;
  onRemove: (row: TableRow) => void;
}) {
  const name = row.documentName ?? "Document not available";
  return (
    <div
      role="rowheader"
      aria-colindex={1}
      tabIndex={active ? 0 : -1}
      data-row-index={index}
      data-col-index={0}
      onFocus={() => onFocusCell({ row: index, column: 0 })}
      className={cn(
        "sticky left-0 z-10 flex h-full items-center gap-2 border-r bg-card pr-1 pl-3 text-[13px]",
        "outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
      )}
      style={{ width: DOCUMENT_WIDTH }}
    >
      <span
        aria-hidden="true"
        className="flex h-5 min-w-8 shrink-0 items-center justify-center rounded bg-muted px-1 font-medium text-[9.5px] text-muted-foreground uppercase"
      >
        {row.fileType ?? "doc"}
      </span>
      <span
        className={cn(
          "min-w-0 flex-1 truncate",
          row.documentName === null && "text-muted-foreground italic",
        )}
        title={name}
        data-testid="row-document-name"
      >
        {name}
      </span>
      <RowMenu row={row} name={name} role={role} onRemove={onRemove} />
    </div>
  );
}

/**
 * A row's menu. Radix mounts only once it is asked for: a plain button until
 * then, since every visible row has one and scrolling mounts rows.
 */
function RowMenu({
  row,
  name,
  role,
  onRemove,
}: {
  row: TableRow;
  name: string;
  role: TableRole;
  onRemove: (row: TableRow) => void;
}) {
  const [open, setOpen] = useState(false);
  const trigger = (
    <button
      type="button"
      aria-label={`Actions for ${name}`}
      aria-haspopup="menu"
      data-testid="row-menu"
      tabIndex={-1}
      onClick={open ? undefined : () => setOpen(true)}
      className="flex size-7 shrink-0 items-center justify-center rounded-md text-muted-foreground opacity-0 outline-none hover:bg-accent focus-visible:opacity-100 group-hover/row:opacity-100 data-[state=open]:opacity-100"
    >
      <MoreHorizontal aria-hidden="true" className="size-4" />
    </button>
  );
  if (!open) return trigger;
  return (
    <DropdownMenu open onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {row.documentName !== null ? (
          <DropdownMenuItem asChild>
            <InAppLink href={documentHref(row.documentId)} data-testid="row-open-document">
              <ExternalLink aria-hidden="true" />
              Open document
            </InAppLink>
          </DropdownMenuItem>
        ) : null}
        {role !== "viewer" ? (
          <DropdownMenuItem
            variant="destructive"
            data-testid="row-remove"
            onSelect={() => onRemove(row)}
          >
            <Trash2 aria-hidden="true" />
            Remove row
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function ColumnHeader(props: {
  column: TableColumn;
  index: number;
  left: number;
  width: number;
  role: TableRole;
  sort: "asc" | "desc" | null;
  filtered: boolean;
  onSort: (sort: SortState | null) => void;
  onFilter: (columnId: string) => void;
  onClearFilter: (columnId: string) => void;
  onEdit: (column: TableColumn) => void;
  onRemove: (column: TableColumn) => void;
}) {
  const { column } = props;
  const SortIcon = props.sort === "asc" ? ArrowUp : props.sort === "desc" ? ArrowDown : null;
  return (
    <div
      role="columnheader"
      aria-colindex={props.index + 2}
      aria-sort={props.sort === "asc" ? "ascending" : props.sort === "desc" ? "descending" : "none"}
      className="absolute top-0 flex h-full items-center border-r"
      style={{ left: props.left, width: props.width }}
      data-testid="column-header"
    >
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex h-full min-w-0 flex-1 items-center gap-2 px-3 text-left font-medium text-[12.5px] outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          aria-label={`Column: ${column.question}`}
          title={column.question}
          data-testid="column-menu"
        >
          <AnswerTypeIcon type={column.answerType} />
          <span className="min-w-0 flex-1 truncate">{column.question}</span>
          {props.filtered ? (
            <Filter aria-label="Filtered" className="size-3.5 shrink-0 text-primary" />
          ) : null}
          {SortIcon ? (
            <SortIcon
              aria-label={props.sort === "asc" ? "Sorted ascending" : "Sorted descending"}
              className="size-3.5 shrink-0 text-primary"
            />
          ) : null}
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-56">
          <DropdownMenuItem
            data-testid="column-sort-asc"
            onSelect={() => props.onSort({ columnId: column._id, direction: "asc" })}
          >
            <ArrowUp aria-hidden="true" />
            Sort ascending
          </DropdownMenuItem>
          <DropdownMenuItem
            data-testid="column-sort-desc"
            onSelect={() => props.onSort({ columnId: column._id, direction: "desc" })}
          >
            <ArrowDown aria-hidden="true" />
            Sort descending
          </DropdownMenuItem>
          {props.sort ? (
            <DropdownMenuItem onSelect={() => props.onSort(null)}>
              <ArrowUpDown aria-hidden="true" />
              Clear sort
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem data-testid="column-filter" onSelect={() => props.onFilter(column._id)}>
            <Filter aria-hidden="true" />
            Filter…
          </DropdownMenuItem>
          {props.filtered ? (
            <DropdownMenuItem onSelect={() => props.onClearFilter(column._id)}>
              <X aria-hidden="true" />
              Clear filter
            </DropdownMenuItem>
          ) : null}
          {props.role !== "viewer" ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem data-testid="column-edit" onSelect={() => props.onEdit(column)}>
                <Pencil aria-hidden="true" />
                Edit column…
              </DropdownMenuItem>
              <DropdownMenuItem
                variant="destructive"
                data-testid="column-remove"
                onSelect={() => props.onRemove(column)}
              >
                <Trash2 aria-hidden="true" />
                Remove column
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
