import { useQuery } from "@tanstack/react-query";
import FileText from "lucide-react/icons/file-text";
import PenLine from "lucide-react/icons/pen-line";
import Quote from "lucide-react/icons/quote";
import RotateCcw from "lucide-react/icons/rotate-ccw";
import Sparkles from "lucide-react/icons/sparkles";
import { type FormEvent, useState } from "react";
import { cellAnswerSchema, type TableColumn, type TableRow } from "#shared/schemas/review-table.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { formatDateTime } from "../../../lib/format-date.ts";
import { tableCellOptions } from "../api/detail-queries.ts";
import { useGiveBackCell, useSetCell } from "../hooks/use-table-mutations.ts";
import { documentHref } from "../lib/links.ts";
import { AnswerTypeIcon } from "./answer-type-icon.tsx";
import { cellDescription } from "./grid-cell.tsx";
import { InAppLink } from "./in-app-link.tsx";

interface CellPanelProps {
  tableId: string;
  row: TableRow | null;
  column: TableColumn | null;
  canEdit: boolean;
  onClose: () => void;
}

/**
 * One cell beside the grid: the question, the short answer, the model's
 * explanation and the passages it cited (each opens the document there,
 * marked), and for editors a hand correction or giving the cell back to the
 * model. Everything the model wrote is shown as text.
 */
