import { type FormEvent, useState } from "react";
import type { TableColumn } from "#shared/schemas/review-table.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { type ColumnFilter, filterKindOf } from "../lib/grid-model.ts";

/** Choices a "one of a list" filter offers: the column's options, else the answers seen. */
function choicesOf(column: TableColumn, seen: readonly string[]): readonly string[] {
  return column.options.length > 0 ? column.options : seen;
}

/** Filter the rows by one column's answers, in the terms of its answer type. */
export function FilterDialog(props: {
  column: TableColumn | null;
  current: ColumnFilter | undefined;
  /** Distinct answers of the column (for a choice column without options). */
  seenValues: readonly string[];
  onApply: (columnId: string, filter: ColumnFilter | null) => void;
  onClose: () => void;
}) {
  const { column } = props;
  return (
    <Dialog open={column !== null} onOpenChange={(open) => !open && props.onClose()}>
      <DialogContent data-testid="filter-dialog" aria-describedby="filter-dialog-description">
        {column ? (
          <FilterForm
            key={column._id}
            column={column}
            current={props.current}
            seenValues={props.seenValues}
            onApply={(filter) => {
              props.onApply(column._id, filter);
              props.onClose();
            }}
            onCancel={props.onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function FilterForm({
  column,
  current,
  seenValues,
  onApply,
  onCancel,
}: {
  column: TableColumn;
  current: ColumnFilter | undefined;
  seenValues: readonly string[];
  onApply: (filter: ColumnFilter | null) => void;
  onCancel: () => void;
}) {
  const kind = filterKindOf(column.answerType);
  const [text, setText] = useState(current?.kind === "contains" ? current.text : "");
  const [yes, setYes] = useState(current?.kind === "yesNo" ? current.value : true);
  const [min, setMin] = useState(
    current?.kind === "range" && current.min !== null ? String(current.min) : "",
  );
  const [max, setMax] = useState(
    current?.kind === "range" && current.max !== null ? String(current.max) : "",
  );
  const [from, setFrom] = useState(current?.kind === "dateRange" ? (current.from ?? "") : "");
  const [to, setTo] = useState(current?.kind === "dateRange" ? (current.to ?? "") : "");
  const [values, setValues] = useState<Set<string>>(
    new Set(current?.kind === "oneOf" ? current.values : []),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (value: string) => {
      const parsed = Number.parseFloat(value);
      return value.trim() === "" || !Number.isFinite(parsed) ? null : parsed;
    };
    switch (kind) {
      case "yesNo":
        return onApply({ kind, value: yes });
      case "range":
        return onApply({ kind, min: number(min), max: number(max) });
      case "dateRange":
        return onApply({ kind, from: from || null, to: to || null });
      case "oneOf":
        return onApply({ kind, values: [...values] });
      default:
        return onApply({ kind: "contains", text });
    }
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Filter rows</DialogTitle>
        <DialogDescription id="filter-dialog-description">
          Show the rows whose answer to “{column.question}” matches. Cells without an answer are
          hidden while the filter is on.
        </DialogDescription>
      </DialogHeader>
      {kind === "yesNo" ? (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">Answer</legend>
          {[true, false].map((value) => (
            <label key={String(value)} className="flex items-center gap-2">
              <input
                type="radio"
                name="yes-no"
                checked={yes === value}
                onChange={() => setYes(value)}
                className="accent-primary"
              />
              {value ? "Yes" : "No"}
            </label>
          ))}
        </fieldset>
      ) : kind === "range" ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="filter-min">At least</Label>
            <Input
              id="filter-min"
              type="number"
              inputMode="decimal"
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-max">At most</Label>
            <Input
              id="filter-max"
              type="number"
              inputMode="decimal"
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </div>
        </div>
      ) : kind === "dateRange" ? (
        <div className="grid grid-cols-2 gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="filter-from">From</Label>
            <Input
              id="filter-from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="filter-to">To</Label>
            <Input id="filter-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
        </div>
      ) : kind === "oneOf" ? (
        <fieldset className="grid max-h-60 gap-1.5 overflow-y-auto text-sm">
          <legend className="sr-only">Answers to show</legend>
          {choicesOf(column, seenValues).length === 0 ? (
            <p className="text-muted-foreground">No answers yet.</p>
          ) : (
            choicesOf(column, seenValues).map((choice) => (
              <label key={choice} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={values.has(choice)}
                  onChange={(event) =>
                    setValues((previous) => {
                      const next = new Set(previous);
                      if (event.target.checked) next.add(choice);
                      else next.delete(choice);
                      return next;
                    })
                  }
                />
                {choice}
              </label>
            ))
          )}
        </fieldset>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor="filter-text">Answer contains</Label>
          <Input
            id="filter-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoFocus
            data-testid="filter-text"
          />
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={() => onApply(null)}>
          Clear filter
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" data-testid="filter-apply">
          Apply
        </Button>
      </DialogFooter>
    </form>
  );
}
