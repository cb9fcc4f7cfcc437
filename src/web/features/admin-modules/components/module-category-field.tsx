import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { type ModuleCategory, moduleCategoryNameSchema } from "#shared/schemas/module.ts";
import { formErrorFrom } from "../../../components/forms/form-errors.ts";
import { Button } from "../../../components/ui/button.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { moduleCategoriesOptions } from "../api/admin-module-queries.ts";
import { useCreateModuleCategory } from "../hooks/use-module-mutations.ts";
import { selectClass } from "./select-class.ts";

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
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  // A category just added is offered at once, before the live list brings it.
  const [added, setAdded] = useState<ModuleCategory[]>([]);
  const listed = categories.data ?? [];
  const choices = [...listed, ...added.filter((a) => !listed.some((c) => c._id === a._id))];

  const close = () => {
    setAdding(false);
    setName("");
    setNameError(undefined);
  };
  const add = async () => {
    const parsed = moduleCategoryNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      const category = await create.mutateAsync({ name: parsed.data });
      setAdded((prev) => [...prev, category]);
      onChange(category._id);
      close();
    } catch (cause) {
      const errors = formErrorFrom<{ name: string }>(cause, ["name"]);
      setNameError(errors.name ?? errors.form);
    }
  };
  // Enter adds the category; it must not submit the module form around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void add();
    } else if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
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
              className="inline-flex items-center gap-1 text-muted-foreground text-xs hover:text-foreground"
              data-testid="module-form-category-new"
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
          data-testid="module-form-category"
          className={selectClass}
        >
          <option value="">No category (shown under Other)</option>
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
              data-testid="module-form-category-name"
            />
          </FormField>
          <div className="mt-6 flex gap-1">
            <Button
              type="button"
              size="sm"
              onClick={() => void add()}
              disabled={create.isPending}
              data-testid="module-form-category-add"
            >
              {create.isPending ? <Spinner /> : null}
              Add
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