export function CellPanel({ tableId, row, column, canEdit, onClose }: CellPanelProps) {
  const open = row !== null && column !== null;
  return (
    <Sheet open={open} onOpenChange={(next) => !next && onClose()}>
      <SheetContent
        data-testid="cell-panel"
        aria-describedby="cell-panel-description"
        className="sm:max-w-xl"
      >
        {row && column ? (
          <CellDetail
            key={`${row._id}:${column._id}`}
            tableId={tableId}
            row={row}
            column={column}
            canEdit={canEdit}
          />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

function CellDetail({
  tableId,
  row,
  column,
  canEdit,
}: {
  tableId: string;
  row: TableRow;
  column: TableColumn;
  canEdit: boolean;
}) {
  const query = useQuery(tableCellOptions(tableId, row._id, column._id));
  const cell = query.data;
  const [editing, setEditing] = useState(false);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="border-b px-6 pt-5 pb-4 pr-14">
        <p className="flex items-center gap-1.5 text-[12px] text-muted-foreground">
          <FileText aria-hidden="true" className="size-3.5" />
          <span className="truncate" data-testid="cell-panel-document">
            {row.documentName ?? "Document not available"}
          </span>
        </p>
        <SheetTitle className="mt-1.5 flex items-start gap-2 font-semibold text-base leading-snug">
          <AnswerTypeIcon type={column.answerType} className="mt-1" />
          <span data-testid="cell-panel-question">{column.question}</span>
        </SheetTitle>
        <SheetDescription id="cell-panel-description" className="sr-only">
          The answer, its explanation and the passages it cites.
        </SheetDescription>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
        {query.error ? (
          <Alert variant="error">{query.error.message}</Alert>
        ) : !cell ? (
          <div role="status" aria-label="Loading the cell" className="grid gap-3">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="mt-4 h-20 w-full" />
          </div>
        ) : (
          <div className="grid gap-6">
            <section aria-labelledby="cell-answer-heading" className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3
                  id="cell-answer-heading"
                  className="font-medium text-[12px] text-muted-foreground uppercase tracking-wide"
                >
                  Answer
                </h3>
                {cell.edited ? (
                  <span
                    data-testid="cell-panel-edited"
                    className="inline-flex items-center gap-1 rounded-full bg-warning/12 px-2 py-0.5 text-[11.5px] text-warning"
                  >
                    <PenLine aria-hidden="true" className="size-3" />
                    Corrected{cell.editedBy ? ` by ${cell.editedBy.name}` : " by hand"}
                  </span>
                ) : null}
              </div>
              {editing ? (
                <EditAnswer
                  tableId={tableId}
                  rowId={row._id}
                  columnId={column._id}
                  initial={cell.answer ?? ""}
                  onDone={() => setEditing(false)}
                />
              ) : (
                <>
                  <p
                    data-testid="cell-panel-answer"
                    className="whitespace-pre-wrap break-words font-medium text-[15px] leading-relaxed"
                  >
                    {cell.answer ?? (
                      <span className="font-normal text-muted-foreground">
                        {cellDescription(cell)}
                      </span>
                    )}
                  </p>
                  {cell.status === "failed" && cell.error ? (
                    <Alert variant="error">{cell.error} Use Fill to try this cell again.</Alert>
                  ) : null}
                  {cell.edited && cell.modelAnswer ? (
                    <p className="text-[12.5px] text-muted-foreground">
                      The model answered:{" "}
                      <span className="text-foreground/80">{cell.modelAnswer}</span>
                    </p>
                  ) : null}
                  {canEdit ? (
                    <div className="mt-1 flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(true)}
                        data-testid="cell-edit"
                      >
                        <PenLine aria-hidden="true" />
                        Edit answer
                      </Button>
                      {cell.edited ? (
                        <GiveBack tableId={tableId} rowId={row._id} columnId={column._id} />
                      ) : null}
                    </div>
                  ) : null}
                </>
              )}
            </section>

            {cell.explanation ? (
              <section aria-labelledby="cell-explanation-heading" className="grid gap-2">
                <h3
                  id="cell-explanation-heading"
                  className="font-medium text-[12px] text-muted-foreground uppercase tracking-wide"
                >
                  Explanation
                </h3>
                <p
                  data-testid="cell-panel-explanation"
                  className="whitespace-pre-wrap break-words text-[13.5px] text-foreground/85 leading-relaxed"
                >
                  {cell.explanation}
                </p>
              </section>
            ) : null}

            <section aria-labelledby="cell-citations-heading" className="grid gap-2">
              <h3
                id="cell-citations-heading"
                className="font-medium text-[12px] text-muted-foreground uppercase tracking-wide"
              >
                Citations {cell.citations.length > 0 ? `(${cell.citations.length})` : null}
              </h3>
              {cell.citations.length === 0 ? (
                <p className="text-[13px] text-muted-foreground">
                  {cell.status === "done" && !cell.edited
                    ? "The answer cites no passage."
                    : "No passage cited."}
                </p>
              ) : (
                <ol className="grid gap-2">
                  {cell.citations.map((citation, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: citations have no id and keep their order
                    <li key={index}>
                      <InAppLink
                        href={documentHref(citation.documentId, citation.quote)}
                        data-testid="cell-citation"
                        className="group block rounded-lg border bg-card/60 p-3 outline-none transition-colors hover:border-primary/50 hover:bg-accent/30 focus-visible:ring-2 focus-visible:ring-ring"
                        aria-label={`Open the document at citation ${index + 1}${citation.page ? `, page ${citation.page}` : ""}`}
                      >
                        <span className="flex items-center gap-2 text-[11.5px] text-muted-foreground">
                          <Quote aria-hidden="true" className="size-3 text-primary" />
                          {citation.page ? `Page ${citation.page}` : `Passage ${index + 1}`}
                          <span className="ml-auto opacity-0 transition-opacity group-hover:opacity-100">
                            Open in document →
                          </span>
                        </span>
                        <blockquote className="mt-1.5 line-clamp-6 border-primary/40 border-l-2 pl-3 text-[13px] text-foreground/85 leading-relaxed">
                          {citation.quote}
                        </blockquote>
                      </InAppLink>
                    </li>
                  ))}
                </ol>
              )}
            </section>

            <p className="text-[11.5px] text-muted-foreground">
              {cell.modelId ? (
                <>
                  <span className="inline-flex items-center gap-1">
                    <Sparkles aria-hidden="true" className="size-3" />
                    {cell.modelId}
                  </span>
                  {" · "}
                </>
              ) : null}
              Updated {formatDateTime(cell.updatedAt)}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

function EditAnswer(props: {
  tableId: string;
  rowId: string;
  columnId: string;
  initial: string;
  onDone: () => void;
}) {
  const [text, setText] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const setCell = useSetCell();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = cellAnswerSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Invalid answer");
      return;
    }
    try {
      await setCell.mutateAsync({
        tableId: props.tableId,
        rowId: props.rowId,
        columnId: props.columnId,
        answer: parsed.data,
      });
      props.onDone();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not save the answer.");
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" data-testid="cell-edit-form">
      <Textarea
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        rows={3}
        autoFocus
        aria-label="Corrected answer"
        aria-invalid={error ? true : undefined}
        data-testid="cell-edit-input"
      />
      {error ? (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : (
        <p className="text-muted-foreground text-xs">
          A corrected answer is kept when the table is filled again.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={setCell.isPending} data-testid="cell-edit-save">
          {setCell.isPending ? <Spinner /> : null}
          Save answer
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function GiveBack({
  tableId,
  rowId,
  columnId,
}: {
  tableId: string;
  rowId: string;
  columnId: string;
}) {
  const setCell = useGiveBackCell();
  return (
    <Button
      size="sm"
      variant="ghost"
      disabled={setCell.isPending}
      onClick={() => setCell.mutate({ tableId, rowId, columnId, answer: null })}
      data-testid="cell-give-back"
    >
      <RotateCcw aria-hidden="true" />
      Give back to the model
    </Button>
  );
}
