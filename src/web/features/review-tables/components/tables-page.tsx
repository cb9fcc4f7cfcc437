import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import Columns3 from "lucide-react/icons/columns-3";
import MoreHorizontal from "lucide-react/icons/ellipsis";
import FileStack from "lucide-react/icons/file-stack";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Share2 from "lucide-react/icons/share-2";
import Sparkles from "lucide-react/icons/sparkles";
import Table2 from "lucide-react/icons/table-2";
import Trash2 from "lucide-react/icons/trash";
import Users from "lucide-react/icons/users";
import { type ReactNode, useState } from "react";
import type { TableSummary } from "#shared/schemas/review-table.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { usePageTitle } from "../../../components/use-page-title.ts";
import { formatAgo } from "../../../lib/format-date.ts";
import { formatNumber } from "../../../lib/format-figures.ts";
import { tableListOptions } from "../api/table-queries.ts";
import { useCreateTable, useRemoveTable, useRenameTable } from "../hooks/use-table-mutations.ts";
import { formatShape, progressRatio } from "../lib/format.ts";
import { RoleBadge } from "./role-badge.tsx";
import { ShareTableDialog } from "./share-table-dialog.tsx";
import { TableListSkeleton } from "./skeletons.tsx";
import { TableNameDialog } from "./table-dialogs.tsx";

type Dialog =
  | { kind: "create" }
  | { kind: "rename"; table: TableSummary }
  | { kind: "delete"; table: TableSummary }
  | { kind: "share"; table: TableSummary }
  | null;

/**
 * /modules/table: the review tables I can see (mine and shared with me),
 * latest change first, live: a table filling elsewhere moves its bar here.
 */
