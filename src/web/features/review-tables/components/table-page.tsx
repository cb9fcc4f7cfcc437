import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import ArrowDown from "lucide-react/icons/arrow-down";
import ArrowLeft from "lucide-react/icons/arrow-left";
import ArrowUp from "lucide-react/icons/arrow-up";
import Columns3 from "lucide-react/icons/columns-3";
import Download from "lucide-react/icons/download";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import FileSpreadsheet from "lucide-react/icons/file-spreadsheet";
import FileStack from "lucide-react/icons/file-stack";
import FileText from "lucide-react/icons/file-text";
import Play from "lucide-react/icons/play";
import Plus from "lucide-react/icons/plus";
import Share2 from "lucide-react/icons/share-2";
import Square from "lucide-react/icons/square";
import Table2 from "lucide-react/icons/table-2";
import Trash2 from "lucide-react/icons/trash";
import X from "lucide-react/icons/x";
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from "react";
import type { TableColumn, Table as TableData, TableRow } from "#shared/schemas/review-table.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/toast-store.ts";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { tableOptions } from "../api/table-queries.ts";
import { useTableChanges } from "../hooks/use-table-changes.ts";
import {
  useAddColumn,
  useCancelFill,
  useFillTable,
  useRemoveColumn,
  useRemoveRow,
  useRemoveTable,
  useRenameTable,
  useUpdateColumn,
} from "../hooks/use-table-mutations.ts";
import { columnChanges } from "../lib/column-form.ts";
import {
  type ColumnFilter,
  type FilterState,
  isActiveFilter,
  type SortState,
  visibleRows,
} from "../lib/grid-model.ts";
import { exportHref } from "../lib/links.ts";
import {
  type CellIndexState,
  newCellIndexState,
  settledCount,
  updateCellIndex,
} from "../lib/table-changes.ts";
import { AddDocumentsMenu } from "./add-documents.tsx";
import { AnswerTypeIcon } from "./answer-type-icon.tsx";
import { CellPanel } from "./cell-panel.tsx";
import { ColumnDialog } from "./column-dialog.tsx";
import { FilterDialog } from "./filter-dialog.tsx";
import { ReviewGrid } from "./review-grid.tsx";
import { RoleBadge } from "./role-badge.tsx";
import { ShareTableDialog } from "./share-table-dialog.tsx";
import { TablePending } from "./skeletons.tsx";
import { TableProgress } from "./table-progress.tsx";

/** /modules/table/{id}: one review table, live in every open tab. */
export function TablePage({ tableId }: { tableId: string }) {
  const query = useQuery(tableOptions(tableId));
  usePageTitle(query.data?.table.name ?? "Review table");
  if (query.data) return <LoadedTable data={query.data} />;
  if (query.error)
    return (
      <div
        className="mx-auto grid w-full max-w-lg justify-items-center gap-4 px-6 py-24 text-center"
        data-testid="table-missing"
      >
        <div className="flex size-12 items-center justify-center rounded-xl border bg-card text-muted-foreground">
          <Table2 aria-hidden="true" className="size-6" />
        </div>
        <h1 className="font-semibold text-lg">This table is not available</h1>
        <p className="text-muted-foreground text-sm">
          {query.error.message} It may have been deleted, or it is no longer shared with you.
        </p>
        <Button asChild variant="outline">
          <Link to="/modules/table">
            <ArrowLeft aria-hidden="true" />
            All review tables
          </Link>
        </Button>
      </div>
    );
  return <TablePending />;
}

type ColumnEdit = { column: TableColumn | null } | null;
type Confirm =
  | { kind: "row"; row: TableRow }
  | { kind: "column"; column: TableColumn }
  | { kind: "table" }
  | null;

