import { useQuery } from "@tanstack/react-query";
import CircleCheck from "lucide-react/icons/circle-check";
import { moduleSlugSchema } from "#shared/schemas/module.ts";
import { FormField } from "../../../components/ui/form-field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { slugCheckOptions } from "../api/admin-module-queries.ts";

export const SLUG_AVAILABLE = "Slug is available";
export const SLUG_TAKEN = "This slug is already used by another module";

interface SlugFieldProps {
  value: string;
  onChange: (slug: string) => void;
  error?: string;
  /** The module being edited (its own slug is available to it). */
  moduleId?: string;
}

/** The slug, checked with modules.checkSlug once typing pauses. */
export function SlugField({ value, onChange, error, moduleId }: SlugFieldProps) {
  const settled = useDebouncedValue(value.trim(), 350);
  const shape = moduleSlugSchema.safeParse(settled);
  const wellFormed = shape.success;
  const check = useQuery({
    ...slugCheckOptions(settled, moduleId),
    enabled: wellFormed,
  });
  const current = wellFormed && settled === value.trim() ? check.data : undefined;
  // Once typing pauses, a slug of the wrong shape says so (an empty one waits for submit).
  const shapeError =
    !wellFormed && settled !== "" && settled === value.trim()
      ? shape.error?.issues[0]?.message
      : undefined;
  const shownError = error ?? shapeError ?? (current?.available === false ? SLUG_TAKEN : undefined);
  return (
    <div className="grid gap-1.5">
      <FormField
        label="Slug"
        error={shownError}
        description={`The module's address: /modules/${value.trim() || "…"}`}
      >
        <Input
          value={value}
          onChange={(e) => onChange(e.target.value)}
          spellCheck={false}
          autoCapitalize="off"
          className="font-mono text-[13px]"
          data-testid="module-form-slug"
        />
      </FormField>
      {!shownError && current?.available ? (
        <p
          className="flex items-center gap-1.5 text-emerald-600 text-xs dark:text-emerald-400"
          data-testid="module-form-slug-available"
        >
          <CircleCheck aria-hidden="true" className="size-3.5" />
          {SLUG_AVAILABLE}
        </p>
      ) : null}
    </div>
  );
}