export function TablesPage() {
  usePageTitle("Review tables");
  const list = useQuery(tableListOptions());
  const navigate = useNavigate();
  const create = useCreateTable();
  const rename = useRenameTable();
  const remove = useRemoveTable();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = (open: boolean) => !open && setDialog(null);

  const newButton = (
    <Button onClick={() => setDialog({ kind: "create" })} data-testid="new-table">
      <Plus aria-hidden="true" />
      New table
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10">
      <PageHeader
        title="Review tables"
        description="Ask the same questions of many documents and get every answer in a table, with the passages it rests on."
        actions={list.data && list.data.length > 0 ? newButton : null}
      />
      <div className="mt-8">
        {list.error ? (
          <Alert variant="error">{list.error.message}</Alert>
        ) : !list.data ? (
          <TableListSkeleton />
        ) : list.data.length === 0 ? (
          <EmptyTables action={newButton} />
        ) : (
          <TableList tables={list.data} onAction={setDialog} />
        )}
      </div>

      <TableNameDialog
        open={dialog?.kind === "create"}
        onOpenChange={close}
        title="New review table"
        description="Name it after what you are reviewing; you add documents and questions next."
        initialName=""
        submitLabel="Create table"
        testId="new-table-dialog"
        onSubmit={async (name) => {
          const { tableId } = await create.mutateAsync({ name });
          void navigate({ to: "/modules/table/$id", params: { id: tableId } });
        }}
      />
      <TableNameDialog
        open={dialog?.kind === "rename"}
        onOpenChange={close}
        title="Rename table"
        description="Everyone the table is shared with sees the new name."
        initialName={dialog?.kind === "rename" ? dialog.table.name : ""}
        submitLabel="Rename"
        testId="rename-table-dialog"
        onSubmit={async (name) => {
          if (dialog?.kind === "rename")
            await rename.mutateAsync({ tableId: dialog.table._id, name });
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === "delete"}
        onOpenChange={close}
        title="Delete this table?"
        description={
          dialog?.kind === "delete"
            ? `“${dialog.table.name}” and its ${formatNumber(dialog.table.rowCount * dialog.table.columnCount)} answers go for everyone it is shared with. The documents stay in the dossier.`
            : ""
        }
        confirmLabel="Delete table"
        destructive
        testId="delete-table-dialog"
        onConfirm={() => {
          if (dialog?.kind === "delete") remove.mutate({ tableId: dialog.table._id });
        }}
      />
      {dialog?.kind === "share" ? (
        <ShareTableDialog
          open
          onOpenChange={close}
          tableId={dialog.table._id}
          tableName={dialog.table.name}
        />
      ) : null}
    </div>
  );
}

function EmptyTables({ action }: { action: ReactNode }) {
  const steps = [
    {
      icon: FileStack,
      title: "Add documents",
      text: "Pick files, a whole folder or the hits of a search: each becomes a row.",
    },
    {
      icon: Columns3,
      title: "Ask questions",
      text: "Each question is a column: a date, an amount, yes or no, one of a list…",
    },
    {
      icon: Sparkles,
      title: "Fill",
      text: "The assistant answers every cell and cites the passages; correct any answer by hand.",
    },
  ];
  return (
    <section
      data-testid="tables-empty"
      className="relative overflow-hidden rounded-xl border bg-card/40 px-6 py-12 text-center sm:px-10"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-48 bg-[radial-gradient(ellipse_60%_80%_at_50%_0%,color-mix(in_oklch,var(--primary)_14%,transparent),transparent)]"
      />
      <div className="relative mx-auto flex size-12 items-center justify-center rounded-xl border bg-card text-primary">
        <Table2 aria-hidden="true" className="size-6" />
      </div>
      <h2 className="relative mt-5 font-semibold text-lg">No review tables yet</h2>
      <p className="relative mx-auto mt-2 max-w-xl text-muted-foreground text-sm">
        A review table asks the same questions of many documents, say the governing law, the renewal
        date and the liability cap of 2,000 contracts, and lays out every answer side by side, each
        one cited, ready to sort, filter and export.
      </p>
      <ol className="relative mx-auto mt-8 grid max-w-3xl gap-3 text-left sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-lg border bg-background/60 p-4">
            <span className="flex items-center gap-2 font-medium text-sm">
              <span className="flex size-6 items-center justify-center rounded-md bg-primary/12 text-[12px] text-primary">
                {index + 1}
              </span>
              {step.title}
              <step.icon aria-hidden="true" className="ml-auto size-4 text-muted-foreground" />
            </span>
            <p className="mt-2 text-[12.5px] text-muted-foreground leading-relaxed">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="relative mt-8 flex justify-center">{action}</div>
    </section>
  );
}

function TableList({
  tables,
  onAction,
}: {
  tables: TableSummary[];
  onAction: (dialog: Dialog) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card/30">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,2fr)_1fr_7rem_10rem_7rem_2rem] gap-4 border-b bg-muted/30 px-4 py-2 font-medium text-[11.5px] text-muted-foreground uppercase tracking-wide md:grid"
      >
        <span>Name</span>
        <span>Owner</span>
        <span>Rows × columns</span>
        <span>Progress</span>
        <span>Updated</span>
        <span />
      </div>
      <ul aria-label="Review tables" data-testid="table-list">
        {tables.map((table) => (
          <TableListItem key={table._id} table={table} onAction={onAction} />
        ))}
      </ul>
    </div>
  );
}

function TableListItem({
  table,
  onAction,
}: {
  table: TableSummary;
  onAction: (dialog: Dialog) => void;
}) {
  const { progress } = table;
  const filling = progress.pending > 0;
  const canEdit = table.role !== "viewer";
  return (
    <li
      data-testid="table-list-item"
      className="group relative grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 border-b px-4 py-3 transition-colors last:border-b-0 hover:bg-accent/25 md:grid-cols-[minmax(0,2fr)_1fr_7rem_10rem_7rem_2rem]"
    >
      <div className="flex min-w-0 items-center gap-2.5">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Table2 aria-hidden="true" className="size-4" />
        </span>
        <Link
          to="/modules/table/$id"
          params={{ id: table._id }}
          className="min-w-0 truncate font-medium text-sm outline-none after:absolute after:inset-0 focus-visible:underline"
          data-testid="table-link"
        >
          {table.name}
        </Link>
        {table.role !== "owner" ? <RoleBadge role={table.role} /> : null}
      </div>
      <span className="hidden min-w-0 items-center gap-1.5 truncate text-[13px] text-muted-foreground md:flex">
        {table.role === "owner" ? "You" : table.ownerName}
        {table.role !== "owner" ? (
          <Users aria-label="Shared with you" className="size-3.5" />
        ) : null}
      </span>
      <span className="hidden text-[13px] text-muted-foreground tabular-nums md:block">
        {formatShape(table.rowCount, table.columnCount)}
      </span>
      <div className="hidden min-w-0 items-center gap-2 md:flex">
        {progress.total === 0 ? (
          <span className="text-[12.5px] text-muted-foreground">Not filled</span>
        ) : (
          <>
            <Progress
              value={progressRatio(progress)}
              label={`${table.name}: answered cells`}
              tone={!filling && progress.done === progress.total ? "success" : "default"}
              className="flex-1"
            />
            <span
              className={cn(
                "w-10 shrink-0 text-right text-[12px] tabular-nums",
                filling ? "text-primary" : "text-muted-foreground",
              )}
            >
              {Math.round(progressRatio(progress) * 100)}%
            </span>
          </>
        )}
      </div>
      <span
        className="text-[12.5px] text-muted-foreground md:text-[13px]"
        title={new Date(table.updatedAt).toLocaleString()}
      >
        {formatAgo(table.updatedAt)}
      </span>
      <div className="relative z-10 col-start-2 row-span-2 row-start-1 flex justify-end md:col-start-auto md:row-span-1 md:row-start-auto">
        {canEdit ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Actions for ${table.name}`}
                data-testid="table-actions"
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem
                onSelect={() => onAction({ kind: "rename", table })}
                data-testid="table-rename"
              >
                <Pencil aria-hidden="true" />
                Rename…
              </DropdownMenuItem>
              {table.role === "owner" ? (
                <>
                  <DropdownMenuItem
                    onSelect={() => onAction({ kind: "share", table })}
                    data-testid="table-share"
                  >
                    <Share2 aria-hidden="true" />
                    Share…
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    variant="destructive"
                    onSelect={() => onAction({ kind: "delete", table })}
                    data-testid="table-delete"
                  >
                    <Trash2 aria-hidden="true" />
                    Delete…
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        ) : null}
      </div>
    </li>
  );
}
