import Ban from "lucide-react/icons/ban";
import { MODULE_ICONS } from "#shared/schemas/module.ts";
import { MODULE_ICON_COMPONENTS } from "../../../components/module-icon.tsx";
import { cn } from "../../../components/ui/cn.ts";

const tile = (selected: boolean) =>
  cn(
    "flex size-9 cursor-pointer items-center justify-center rounded-md border outline-none transition-colors",
    "focus-visible:ring-2 focus-visible:ring-ring",
    selected
      ? "border-primary bg-primary/15 text-primary"
      : "border-input text-muted-foreground hover:bg-accent hover:text-foreground",
  );

/** One of MODULE_ICONS, or none. */
export function ModuleIconPicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (icon: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-[13px] text-foreground/90 leading-none">Icon</legend>
      <div className="flex flex-wrap gap-1.5" data-testid="module-form-icons">
        <button
          type="button"
          aria-pressed={value === ""}
          aria-label="No icon"
          title="No icon"
          onClick={() => onChange("")}
          className={tile(value === "")}
        >
          <Ban aria-hidden="true" className="size-4" />
        </button>
        {MODULE_ICONS.map((name) => {
          const Icon = MODULE_ICON_COMPONENTS[name];
          return (
            <button
              key={name}
              type="button"
              aria-pressed={value === name}
              aria-label={name}
              title={name}
              onClick={() => onChange(name)}
              className={tile(value === name)}
              data-testid={`module-icon-${name}`}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
