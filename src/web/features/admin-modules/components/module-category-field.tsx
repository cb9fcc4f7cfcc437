import { useQuery } from "@tanstack/react-query";
import { moduleCategoryNameSchema } from "#shared/schemas/module.ts";
import { CategoryField } from "../../../components/forms/category-field.tsx";
import { moduleCategoriesOptions } from "../api/admin-module-queries.ts";
import { useCreateModuleCategory } from "../hooks/use-module-mutations.ts";

interface ModuleCategoryFieldProps {
  /** The chosen category's id; "" for none. */
  value: string;
  onChange: (categoryId: string) => void;
  error?: string;
}

/** One of modules.listCategories, or a new one typed in place (then chosen). */
export function ModuleCategoryField({ value, onChange, error }: ModuleCategoryFieldProps) {
  const categories = useQuery(moduleCategoriesOptions());
  const create = useCreateModuleCategory();
  return (
    <CategoryField
      value={value}
      onChange={onChange}
      error={error}
      choices={categories.data ?? []}
      noneLabel="No category (shown under Other)"
      nameSchema={moduleCategoryNameSchema}
      create={(name) => create.mutateAsync({ name })}
      creating={create.isPending}
      testId="module-form"
    />
  );
}