function LoadedTable({ data }: { data: TableData }) {
  const { table, columns: unsortedColumns, rows } = data;
  const tableId = table._id;
  const canEdit = table.role !== "viewer";
  const columns = useMemo(
    () => [...unsortedColumns].sort((a, b) => a.position - b.position),
    [unsortedColumns],
  );
  // Live: the cells changed since this read are merged in (decision 029, amendment 2026-11-25).
  useTableChanges(tableId, data.revision);
  // tables.get sends cells per column (decision 027, amendment): indexed by key, and after a
  // live push only the columns that changed are decoded again.
  const cellIndex = useRef<CellIndexState | null>(null);
  const cells = useMemo(() => {
    cellIndex.current ??= newCellIndexState();
    return updateCellIndex(cellIndex.current, data.cells);
  }, [data.cells]);
  const [sort, setSort] = useState<SortState | null>(null);
  const [filters, setFilters] = useState<FilterState>({});
  const shown = useMemo(
    () => visibleRows(rows, columns, cells, sort, filters),
    [rows, columns, cells, sort, filters],
  );
  const [selected, setSelected] = useState<{ rowId: string; columnId: string } | null>(null);
  const [columnEdit, setColumnEdit] = useState<ColumnEdit>(null);
  const [filterColumnId, setFilterColumnId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [sharing, setSharing] = useState(false);
  const navigate = useNavigate();

  const addColumn = useAddColumn();
  const updateColumn = useUpdateColumn();
  const removeColumn = useRemoveColumn();
  const removeRow = useRemoveRow();
  const removeTable = useRemoveTable();
  const fill = useFillTable();
  const cancel = useCancelFill();

  const filling = table.progress.pending > 0;
  const settled = useMemo(() => settledCount(data.cells), [data.cells]);
  /** Cells Fill would ask: not answered yet, failed or cancelled (new rows and columns are asked at once). */
  const fillable = rows.length * columns.length - settled;
  const selectedRow = selected ? (rows.find((r) => r._id === selected.rowId) ?? null) : null;
  const selectedColumn = selected
    ? (columns.find((c) => c._id === selected.columnId) ?? null)
    : null;
  const filterColumn = filterColumnId
    ? (columns.find((c) => c._id === filterColumnId) ?? null)
    : null;
  const seenValues = useMemo(() => {
    if (!filterColumn) return [];
    const seen = new Set<string>();
    const column = data.cells.columns.find((c) => c.columnId === filterColumn._id);
    for (const value of column?.value ?? [])
      if (typeof value === "string" && value) seen.add(value);
    return [...seen].sort();
  }, [filterColumn, data.cells]);

  const setFilter = (columnId: string, filter: ColumnFilter | null) =>
    setFilters((previous) => {
      const next = { ...previous };
      if (filter && isActiveFilter(filter)) next[columnId] = filter;
      else delete next[columnId];
      return next;
    });

  const startFill = () =>
    fill.mutate(
      { tableId },
      {
        onSuccess: ({ queued }) =>
          queued === 0
            ? toast({ title: "Nothing to fill", description: "Every cell already has an answer." })
            : undefined,
      },
    );

  const activeFilters = columns.filter((column) => isActiveFilter(filters[column._id]));
  const sortColumn = sort ? columns.find((c) => c._id === sort.columnId) : undefined;
  const empty = rows.length === 0 || columns.length === 0;

  return (
    <div
      className="flex h-[calc(100dvh-1rem)] min-h-[32rem] w-full min-w-0 flex-col gap-4 px-4 pt-5 pb-4 sm:px-6"
      data-testid="table-page"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1">
          <Link
            to="/modules/table"
            className="inline-flex items-center gap-1 text-[12.5px] text-muted-foreground outline-none hover:text-foreground focus-visible:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-3.5" />
            Review tables
          </Link>
          <div className="mt-1 flex min-w-0 items-center gap-2.5">
            <TableName tableId={tableId} name={table.name} canEdit={canEdit} />
            <RoleBadge role={table.role} />
          </div>
          <p className="mt-1 text-[12.5px] text-muted-foreground">
            {rows.length.toLocaleString("en")} document{rows.length === 1 ? "" : "s"} ·{" "}
            {columns.length} question{columns.length === 1 ? "" : "s"}
            {table.role !== "owner" ? ` · shared by ${table.ownerName}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canEdit ? (
            <>
              <AddDocumentsMenu tableId={tableId} />
              <Button
                size="sm"
                variant="outline"
                onClick={() => setColumnEdit({ column: null })}
                data-testid="add-column"
              >
                <Columns3 aria-hidden="true" />
                Add column
              </Button>
              {filling ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => cancel.mutate({ tableId })}
                  disabled={cancel.isPending}
                  data-testid="cancel-fill"
                >
                  <Square aria-hidden="true" />
                  Cancel
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={startFill}
                  disabled={empty || fillable <= 0 || fill.isPending}
                  data-testid="fill"
                  title={
                    empty
                      ? "Add documents and a question first"
                      : fillable <= 0
                        ? "Every cell has an answer"
                        : `Ask the ${fillable.toLocaleString("en")} cells without an answer`
                  }
                >
                  <Play aria-hidden="true" />
                  Fill
                </Button>
              )}
            </>
          ) : null}
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" variant="outline" data-testid="export">
                <Download aria-hidden="true" />
                Export
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel className="text-[11.5px] text-muted-foreground">
                Every row and answer
              </DropdownMenuLabel>
              <DropdownMenuItem asChild>
                <a href={exportHref(tableId, "csv")} download data-testid="export-csv">
                  <FileText aria-hidden="true" />
                  CSV
                </a>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <a href={exportHref(tableId, "xlsx")} download data-testid="export-xlsx">
                  <FileSpreadsheet aria-hidden="true" />
                  Excel (XLSX)
                </a>
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          {table.role === "owner" ? (
            <>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setSharing(true)}
                data-testid="share"
              >
                <Share2 aria-hidden="true" />
                Share
              </Button>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label="More actions"
                    data-testid="table-more"
                  >
                    <MoreHorizontal aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem
                    variant="destructive"
                    onSelect={() => setConfirm({ kind: "table" })}
                    data-testid="delete-table"
                  >
                    <Trash2 aria-hidden="true" />
                    Delete table…
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </>
          ) : null}
        </div>
      </header>

      <TableProgress progress={table.progress} />

      {activeFilters.length > 0 || sortColumn ? (
        <div
          className="flex flex-wrap items-center gap-2 text-[12.5px]"
          data-testid="grid-view-state"
        >
          {sortColumn && sort ? (
            <Chip onClear={() => setSort(null)} label={`Clear sort by ${sortColumn.question}`}>
              {sort.direction === "asc" ? (
                <ArrowUp aria-hidden="true" className="size-3.5" />
              ) : (
                <ArrowDown aria-hidden="true" className="size-3.5" />
              )}
              <span className="max-w-56 truncate">{sortColumn.question}</span>
            </Chip>
          ) : null}
          {activeFilters.map((column) => (
            <Chip
              key={column._id}
              onClear={() => setFilter(column._id, null)}
              label={`Clear filter on ${column.question}`}
              onClick={() => setFilterColumnId(column._id)}
            >
              <AnswerTypeIcon type={column.answerType} />
              <span className="max-w-56 truncate">{column.question}</span>
              <span className="text-muted-foreground">{describeFilter(filters[column._id])}</span>
            </Chip>
          ))}
          <span className="text-muted-foreground" aria-live="polite">
            {shown.length.toLocaleString("en")} of {rows.length.toLocaleString("en")} rows
          </span>
        </div>
      ) : null}

      {empty ? (
        <EmptyTable
          hasRows={rows.length > 0}
          hasColumns={columns.length > 0}
          canEdit={canEdit}
          tableId={tableId}
          onAddColumn={() => setColumnEdit({ column: null })}
        />
      ) : (
        <ReviewGrid
          columns={columns}
          rows={shown}
          totalRows={rows.length}
          cells={cells}
          role={table.role}
          sort={sort}
          filters={filters}
          selected={selected}
          onSort={setSort}
          onFilter={setFilterColumnId}
          onClearFilter={(columnId) => setFilter(columnId, null)}
          onEditColumn={(column) => setColumnEdit({ column })}
          onRemoveColumn={(column) => setConfirm({ kind: "column", column })}
          onRemoveRow={(row) => setConfirm({ kind: "row", row })}
          onOpenCell={(rowId, columnId) => setSelected({ rowId, columnId })}
        />
      )}

      <CellPanel
        tableId={tableId}
        row={selectedRow}
        column={selectedColumn}
        canEdit={canEdit}
        onClose={() => setSelected(null)}
      />
      <ColumnDialog
        open={columnEdit !== null}
        onOpenChange={(open) => !open && setColumnEdit(null)}
        column={columnEdit?.column ?? null}
        onSubmit={async (value) => {
          const column = columnEdit?.column;
          if (column) {
            const changes = columnChanges(column, value);
            if (Object.keys(changes).length > 0)
              await updateColumn.mutateAsync({ tableId, columnId: column._id, ...changes });
          } else await addColumn.mutateAsync({ tableId, ...value });
        }}
      />
      <FilterDialog
        column={filterColumn}
        current={filterColumnId ? filters[filterColumnId] : undefined}
        seenValues={seenValues}
        onApply={setFilter}
        onClose={() => setFilterColumnId(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === "row"
            ? "Remove this row?"
            : confirm?.kind === "column"
              ? "Remove this column?"
              : "Delete this table?"
        }
        description={
          confirm?.kind === "row"
            ? `“${confirm.row.documentName ?? "This document"}” and its answers leave the table. The document stays in the dossier.`
            : confirm?.kind === "column"
              ? `“${confirm.column.question}” and its ${rows.length.toLocaleString("en")} answers leave the table, hand corrections included.`
              : `“${table.name}” and every answer go for everyone it is shared with. The documents stay in the dossier.`
        }
        confirmLabel={confirm?.kind === "table" ? "Delete table" : "Remove"}
        destructive
        testId="table-confirm"
        onConfirm={() => {
          if (confirm?.kind === "row") removeRow.mutate({ tableId, rowId: confirm.row._id });
          else if (confirm?.kind === "column") {
            removeColumn.mutate({ tableId, columnId: confirm.column._id });
            setFilter(confirm.column._id, null);
            if (sort?.columnId === confirm.column._id) setSort(null);
          } else if (confirm?.kind === "table") {
            removeTable.mutate({ tableId });
            void navigate({ to: "/modules/table" });
          }
        }}
      />
      {table.role === "owner" ? (
        <ShareTableDialog
          open={sharing}
          onOpenChange={setSharing}
          tableId={tableId}
          tableName={table.name}
        />
      ) : null}
    </div>
  );
}

function describeFilter(filter: ColumnFilter | undefined): string {
  if (!filter) return "";
  switch (filter.kind) {
    case "yesNo":
      return filter.value ? "is Yes" : "is No";
    case "range":
      return filter.min !== null && filter.max !== null
        ? `${filter.min} – ${filter.max}`
        : filter.min !== null
          ? `≥ ${filter.min}`
          : `≤ ${filter.max}`;
    case "dateRange":
      return filter.from && filter.to
        ? `${filter.from} – ${filter.to}`
        : filter.from
          ? `from ${filter.from}`
          : `until ${filter.to}`;
    case "oneOf":
      return filter.values.join(", ");
    case "contains":
      return `contains “${filter.text.trim()}”`;
  }
}

function Chip({
  children,
  onClear,
  onClick,
  label,
}: {
  children: ReactNode;
  onClear: () => void;
  onClick?: () => void;
  label: string;
}) {
  return (
    <span className="inline-flex h-7 items-center gap-1.5 rounded-full border bg-card pr-1 pl-2.5">
      <button
        type="button"
        onClick={onClick}
        className="inline-flex items-center gap-1.5 outline-none focus-visible:underline"
      >
        {children}
      </button>
      <button
        type="button"
        aria-label={label}
        onClick={onClear}
        className="flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X aria-hidden="true" className="size-3" />
      </button>
    </span>
  );
}

/** The name, renamed in place by owners and editors (Enter saves, Escape cancels). */
function TableName({
  tableId,
  name,
  canEdit,
}: {
  tableId: string;
  name: string;
  canEdit: boolean;
}) {
  const rename = useRenameTable();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (draft === null) return;
    const next = draft.trim();
    if (next === name || next === "") {
      setDraft(null);
      setError(null);
      return;
    }
    try {
      await rename.mutateAsync({ tableId, name: next });
      setDraft(null);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not rename.");
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      setDraft(null);
      setError(null);
    }
  };
  if (draft !== null)
    return (
      <div className="grid min-w-0 flex-1 gap-1">
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => void save()}
          onKeyDown={onKeyDown}
          autoFocus
          aria-label="Table name"
          aria-invalid={error ? true : undefined}
          className="h-9 max-w-xl font-semibold text-lg"
          data-testid="table-name-input"
        />
        {error ? (
          <p role="alert" className="text-destructive text-xs">
            {error}
          </p>
        ) : null}
      </div>
    );
  return (
    <h1 className="min-w-0 truncate font-semibold text-xl tracking-tight" data-testid="table-name">
      {canEdit ? (
        <button
          type="button"
          onClick={() => setDraft(name)}
          title="Rename"
          className={cn(
            "block w-full truncate rounded-md text-left outline-none",
            "hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring",
          )}
        >
          {name}
        </button>
      ) : (
        name
      )}
    </h1>
  );
}

function EmptyTable(props: {
  hasRows: boolean;
  hasColumns: boolean;
  canEdit: boolean;
  tableId: string;
  onAddColumn: () => void;
}) {
  const steps = [
    {
      done: props.hasRows,
      icon: FileStack,
      title: "Add documents",
      text: "Files, a whole folder, or the hits of a search. Each document is a row.",
      action: props.canEdit && !props.hasRows ? <AddDocumentsMenu tableId={props.tableId} /> : null,
    },
    {
      done: props.hasColumns,
      icon: Columns3,
      title: "Add questions",
      text: "Each question is a column, typed: yes or no, a date, an amount, one of a list…",
      action:
        props.canEdit && !props.hasColumns ? (
          <Button size="sm" variant="outline" onClick={props.onAddColumn}>
            <Plus aria-hidden="true" />
            Add column
          </Button>
        ) : null,
    },
  ];
  return (
    <section
      data-testid="table-empty"
      className="flex flex-1 flex-col items-center justify-center rounded-lg border border-dashed bg-card/20 px-6 py-12 text-center"
    >
      <h2 className="font-semibold text-base">
        {props.canEdit ? "Set up the table" : "This table is still empty"}
      </h2>
      <p className="mt-1.5 max-w-md text-muted-foreground text-sm">
        Then press Fill: every cell gets a short answer, an explanation and the passages it rests
        on.
      </p>
      <ol className="mt-6 grid w-full max-w-2xl gap-3 text-left sm:grid-cols-2">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className={cn("rounded-lg border bg-background/60 p-4", step.done && "opacity-60")}
          >
            <span className="flex items-center gap-2 font-medium text-sm">
              <span
                className={cn(
                  "flex size-6 items-center justify-center rounded-md text-[12px]",
                  step.done ? "bg-success/15 text-success" : "bg-primary/12 text-primary",
                )}
              >
                {step.done ? "✓" : index + 1}
              </span>
              {step.title}
              <step.icon aria-hidden="true" className="ml-auto size-4 text-muted-foreground" />
            </span>
            <p className="mt-2 text-[12.5px] text-muted-foreground leading-relaxed">{step.text}</p>
            {step.action ? <div className="mt-3">{step.action}</div> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
