import { useQuery } from "@tanstack/react-query";
import { promptCategoryNameSchema } from "#shared/schemas/prompt.ts";
import { CategoryField } from "../../../components/forms/category-field.tsx";
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
  const choices = (categories.data ?? [])
    .filter((c) => !global || c.isGlobal)
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <CategoryField
      value={value}
      onChange={onChange}
      error={error}
      choices={choices}
      noneLabel="No category"
      nameSchema={promptCategoryNameSchema}
      create={(name) => create.mutateAsync({ name, global: global || undefined })}
      creating={create.isPending}
      testId={testId}
    />
  );
}
