import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { type FormEvent, useEffect, useState } from "react";
import {
  ANSWER_TYPE_LABELS,
  ANSWER_TYPES,
  type AnswerType,
  TABLE_LIMITS,
  type TableColumn,
} from "#shared/schemas/review-table.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { selectClass } from "../../../components/ui/select-class.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import {
  type ColumnDraft,
  type ColumnErrors,
  type ColumnInput,
  draftOf,
  OPTIONS_MAX,
  validateColumn,
} from "../lib/column-form.ts";

const HINTS: Record<AnswerType, string> = {
  text: "A short answer in words.",
  yesNo: "Yes or no; sorts and filters as such.",
  date: "A calendar day; sorts by date and filters by a range.",
  number: "A number; sorts numerically and filters by a range.",
  currency: "An amount of money; sorts by amount.",
  choice: "Exactly one of the options you list; filters by option.",
  list: "Several short items, such as parties or obligations.",
};

interface ColumnDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The column being edited, or null for a new one. */
  column: TableColumn | null;
  /** Saves; a thrown error is shown in the dialog, which stays open. */
  onSubmit: (value: ColumnInput) => Promise<void>;
}

/**
 * Add or edit a column: the question, how its answers are typed, optional
 * instructions, and the options of a "one of a list" column, with the shared
 * schema's messages beside each field.
 */
export function ColumnDialog({ open, onOpenChange, column, onSubmit }: ColumnDialogProps) {
  const [draft, setDraft] = useState<ColumnDraft>(() => draftOf(column));
  const [errors, setErrors] = useState<ColumnErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(column));
    setErrors({});
  }, [open, column]);

  const update = (patch: Partial<ColumnDraft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };
  const setOption = (index: number, value: string) =>
    update({ options: draft.options.map((option, i) => (i === index ? value : option)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const result = validateColumn(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setSaving(true);
    try {
      await onSubmit(result.value);
      onOpenChange(false);
    } catch (error) {
      setErrors(formErrorFrom(error, ["question", "instructions", "options"]));
    } finally {
      setSaving(false);
    }
  };

  const editing = column !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="column-dialog"
        aria-describedby="column-dialog-description"
        className="sm:max-w-lg"
      >
        <DialogHeader>
          <DialogTitle>{editing ? "Edit column" : "Add a column"}</DialogTitle>
          <DialogDescription id="column-dialog-description">
            {editing
              ? "Changing the question, its type, instructions or options asks it again of every document; answers corrected by hand stay."
              : "A question asked of every document in the table. Each answer comes with the passages it rests on."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {errors.form ? <Alert variant="error">{errors.form}</Alert> : null}
          <FormField label="Question" error={errors.question}>
            <Textarea
              value={draft.question}
              onChange={(event) => update({ question: event.target.value })}
              rows={2}
              maxLength={TABLE_LIMITS.questionMax + 50}
              placeholder="What is the governing law?"
              autoFocus
              data-testid="column-question"
            />
          </FormField>
          <FormField label="Answer type" description={HINTS[draft.answerType]}>
            <select
              value={draft.answerType}
              onChange={(event) => update({ answerType: event.target.value as AnswerType })}
              className={selectClass}
              data-testid="column-type"
            >
              {ANSWER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {ANSWER_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </FormField>
          {draft.answerType === "choice" ? (
            <fieldset className="grid gap-2" data-testid="column-options">
              <legend className="mb-2 font-medium text-sm">Options</legend>
              {draft.options.map((option, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                  key={index}
                  className="grid gap-1"
                >
                  <div className="flex items-center gap-2">
                    <Input
                      value={option}
                      onChange={(event) => setOption(index, event.target.value)}
                      aria-label={`Option ${index + 1}`}
                      aria-invalid={errors.option?.[index] ? true : undefined}
                      placeholder={index === 0 ? "France" : "Another option"}
                      data-testid="column-option"
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove option ${index + 1}`}
                      disabled={draft.options.length === 1}
                      onClick={() =>
                        update({ options: draft.options.filter((_, i) => i !== index) })
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </div>
                  {errors.option?.[index] ? (
                    <p role="alert" className="text-destructive text-xs">
                      {errors.option[index]}
                    </p>
                  ) : null}
                </div>
              ))}
              {errors.options ? (
                <p role="alert" className="text-destructive text-xs">
                  {errors.options}
                </p>
              ) : null}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={draft.options.length >= OPTIONS_MAX}
                onClick={() => update({ options: [...draft.options, ""] })}
                data-testid="column-add-option"
              >
                <Plus aria-hidden="true" />
                Add option
              </Button>
            </fieldset>
          ) : null}
          <FormField
            label="Instructions (optional)"
            error={errors.instructions}
            description="How to answer: where to look, what format, what to do when the document is silent."
          >
            <Textarea
              value={draft.instructions}
              onChange={(event) => update({ instructions: event.target.value })}
              rows={3}
              data-testid="column-instructions"
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving} data-testid="column-submit">
              {saving ? <Spinner /> : null}
              {editing ? "Save column" : "Add column"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
