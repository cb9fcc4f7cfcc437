import {
  type AnswerType,
  newColumnSchema,
  TABLE_LIMITS,
  type TableColumn,
} from "#shared/schemas/review-table.ts";

/** The column dialog's fields as typed. */
export interface ColumnDraft {
  question: string;
  answerType: AnswerType;
  instructions: string;
  options: string[];
}

export type ColumnErrors = Partial<
  Record<"question" | "instructions" | "options" | "form", string>
> & {
  /** One message per option input, by index. */
  option?: Record<number, string>;
};

export type ColumnInput = {
  question: string;
  answerType: AnswerType;
  instructions?: string;
  options?: string[];
};

export const CHOICE_OPTIONS_REQUIRED = "Add at least one option";

export function draftOf(column: TableColumn | null): ColumnDraft {
  if (!column) return { question: "", answerType: "text", instructions: "", options: [""] };
  return {
    question: column.question,
    answerType: column.answerType,
    instructions: column.instructions ?? "",
    options: column.options.length > 0 ? [...column.options] : [""],
  };
}

/**
 * Checks a draft with the shared schema (its messages), plus what only the
 * dialog can know: "one of a list" needs options. Options of other types are
 * dropped; trailing blank option inputs are ignored.
 */
export function validateColumn(
  draft: ColumnDraft,
): { ok: true; value: ColumnInput } | { ok: false; errors: ColumnErrors } {
  const isChoice = draft.answerType === "choice";
  const options = isChoice ? trimTrailingBlanks(draft.options) : undefined;
  const result = newColumnSchema.safeParse({
    question: draft.question,
    answerType: draft.answerType,
    instructions: draft.instructions,
    options,
  });
  const errors: ColumnErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      if (field === "options" && typeof index === "number") {
        errors.option ??= {};
        errors.option[index] ??= issue.message;
      } else if (field === "question" || field === "instructions" || field === "options") {
        errors[field] ??= issue.message;
      } else errors.form ??= issue.message;
    }
  }
  if (isChoice && (options?.length ?? 0) === 0) errors.options ??= CHOICE_OPTIONS_REQUIRED;
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const value = result.data;
  return {
    ok: true,
    value: {
      question: value.question,
      answerType: value.answerType,
      instructions: value.instructions ?? "",
      ...(isChoice ? { options: value.options ?? [] } : {}),
    },
  };
}

function trimTrailingBlanks(options: string[]): string[] {
  const copy = [...options];
  while (copy.length > 0 && copy.at(-1)?.trim() === "") copy.pop();
  return copy;
}

/** What changed from the column as saved (updateColumn takes only those fields). */
export function columnChanges(column: TableColumn, value: ColumnInput): Partial<ColumnInput> {
  const changes: Partial<ColumnInput> = {};
  if (value.question !== column.question) changes.question = value.question;
  if (value.answerType !== column.answerType) changes.answerType = value.answerType;
  if ((value.instructions ?? "") !== (column.instructions ?? ""))
    changes.instructions = value.instructions ?? "";
  if (
    value.answerType === "choice" &&
    JSON.stringify(value.options ?? []) !== JSON.stringify(column.options)
  )
    changes.options = value.options ?? [];
  return changes;
}

export const OPTIONS_MAX = TABLE_LIMITS.optionsMax;
