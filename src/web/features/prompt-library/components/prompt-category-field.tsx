import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { type PromptCategory, promptCategoryNameSchema } from "#shared/schemas/prompt.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { promptCategoriesOptions } from "../api/prompt-queries.ts";
import { useCreatePromptCategory } from "../hooks/use-prompt-mutations.ts";

interface PromptCategoryFieldProps {
  /** The chosen category's id; "" for none. */
  value: string;
  onChange: (categoryId: string) => void;
  error?: string;
  /** A global prompt: only global categories, and a new one is global. */
  global: boolean;
  testId: string;
}

/**
 * The prompt form's category: one of listCategories, or a new one typed in
 * place (prompts.createCategory), which is then chosen.
 */
export function PromptCategoryField({
  value,
  onChange,
  error,
  global,
  testId,
}: PromptCategoryFieldProps) {
  const categories = useQuery(promptCategoriesOptions());
  const create = useCreatePromptCategory();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  // A category just added is offered at once, before the live list brings it.
  const [added, setAdded] = useState<PromptCategory[]>([]);
  const listed = categories.data ?? [];
  const choices = [...listed, ...added.filter((a) => !listed.some((c) => c._id === a._id))]
    .filter((c) => !global || c.isGlobal)
    .sort((a, b) => a.name.localeCompare(b.name));

  const add = async () => {
    const parsed = promptCategoryNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const category = await create.mutateAsync({ name: parsed.data, global: global || undefined });
      setAdded((prev) => [...prev, category]);
      onChange(category._id);
      setAdding(false);
      setName("");
      setNameError(undefined);
    } catch (cause) {
      const errors = formErrorFrom<{ name: string }>(cause, ["name"]);
      setNameError(errors.name ?? errors.form);
    }
  };
  // Enter adds the category; it must not submit the prompt form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    void add();
  };

  return (
    <div className="grid gap-2">
      <FormField
        label="Category"
        error={error}
        aside={
          adding ? undefined : (
            <button
              type="button"
              onClick={() => setAdding(true)}
              className="inline-flex items-center gap-1 text-xs text-muted-foreground hover:text-foreground"
              data-testid={`${testId}-category-new`}
            >
              <Plus className="size-3" aria-hidden />
              New category
            </button>
          )
        }
      >
        <select
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid={`${testId}-category`}
          className={cn(
            "h-9 w-full rounded-md border border-input bg-background/40 px-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25",
          )}
        >
          <option value="">No category</option>
          {choices.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </FormField>
      {adding ? (
        <div className="flex items-start gap-2">
          <FormField label="New category" error={nameError} className="flex-1">
            <Input
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
              onKeyDown={onKeyDown}
              autoFocus
              data-testid={`${testId}-category-name`}
            />
          </FormField>
          <div className="mt-6 flex gap-1">
            <Button
              type="button"
              size="sm"
              onClick={() => void add()}
              disabled={create.isPending}
              data-testid={`${testId}-category-add`}
            >
              {create.isPending ? <Spinner /> : null}
              Add
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setAdding(false);
                setName("");
                setNameError(undefined);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
