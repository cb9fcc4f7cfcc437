import { useId } from "react";
import { cn } from "../../../components/ui/cn.ts";

interface SuperadminSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  description?: string;
}

/** The superadmin flag: a labelled switch (role="switch"), usable by keyboard. */
export function SuperadminSwitch({
  checked,
  onChange,
  disabled,
  description,
}: SuperadminSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/20 p-3.5">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-sm">
          Superadmin
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-muted-foreground text-xs">
          {description ?? "Manages every organization and user from /admin."}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        data-testid="admin-user-superadmin"
        className={cn(
          "relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border-2 border-transparent transition-colors",
          "outline-none focus-visible:ring-3 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50",
          checked ? "bg-primary" : "bg-input",
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            "block size-4 rounded-full bg-background shadow transition-transform",
            checked ? "translate-x-4" : "translate-x-0",
          )}
        />
      </button>
    </div>
  );
}
